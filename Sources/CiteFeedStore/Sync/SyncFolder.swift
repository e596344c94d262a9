import CiteFeedModel
import CiteFeedSupport

/// The sync folder on disk (ARCHITECTURE.md, "Sync"): a directory per machine, each written only
/// by its machine: `machine.json`, `log-NNNNNN.jsonl` appended to, `snapshot-NNNNNN.jsonl`.
/// Reading takes complete lines only; nothing read from here is a path or a command.
package struct SyncFolder: Sendable {
    package let path: String

    package init(path: String) { self.path = path }

    /// More than this in one file is not a log citefeed wrote (1 GiB).
    static let fileLimit = 1 << 30

    package func directory(of machine: String) -> String { path + "/" + machine }

    /// The machines with a directory here (named by a machine id; anything else is ignored,
    /// and so is a link: it could name any directory of this machine).
    package func machines() -> [String] {
        Posix.directoryEntries(path).filter(MachineID.isValid).filter { name in
            var st = stat()
            return lstat(directory(of: name), &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
        }.sorted()
    }

    /// A machine's files of changes, in the order they are read: by number, a snapshot before
    /// the log of its number.
    package func files(of machine: String) -> [String] {
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

    package static func logName(_ n: Int) -> String { "log-" + pad(Int64(n), 6) + ".jsonl" }
    package static func snapshotName(_ n: Int) -> String { "snapshot-" + pad(Int64(n), 6) + ".jsonl" }

    /// What one read of a machine's file gives (`completeLines`).
    package struct Lines: Sendable {
        /// The complete lines read, each with its number in the file (from 1); blank lines
        /// (only white space) are counted and left out.
        package var lines: [(number: Int, text: [UInt8])] = []
        /// The offset after the last complete line read, and that line's number.
        package var end: Int64
        package var lastNumber: Int
        /// Whether the file was shorter than the offset asked (replaced) and read from its start.
        package var restarted = false
        /// Whether the read reached the last complete line of the file (else: read on from `end`).
        package var atEnd = true
        /// Lines longer than `lineLimit`, passed over unread (their numbers).
        package var tooLong: [Int] = []
    }

    /// Bytes one read takes at most (`completeLines`): what a sync holds of a file at once.
    package static let chunkBytes = 4 << 20
    /// Lines one read takes at most (each its own array, and a parsed change after that).
    package static let chunkLines = 16_384
    /// A line longer than this is not one citefeed wrote (a change is at most some hundreds of
    /// kilobytes): it is passed over, never held.
    package static let lineLimit = 4 << 20

    /// The complete lines of `file` from byte `offset`, at most about `chunk` bytes of them (read
    /// on from `end` while `atEnd` is false), each with its number in the file (from 1): a last
    /// line without its line feed is left for the next time. A file now shorter than `offset`
    /// (replaced) is read from its start. Only the bytes after `offset` are read; blank lines
    /// cost nothing (a log of 64 MiB of line feeds is read in steps of `chunk`, holding none).
    package func completeLines(of machine: String, _ file: String, from offset: Int64, lineNumber: Int, chunk: Int = SyncFolder.chunkBytes)
        throws(IOFailure) -> Lines
    {
        let full = directory(of: machine) + "/" + file
        guard let size = try SyncFolder.size(full) else { return Lines(end: offset, lastNumber: lineNumber) }
        let restarted = offset > size
        var start = restarted ? 0 : offset
        var number = restarted ? 0 : lineNumber
        var result = Lines(end: start, lastNumber: number, restarted: restarted)
        var window = max(chunk, 1)
        while start < size {
            let stop = min(size, start + Int64(window))
            let bytes = try SyncFolder.read(full, from: start, to: stop)
            guard let last = bytes.lastIndex(of: 0x0A) else {
                // No line feed: the file's unfinished last line; a line longer than the chunk,
                // read again whole up to the limit; or longer than that, passed over to its end.
                if stop == size { break }
                if window <= SyncFolder.lineLimit {
                    window = SyncFolder.lineLimit + 1
                    continue
                }
                guard let after = try SyncFolder.nextLineFeed(full, from: stop, size: size) else { break }
                number += 1
                result.tooLong.append(number)
                start = after
                result.end = start
                result.lastNumber = number
                continue
            }
            var lineStart = 0
            for i in bytes[...last].indices where bytes[i] == 0x0A {
                number += 1
                if bytes[lineStart..<i].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                    result.lines.append((number, Array(bytes[lineStart..<i])))
                }
                lineStart = i + 1
                // A piece of many short lines holds one array each: at most `chunkLines`.
                if result.lines.count >= SyncFolder.chunkLines { break }
            }
            start += Int64(lineStart)
            window = max(chunk, 1)
            result.end = start
            result.lastNumber = number
            // Enough for one step: the caller applies these and reads on.
            if !result.lines.isEmpty || !result.tooLong.isEmpty {
                result.atEnd = start >= size
                return result
            }
        }
        result.atEnd = true
        return result
    }

    /// Every complete line of `file` (`completeLines` read to its end): for this machine's own
    /// files, which it wrote and keeps small by compaction.
    package func allLines(of machine: String, _ file: String) throws(IOFailure) -> [(number: Int, text: [UInt8])] {
        var lines: [(number: Int, text: [UInt8])] = []
        var read = try completeLines(of: machine, file, from: 0, lineNumber: 0)
        lines += read.lines
        while !read.atEnd {
            read = try completeLines(of: machine, file, from: read.end, lineNumber: read.lastNumber)
            lines += read.lines
        }
        return lines
    }

    /// The offset just after the next line feed of `path` from `offset`, read a chunk at a
    /// time and kept nowhere; `nil` when there is none.
    private static func nextLineFeed(_ path: String, from offset: Int64, size: Int64) throws(IOFailure) -> Int64? {
        var at = offset
        while at < size {
            let stop = min(size, at + Int64(chunkBytes))
            let bytes = try read(path, from: at, to: stop)
            if let i = bytes.firstIndex(of: 0x0A) { return at + Int64(i) + 1 }
            at = stop
        }
        return nil
    }

    /// The last complete line of this machine's `file`, read from its end; `nil` when it has none.
    package func lastCompleteLine(of machine: String, _ file: String) throws(IOFailure) -> [UInt8]? {
        try SyncFolder.lastCompleteLine(ofFile: directory(of: machine) + "/" + file)
    }

    /// The last complete line of the file at `full`, read from its end.
    static func lastCompleteLine(ofFile full: String) throws(IOFailure) -> [UInt8]? {
        guard let size = try SyncFolder.size(full) else { return nil }
        var window: Int64 = 1 << 16
        while true {
            let start = max(0, size - window)
            let bytes = try SyncFolder.read(full, from: start, to: size)
            if let end = bytes.lastIndex(of: 0x0A) {
                if let before = bytes[..<end].lastIndex(of: 0x0A) { return Array(bytes[(before + 1)..<end]) }
                if start == 0 { return Array(bytes[..<end]) }
            } else if start == 0 {
                return nil
            }
            window *= 4
        }
    }

    /// The size of the regular file `path`; `nil` when it is not there. A link is refused, not
    /// followed: no sync engine makes one for a log, and it could name any file of this machine.
    private static func size(_ path: String) throws(IOFailure) -> Int64? {
        var st = stat()
        if lstat(path, &st) != 0 {
            if errno == ENOENT { return nil }
            throw IOFailure.system(.read, path)
        }
        guard st.st_mode & S_IFMT == S_IFREG else {
            throw IOFailure(.read, path, st.st_mode & S_IFMT == S_IFLNK ? .link : .notRegularFile)
        }
        guard st.st_size <= fileLimit else {
            throw IOFailure(.read, path, .tooLarge(limit: fileLimit))
        }
        return Int64(st.st_size)
    }

    /// Bytes `start..<end` of `path` (fewer when it is shorter now).
    private static func read(_ path: String, from start: Int64, to end: Int64) throws(IOFailure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        if fd < 0 { throw IOFailure.system(.read, path) }
        defer { close(fd) }
        let count = Int(max(0, end - start))
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            while filled < count {
                let n = pread(fd, buffer.baseAddress! + filled, count - filled, off_t(start) + off_t(filled))
                if n < 0 && errno == EINTR { continue }
                if n < 0 { failure = errno }
                if n <= 0 { return }
                filled += n
            }
        }
        if failure != 0 { throw IOFailure(.read, path, .system(failure)) }
        return bytes
    }

    /// Appends `lines` (each ending in a line feed) to this machine's `file`, made with its
    /// directory when missing, and flushes them to disk.
    package func append(_ text: String, to file: String, of machine: String) throws(IOFailure) {
        try append(Array(text.utf8), to: file, of: machine)
    }

    /// The full path of a machine's `file`.
    package func path(of machine: String, _ file: String) -> String { directory(of: machine) + "/" + file }

    /// This machine's own directory, made when it is not there, and checked as the others'
    /// are before anything is written into it: a directory, not a link (which could name any
    /// directory of this machine, and the log and `machine.json` would be written there),
    /// owned by this user.
    package func ownDirectory(of machine: String) throws(IOFailure) -> String {
        let dir = directory(of: machine)
        var st = stat()
        if lstat(dir, &st) != 0 {
            guard errno == ENOENT else { throw IOFailure.system(.read, dir) }
            if mkdir(dir, 0o755) != 0 && errno != EEXIST {
                throw IOFailure.system(.createDirectory, dir)
            }
            guard lstat(dir, &st) == 0 else { throw IOFailure.system(.read, dir) }
        }
        switch st.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK:
            throw IOFailure(.useMachineDirectory, dir, .link)
        default:
            throw IOFailure(.useMachineDirectory, dir, .notADirectory(dir))
        }
        guard st.st_uid == getuid() else {
            throw IOFailure(.useMachineDirectory, dir, .otherUser(uid: st.st_uid))
        }
        return dir
    }

    /// Whether this machine's `file` is not there yet, its directory made.
    package func prepareNewLog(_ file: String, of machine: String) -> Bool {
        guard (try? ownDirectory(of: machine)) != nil else { return false }
        var st = stat()
        return lstat(path(of: machine, file), &st) != 0 && errno == ENOENT
    }

    package func append(_ bytes: [UInt8], to file: String, of machine: String) throws(IOFailure) {
        let dir = try ownDirectory(of: machine)
        let full = dir + "/" + file
        let fd = open(full, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        if fd < 0 { throw IOFailure.system(.write, full) }
        defer { close(fd) }
        // A line a crash cut short (this machine's own: no one else writes here) is dropped,
        // so that the next line does not run on from it; it is written again from the outbox.
        guard SyncFolder.cutToLastLine(fd), Posix.writeAll(fd: fd, bytes), !Durability.syncs || fsync(fd) == 0 else {
            throw IOFailure.system(.write, full)
        }
    }

    /// Truncates the file open at `fd` after its last line feed (to nothing when it has none);
    /// false when that failed (`errno` says why).
    private static func cutToLastLine(_ fd: Int32) -> Bool {
        var st = stat()
        guard fstat(fd, &st) == 0 else { return false }
        var end = Int64(st.st_size)
        var byte: UInt8 = 0
        guard end > 0, pread(fd, &byte, 1, off_t(end - 1)) == 1, byte != 0x0A else { return true }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while end > 0 {
            let start = max(0, end - Int64(buffer.count))
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, Int(end - start), off_t(start)) }
            guard n == Int(end - start) else { return false }
            if let i = buffer[..<n].lastIndex(of: 0x0A) { return ftruncate(fd, off_t(start) + off_t(i) + 1) == 0 }
            end = start
        }
        return ftruncate(fd, 0) == 0
    }

    /// `machine.json` of a machine: its name, when it says one that is a name (`isName`).
    package func name(of machine: String) -> String? {
        guard let text = Posix.readText(directory(of: machine) + "/machine.json", limit: 1 << 16),
            let json = try? JSONParser.parse(text), json["machine"]?.stringValue == machine,
            let name = json["name"]?.stringValue, SyncFolder.isName(name)
        else { return nil }
        return name
    }

    /// Whether `name` may name a machine in a message or `sync status`: one line of printable
    /// text, at most 100 characters, as `syncName` takes it (no control or bidi character, no
    /// line or paragraph separator, no white space at either end). Another machine's
    /// `machine.json` saying anything else is shown by its id alone: a line feed in a name
    /// forged a line of `sync status`.
    package static func isName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 400, name.count <= 100, name.trimmingWhitespace() == name else { return false }
        return !name.unicodeScalars.contains {
            $0.needsTerminalEscape || $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
        }
    }

    /// The number of a file's name (`log-000003.jsonl`: 3).
    package static func number(of file: String) -> Int {
        Int(file.split(separator: "-").last?.prefix(6) ?? "") ?? 0
    }

    /// The log this machine appends to: the one of the highest number among its files (after a
    /// snapshot, the log of the snapshot's number).
    package func currentLog(of machine: String) -> String {
        SyncFolder.logName(max(1, files(of: machine).map(SyncFolder.number).max() ?? 1))
    }

    /// The size of this machine's `file` (0 when it is not there).
    package func size(of machine: String, _ file: String) throws(IOFailure) -> Int64 {
        try SyncFolder.size(directory(of: machine) + "/" + file) ?? 0
    }

    /// Writes this machine's snapshot `number` whole (`text`: its lines), then removes its files
    /// of lower numbers, which it replaces.
    package func writeSnapshot(_ text: String, number: Int, of machine: String) throws(IOFailure) {
        let dir = try ownDirectory(of: machine)
        try AtomicWriter.write(Array(text.utf8), to: dir + "/" + SyncFolder.snapshotName(number), mode: 0o644)
        for file in files(of: machine) where SyncFolder.number(of: file) < number {
            if unlink(dir + "/" + file) != 0 && errno != ENOENT {
                throw IOFailure.system(.remove, dir + "/" + file)
            }
        }
    }

    /// Writes this machine's `machine.json`, replaced whole.
    package func writeInfo(machine: String, name: String, written: Timestamp) throws(IOFailure) {
        let dir = try ownDirectory(of: machine)
        let json = JSONValue.object([
            ("format", .int(SyncLine.format)), ("machine", .string(machine)), ("name", .string(name)),
            ("written", .string(written.rfc3339UTC)),
        ])
        try AtomicWriter.write(Array(JSONWriter.pretty(json).utf8), to: dir + "/machine.json", mode: 0o644)
    }
}
