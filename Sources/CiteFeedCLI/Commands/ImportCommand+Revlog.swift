import CiteFeedExchange
import CiteFeedModel
import CiteFeedService
import CiteFeedSupport

extension ImportCommand {
    /// `import --format revlog FILE`: the answers of the FSRS tools' review log added to the
    /// library's cards (`Home.importRevlog`); "added N answers to M cards".
    func importRevlog(_ raw: [UInt8], name: String, _ context: Context) throws {
        if !tags.isEmpty { throw UsageError.other("--tag tags citations; a review log adds answers to cards the library has") }
        if skipInvalid {
            throw UsageError.other("--skip-invalid does not apply to a review log: a line for a card the library lacks is never guessed")
        }
        let lines = try RevlogCSV.read(raw, name: name)
        guard !lines.isEmpty else { throw ImportError.malformed(name, "it holds the header and no answer") }
        let result = try context.home.importRevlog(lines, dryRun: dryRun)
        let answers = ImportError.counted([("answer", result.added)])
        let cards = ImportError.counted([("card", result.cards)])
        let already = result.alreadyThere > 0 ? " (\(ImportError.counted([("answer", result.alreadyThere)])) already there)" : ""
        context.out.line(
            dryRun
                ? "Dry run (nothing was written): would add \(answers) to \(cards)\(already)"
                : "added \(answers) to \(cards)\(already)"
                    + (result.added > 0 ? "; their schedules were replayed from all their answers" : ""))
    }
}
