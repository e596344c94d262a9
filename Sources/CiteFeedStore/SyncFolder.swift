import CiteFeedModel
import CiteFeedSupport

/// The sync folder on disk (ARCHITECTURE.md, "Sync"): a directory per machine, each written only
/// by its machine: `machine.json`, `log-NNNNNN.jsonl` appended to, `snapshot-NNNNNN.jsonl`.
/// Reading takes complete lines only; nothing read from here is a path or a command.
public struct SyncFolder: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// More than this in one file is not a log citefeed wrote (1 GiB).
    static let fileLimit = 1 << 30

    public func directory(of machine: String) -> String { path + "/" + machine }

    /// The machines with a directory here (named by a machine id; anything else is ignored).
    public func machines() -> [String] {
        Posix.directoryEntries(path).filter(MachineID.isValid).sorted()
    }

    /// A machine's files of changes, in the order they are read: by number, a snapshot before
    /// the log of its number.
    public func files(of machine: String) -> [String] {
        func number(_ name: String) -> (Int, Int)? {
            for (prefix, rank) in [("snapshot-", 0), ("log-", 1)] where name.hasPrefix(prefix) && name.hasSuffix(".jsonl") {
                let digits = name.dropFirst(prefix.count).dropLast(6)
                guard digits.count == 6, let n = Int(digits) else { return nil }
                return (n, rank)
            }
            return nil
        }
        return Posix.directoryEntries(directory(of: machine)).compactMap { name in number(name).map { (name, $0) } }
            .sorted { $0.1 < $1.1 }.map(\.0)
    }

    public static func logName(_ n: Int) -> String { "log-" + pad(Int64(n), 6) + ".jsonl" }
    public static func snapshotName(_ n: Int) -> String { "snapshot-" + pad(Int64(n), 6) + ".jsonl" }

    /// The complete lines of `file` from byte `offset`, each with its number in the file (from 1)
    /// and the offset after the last one: a last line without its line feed is left for the next
    /// time. A file now shorter than `offset` (replaced) is read from its start.
    public func completeLines(of machine: String, _ file: String, from offset: Int64, lineNumber: Int)
        throws(IOFailure) -> (lines: [(number: Int, text: [UInt8])], end: Int64, restarted: Bool)
    {
        let full = directory(of: machine) + "/" + file
        guard let bytes = try Posix.readFile(full, limit: SyncFolder.fileLimit) else { return ([], offset, false) }
        var start = Int(offset)
        var restarted = false
        var number = lineNumber
        if start > bytes.count {
            start = 0
            number = 0
            restarted = true
        }
        var lines: [(Int, [UInt8])] = []
        var lineStart = start
        var i = start
        while i < bytes.count {
            if bytes[i] == 0x0A {
                number += 1
                lines.append((number, Array(bytes[lineStart..<i])))
                lineStart = i + 1
            }
            i += 1
        }
        return (lines, Int64(lineStart), restarted)
    }

    /// Appends `lines` (each ending in a line feed) to this machine's `file`, made with its
    /// directory when missing, and flushes them to disk.
    public func append(_ text: String, to file: String, of machine: String) throws(IOFailure) {
        let dir = directory(of: machine)
        try Posix.makeDirectories(dir)
        let full = dir + "/" + file
        let fd = open(full, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        if fd < 0 { throw IOFailure(message: "cannot write \(full): \(Posix.errorText())") }
        defer { close(fd) }
        guard Posix.writeAll(fd: fd, Array(text.utf8)), fsync(fd) == 0 else {
            throw IOFailure(message: "cannot write \(full): \(Posix.errorText())")
        }
    }

    /// The size of a file of this machine, or `nil`.
    public func size(of file: String, of machine: String) -> Int64? {
        var st = stat()
        guard stat(directory(of: machine) + "/" + file, &st) == 0 else { return nil }
        return Int64(st.st_size)
    }

    /// `machine.json` of a machine: its name, when it says one.
    public func name(of machine: String) -> String? {
        guard let text = Posix.readText(directory(of: machine) + "/machine.json", limit: 1 << 16),
            let json = try? JSONParser.parse(text), json["machine"]?.stringValue == machine
        else { return nil }
        return json["name"]?.stringValue.map { String($0.prefix(200)) }
    }

    /// Writes this machine's `machine.json`, replaced whole.
    public func writeInfo(machine: String, name: String, written: Timestamp) throws(IOFailure) {
        let dir = directory(of: machine)
        try Posix.makeDirectories(dir)
        let json = JSONValue.object([
            ("format", .int(SyncLine.format)), ("machine", .string(machine)), ("name", .string(name)),
            ("written", .string(written.rfc3339UTC)),
        ])
        try AtomicWriter.write(Array(JSONWriter.pretty(json).utf8), to: dir + "/machine.json", mode: 0o644)
    }
}
