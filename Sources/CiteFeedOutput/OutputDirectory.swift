import CiteFeedCore
import CiteFeedModel
import CiteFeedSupport

/// Writes rendered outputs into a directory, together: changed files replace the old ones only
/// when all are written, and unchanged files keep their mtime (so HTTP caches keep answering
/// 304). It only writes bytes; what they are is `OutputSet`'s business.
package struct OutputDirectory {
    package let path: String

    package init(path: String) { self.path = path }

    /// What a write did: the names written, and those left alone because citefeed did not write
    /// the file there (so that, with outputDirectory at ~, a user's own index.html is never replaced).
    package struct Written: Sendable, Equatable {
        package var written: [String]
        package var refused: [String]
    }

    /// Writes the files whose content changed (making the directory if needed), never over a
    /// file citefeed did not write (`OutputManifest`); cleans the temporary files of runs that
    /// were killed.
    @discardableResult
    package func write(_ files: [OutputFile]) throws(OutputError) -> Written {
        let created = !Posix.isDirectory(path)
        do {
            try Posix.makeDirectories(path)
        } catch {
            throw OutputError.cannotCreate(path, error)
        }
        var manifest = OutputManifest.read(in: path) ?? OutputManifest.adopting(in: path, created: created)
        OutputManifest.removeStaleTemporaryFiles(in: path)
        var allowed: [OutputFile] = []
        var refused: [String] = []
        for file in files {
            var st = stat()
            // lstat: a link to nothing is someone's file too.
            if manifest.files.contains(file.name) || lstat(path + "/" + file.name, &st) != 0 {
                allowed.append(file)
            } else {
                refused.append(file.name)
            }
        }
        let byPath = Dictionary(uniqueKeysWithValues: allowed.map { (path + "/" + $0.name, $0.name) })
        do {
            // The list first: a run killed between the two leaves files it may replace, never
            // files it wrote and does not know.
            let names = manifest.files.union(allowed.map(\.name))
            if names != manifest.files || !Posix.fileExists(path + "/" + OutputManifest.name) {
                manifest.files = names
                try AtomicWriter.write(manifest.bytes, to: path + "/" + OutputManifest.name, mode: 0o644)
            }
            let written = try AtomicWriter.writeChanged(allowed.map { (path + "/" + $0.name, $0.bytes) }, mode: 0o644, durable: false)
            return Written(written: written.map { byPath[$0] ?? $0 }, refused: refused)
        } catch {
            throw OutputError.cannotCreate(path, error)
        }
    }

    /// Removes the outputs citefeed wrote here and its list, and the directory when citefeed made
    /// it and it is empty then; anything else stays. Returns the names removed.
    @discardableResult
    package func removeOutputs() -> [String] {
        guard let manifest = OutputManifest.read(in: path) else { return [] }
        let removed = manifest.files.sorted().filter { unlink(path + "/" + $0) == 0 }
        unlink(path + "/" + OutputManifest.name)
        if manifest.created { rmdir(path) }
        return removed
    }

    /// The saved state in `file`, or `nil` when there is none or it cannot be read.
    package static func readCurrent(_ file: String) -> CurrentFile? {
        (try? Posix.readFile(file, limit: CurrentFile.sizeLimit)).flatMap(CurrentFile.init(bytes:))
    }

    /// Writes `current.json` (the saved state that `status` reads), private to the user.
    package static func writeCurrent(_ current: CurrentFile, to file: String) throws(OutputError) {
        do {
            try AtomicWriter.writeChanged([(file, current.bytes)], mode: 0o600, durable: false)
        } catch {
            throw OutputError.cannotCreate(file, error)
        }
    }
}
