import CiteFeedCore
import CiteFeedModel
import CiteFeedSupport

/// Writes rendered outputs into a directory, together: changed files replace the old ones only
/// when all are written, and unchanged files keep their mtime (so HTTP caches keep answering
/// 304). It only writes bytes; what they are is `OutputSet`'s business.
public struct OutputDirectory {
    public let path: String

    public init(path: String) { self.path = path }

    /// What a write did: the names written, and those left alone because citefeed did not write
    /// the file there (issue 20: with outputDirectory at ~, a user's index.html was replaced).
    public struct Written: Sendable, Equatable {
        public var written: [String]
        public var refused: [String]
    }

    /// Writes the files whose content changed (making the directory if needed), never over a
    /// file citefeed did not write (`OutputManifest`); cleans the temporary files of runs that
    /// were killed.
    @discardableResult
    public func write(_ files: [OutputFile]) throws(OutputError) -> Written {
        let created = !Posix.isDirectory(path)
        do {
            try Posix.makeDirectories(path)
        } catch {
            throw OutputError.cannotCreate(path, error.message)
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
            throw OutputError.cannotCreate(path, error.message)
        }
    }

    /// Removes the outputs citefeed wrote here and its list, and the directory when citefeed made
    /// it and it is empty then; anything else stays. Returns the names removed.
    @discardableResult
    public func removeOutputs() -> [String] {
        guard let manifest = OutputManifest.read(in: path) else { return [] }
        let removed = manifest.files.sorted().filter { unlink(path + "/" + $0) == 0 }
        unlink(path + "/" + OutputManifest.name)
        if manifest.created { rmdir(path) }
        return removed
    }

    /// The saved state in `file`, or `nil` when there is none or it cannot be read.
    public static func readCurrent(_ file: String) -> CurrentFile? {
        (try? Posix.readFile(file, limit: CurrentFile.sizeLimit)).flatMap(CurrentFile.init(bytes:))
    }

    /// Writes `current.json` (the saved state that `status` reads), private to the user.
    public static func writeCurrent(_ current: CurrentFile, to file: String) throws(OutputError) {
        do {
            try AtomicWriter.writeChanged([(file, current.bytes)], mode: 0o600, durable: false)
        } catch {
            throw OutputError.cannotCreate(file, error.message)
        }
    }
}

/// Data only; the front end words it.
public enum OutputError: Error, Equatable, Sendable {
    /// The outputs of a rotation.
    case cannotCreate(String, String)
    /// A file the user named (`export --out`).
    case cannotWriteFile(String, String)
}

/// `.citefeed-outputs` in an output directory: the files citefeed wrote there, and whether it
/// made the directory, so that it never replaces or removes anything else.
public struct OutputManifest: Sendable, Equatable {
    public static let name = ".citefeed-outputs"
    public var files: Set<String>
    public var created: Bool

    var bytes: [UInt8] {
        Array(JSONWriter.pretty(.object([("created", .bool(created)), ("files", .array(files.sorted().map(JSONValue.string)))])).utf8)
    }

    static func read(in directory: String) -> OutputManifest? {
        guard let bytes = (try? Posix.readFile(directory + "/" + name, limit: 1 << 16)).flatMap({ $0 }),
            let json = try? JSONParser.parse(bytes), let files = json["files"]?.arrayValue?.compactMap(\.stringValue)
        else { return nil }
        // Only names citefeed writes: a list edited by hand cannot make it replace or remove
        // anything else.
        return OutputManifest(
            files: Set(files).intersection(OutputSet.names + OutputSet.pictureNames), created: json["created"] == .bool(true))
    }

    /// For a directory written before the list existed: the six outputs are adopted when they are
    /// citefeed's own (a feed or page there carries its generator mark); else none is.
    static func adopting(in directory: String, created: Bool) -> OutputManifest {
        let marks = [
            ("feed.xml", "<generator>citefeed "), ("feed.atom", ">citefeed</generator>"),
            ("index.html", "<meta name=\"generator\" content=\"citefeed "),
        ]
        let ours = marks.contains { file, mark in
            Posix.readText(directory + "/" + file, limit: 64 << 20)?.containsBytes(mark) ?? false
        }
        return OutputManifest(files: ours ? Set(OutputSet.names.filter { Posix.fileExists(directory + "/" + $0) }) : [], created: created)
    }

    /// Removes the temporary files (`.NAME.tmp-XXXXXX`) of outputs that a killed run left, once
    /// they are a minute old (a run going on now may be writing its own).
    static func removeStaleTemporaryFiles(in directory: String) {
        let prefixes = (OutputSet.names + OutputSet.pictureNames + [name]).map { "." + $0 + ".tmp-" }
        let now = time(nil)
        for entryName in Posix.directoryEntries(directory) {
            guard prefixes.contains(where: { entryName.hasPrefix($0) && entryName.count == $0.count + 6 }) else { continue }
            var st = stat()
            let full = directory + "/" + entryName
            if lstat(full, &st) == 0, st.st_mode & S_IFMT == S_IFREG, now - st.st_mtim.tv_sec > 60 { unlink(full) }
        }
    }
}
