import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Change lines written on a thread of their own into a new outbox, while the sync goes on
/// (each line is a value: nothing is shared); `finish` waits for them. In chunks of 1 MiB: a
/// first sync's 40 MB are never held whole.
final class LinesInBackground: @unchecked Sendable {
    private var worker: WorkerThread?
    private var failure: IOFailure?
    private let file: StagedFile?

    /// The lines of `citations` (captured whole), numbered from `first`, then `lines`, into a
    /// new outbox (none when there are none).
    init(
        _ citations: [(citation: Library.UnsyncedCitation, clock: SyncClock)], from first: Int64, then lines: [SyncLine],
        into outbox: SyncOutbox
    )
        throws(IOFailure)
    {
        guard !citations.isEmpty || !lines.isEmpty else {
            file = nil
            return
        }
        let file = try outbox.begin()
        self.file = file
        let render = { [self] in
            let chunk = 1 << 20
            var out: [UInt8] = []
            out.reserveCapacity(chunk + (1 << 16))
            func spill(_ always: Bool) {
                guard always || out.count >= chunk, failure == nil else { return }
                do { try file.write(out) } catch { failure = error }
                out.removeAll(keepingCapacity: true)
            }
            for (n, c) in citations.enumerated() {
                let line = SyncLine(
                    seq: first + Int64(n), clock: c.clock, change: .citation(uuid: c.citation.uuid, fields: c.citation.fields))
                out.append(contentsOf: line.text.utf8)
                spill(false)
            }
            for line in lines {
                out.append(contentsOf: line.text.utf8)
                spill(false)
            }
            spill(true)
        }
        worker = WorkerThread(render)
        // No thread to be had: written here and now.
        if worker == nil { render() }
    }

    /// Waits for the lines: the outbox they are in, to be finished (`nil`: there were none).
    func finish() throws(IOFailure) -> StagedFile? {
        worker?.join()
        worker = nil
        if let failure { throw failure }
        return file
    }
}
