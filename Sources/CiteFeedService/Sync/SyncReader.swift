import CiteFeedCore
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// The sync folder read (ARCHITECTURE.md, "Sync"): the other machines in it, each one's new
/// lines a piece at a time from where this machine stopped, and this machine's own lines
/// there. Reading holds no lock of the library (a folder on a slow or hung file system stops
/// only this sync), and a piece is at most `pieceBytes` (`SyncFolder.chunkBytes`) or
/// `SyncFolder.chunkLines`, whatever the folder holds.
struct SyncReader {
    let library: Library
    let folder: SyncFolder
    let now: Timestamp
    /// The bytes of another machine's file read at once (tests make it small).
    var pieceBytes = SyncFolder.chunkBytes
    /// Called before each read of another machine's file.
    var beforeRead: (() throws -> Void)?

    /// A piece of another machine's new lines (`readNew`).
    struct Piece {
        var file: String
        /// The lines numbered past the last one applied, in order.
        var lines: [SyncLine]
        /// Where the next read of the file starts; `nil` when the piece stopped at a line that
        /// waits (the piece is read again next time, and the lines applied passed over).
        var position: (offset: Int64, line: Int)?
        /// Whether the read moved on in the file (blank lines, or lines applied before).
        var moved: Bool
        /// The bytes of its lines.
        var bytes = 0
    }

    /// Reads `other`'s files from where this machine stopped, giving `body` each piece of new
    /// lines with the machine's state after them (`applied`: the last line's number). Lines
    /// that cannot be read are noted in `report`; a file that cannot be read, a line of a newer
    /// format and a clock more than `HybridClock.maximumLead` ahead of this machine's stop the
    /// machine's reading (its state's `problem` says why; the others are read all the same).
    func readNew(
        of other: String, state: inout Library.SyncMachineState, report: inout SyncService.Report,
        _ body: (Piece, Library.SyncMachineState) throws -> Void
    ) throws {
        let wall = now.seconds * 1000
        state.problem = nil
        files: for file in folder.files(of: other) {
            var (offset, lineNumber) = try library.syncOffset(machine: other, file: file)
            while true {
                try beforeRead?()
                let read: SyncFolder.Lines
                do {
                    read = try folder.completeLines(of: other, file, from: offset, lineNumber: lineNumber, chunk: pieceBytes)
                } catch {
                    // This machine's files wait (read again next time, from where they stopped).
                    report.unreadable[other] = error
                    state.problem = .unreadable(error)
                    break files
                }
                for number in read.tooLong {
                    SyncService.skip(
                        SyncService.Skipped(
                            machine: other, name: state.name, file: file, line: number,
                            reason: .invalid("the line is longer than \(Posix.describe(bytes: SyncFolder.lineLimit)), which no change is")),
                        in: &report)
                }
                var piece = Piece(
                    file: file, lines: [], position: (read.end, read.lastNumber),
                    moved: read.end != offset || read.lastNumber != lineNumber,
                    bytes: read.lines.reduce(0) { $0 + $1.text.count })
                lines: for (number, parsed) in zip(read.lines.map(\.number), SyncReader.parse(read.lines.map(\.text), machine: other)) {
                    let line: SyncLine
                    switch parsed {
                    case .success(let l): line = l
                    case .failure(.newerFormat(let v)):
                        report.newer[other] = v
                        state.problem = .newerFormat(v)
                        piece.position = nil
                        break lines
                    case .failure(let error):
                        SyncService.skip(
                            SyncService.Skipped(machine: other, name: state.name, file: file, line: number, reason: error), in: &report)
                        continue
                    }
                    guard line.seq > state.applied else { continue }
                    // One rule for every machine: a clock more than a day ahead of this
                    // machine's waits, with the lines after it (its register would beat every
                    // later edit, and a counter past 15 digits would be refused elsewhere).
                    if line.clock.milliseconds > wall + HybridClock.maximumLead {
                        report.ahead[other] = SyncService.Ahead(file: file, line: number, clock: line.clock)
                        state.problem = .clockAhead(file: file, line: number, time: SyncService.clockTime(line.clock))
                        piece.position = nil
                        break lines
                    }
                    piece.lines.append(line)
                    state.applied = line.seq
                    state.lastClock = line.clock.description
                }
                try body(piece, state)
                if piece.position == nil { break files }
                (offset, lineNumber) = (read.end, read.lastNumber)
                if read.atEnd { break }
            }
        }
    }

    /// The other machines in the folder, each with its state here and its name from its
    /// `machine.json` (noted in `report`).
    func others(report: inout SyncService.Report) throws -> [Library.SyncMachineState] {
        let states = Dictionary(uniqueKeysWithValues: try library.syncMachines().map { ($0.machine, $0) })
        return folder.machines().filter { $0 != report.machine }.map { other in
            var state = states[other] ?? Library.SyncMachineState(machine: other, name: "", applied: 0)
            state.name = folder.name(of: other) ?? state.name
            report.names[other] = state.name
            return state
        }
    }

    /// The number of the last change of `machine` in the folder (0 when it has none, or its
    /// files cannot be read: the sync goes on, and writing to them says why).
    func lastWritten(machine: String) -> Int64 {
        for file in folder.files(of: machine).reversed() {
            guard let line = try? folder.lastCompleteLine(of: machine, file) else { continue }
            if case .int(let seq)? = (try? JSONParser.parse(line))?["s"] { return seq }
        }
        return 0
    }

    /// The changes of `machine` in the folder numbered past `last`, as far as they read.
    func written(by machine: String, after last: Int64) -> [SyncLine] {
        var lines: [SyncLine] = []
        for file in folder.files(of: machine) {
            guard let read = try? folder.allLines(of: machine, file) else { continue }
            for case .success(let line) in SyncReader.parse(read.map(\.text), machine: machine) where line.seq > last {
                lines.append(line)
            }
        }
        return lines
    }

    /// Reads the lines of `machine`'s log: each its change, or why not. For many (a machine
    /// joining reads 100,000), the second half on another thread.
    static func parse(_ lines: [[UInt8]], machine: String) -> [Result<SyncLine, SyncLineError>] {
        func one(_ bytes: [UInt8]) -> Result<SyncLine, SyncLineError> {
            guard let json = try? JSONParser.parse(bytes) else { return .failure(.invalid("not JSON")) }
            do { return .success(try SyncLine(json: json, machine: machine)) } catch { return .failure(error) }
        }
        guard lines.count >= 2000 else { return lines.map(one) }
        let half = lines.count / 2
        final class Box: @unchecked Sendable { var results: [Result<SyncLine, SyncLineError>] = [] }
        let second = Box()
        let rest = Array(lines[half...])
        let worker = WorkerThread { second.results = rest.map(one) }
        if worker == nil { second.results = rest.map(one) }
        var results = lines[..<half].map(one)
        worker?.join()
        results += second.results
        return results
    }
}
