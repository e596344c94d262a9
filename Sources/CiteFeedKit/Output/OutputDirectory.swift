/// Writes rendered outputs into a directory, together: changed files replace the old ones only
/// when all are written, and unchanged files keep their mtime (so HTTP caches keep answering
/// 304). It only writes bytes; what they are is `OutputSet`'s business.
public struct OutputDirectory {
    public let path: String

    public init(path: String) { self.path = path }

    /// Writes the files whose content changed (making the directory if needed); returns the
    /// names written.
    @discardableResult
    public func write(_ files: [OutputFile]) throws(OutputError) -> [String] {
        do {
            try Posix.makeDirectories(path)
        } catch {
            throw OutputError.cannotCreate(path, error.message)
        }
        let byPath = Dictionary(uniqueKeysWithValues: files.map { (path + "/" + $0.name, $0.name) })
        do {
            let written = try AtomicWriter.writeChanged(files.map { (path + "/" + $0.name, $0.bytes) }, mode: 0o644, durable: false)
            return written.map { byPath[$0] ?? $0 }
        } catch {
            throw OutputError.cannotCreate(path, error.message)
        }
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

public enum OutputError: CiteFeedError, Equatable {
    /// The outputs of a rotation.
    case cannotCreate(String, String)
    /// A file the user named (`export --out`).
    case cannotWriteFile(String, String)

    public var exitStatus: ExitStatus { .cannotCreate }

    public var message: String {
        switch self {
        case let .cannotCreate(path, reason):
            return
                "Cannot write the outputs in \(path) (\(reason)); check the directory, or choose another with 'citefeed defaults write outputDirectory DIR'."
        case let .cannotWriteFile(path, reason):
            return "Cannot write \(path) (\(reason)); check that its directory exists and can be written."
        }
    }
}
