import CiteFeedExchange
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

extension Home {
    /// `import`: the records `reader` reads (from the file called `name`, in `format`) added to
    /// the library in one transaction, every rotation refreshed and its outputs written. A file
    /// that gives no citation at all is refused (`ImportError.noCitations`: never a silent loss);
    /// a dry run goes through every record, to say what each would do, and changes nothing.
    package func importRecords(
        _ reader: ImportReader, name: String, format: ImportFormat, extraTags: [String], skipInvalid: Bool, dryRun: Bool = false,
        progress: ((ImportProgress) -> Void)? = nil
    ) throws -> ImportResult {
        /// A dry run's import, undone with the transaction it ran in.
        struct DryRun: Error { var result: ImportResult }
        let now = try now()
        do {
            return try library().withoutForeignKeyChecks {
                try change(canChangeShown: false) {
                    let result = try $0.importRecords(
                        from: reader, extraTags: extraTags, skipInvalid: skipInvalid || dryRun, now: now, progress: progress)
                    if result.imported + result.duplicates + result.invalid.count == 0 {
                        throw ImportError.noCitations(name, format, skipped: reader.skipped)
                    }
                    if dryRun { throw DryRun(result: result) }
                    return result
                }
            }
        } catch let run as DryRun {
            return run.result
        }
    }
}
