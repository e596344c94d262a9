import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// The work on change lines that a sync of 100,000 does on a second thread: reading a log's
/// lines, and writing a first sync's.
extension SyncService {
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

/// Change lines written on a thread of their own, while the sync goes on (each line is a value:
/// nothing is shared); `text` waits for them.
final class LinesInBackground: @unchecked Sendable {
    private var bytes: [UInt8] = []
    private var worker: WorkerThread?

    /// The lines of `citations` (captured whole), numbered from `first`, then `lines`.
    init(_ citations: [(citation: Library.UnsyncedCitation, clock: SyncClock)], from first: Int64, then lines: [SyncLine]) {
        guard !citations.isEmpty || !lines.isEmpty else { return }
        let render = { [self] in
            var out: [UInt8] = []
            for (n, c) in citations.enumerated() {
                let line = SyncLine(
                    seq: first + Int64(n), clock: c.clock, change: .citation(uuid: c.citation.uuid, fields: c.citation.fields))
                out.append(contentsOf: line.text.utf8)
            }
            for line in lines { out.append(contentsOf: line.text.utf8) }
            bytes = out
        }
        worker = WorkerThread(render)
        // No thread to be had: written here and now.
        if worker == nil { render() }
    }

    /// The lines, each ending in a line feed, in order.
    func text() -> [UInt8] {
        worker?.join()
        return bytes
    }
}
