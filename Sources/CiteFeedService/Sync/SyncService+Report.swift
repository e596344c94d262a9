import CiteFeedCore
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// What a sync tells its caller (ARCHITECTURE.md, "Sync"): what it wrote and applied, and each
/// line or machine of the folder it passed over and why, as data the command line words.
extension SyncService {
    /// A line of the folder that was skipped, and why.
    package struct Skipped: Equatable, Sendable {
        package var machine: String
        package var name: String
        package var file: String
        package var line: Int
        package var reason: SyncLineError
    }

    package struct Report: Equatable, Sendable {
        package var machine: String
        /// This machine's changes written (not counting the horizon line of bookkeeping).
        package var written = 0
        /// Other machines' changes applied (that changed something or not), not counting their
        /// horizon lines: a sync that applied only those writes none of its own.
        package var applied = 0
        /// The lines skipped, the first `skippedShown` of each machine; the others counted.
        package var skipped: [Skipped] = []
        package var moreSkipped: [String: Int] = [:]
        /// Machines whose log is of a newer format: machine → its format.
        package var newer: [String: Int64] = [:]
        /// Machines whose files could not be read (a FIFO, a link, a directory where a log
        /// should be): machine → why. Their changes wait; the others' are applied.
        package var unreadable: [String: IOFailure] = [:]
        /// Machines held back at a line clocked more than `HybridClock.maximumLead` past this
        /// machine's clock: machine → the file, the line and its clock. It and the lines after it
        /// wait until this machine's clock has come near (a forged clock of the year 33658 never).
        package var ahead: [String: Ahead] = [:]
        /// The other machines' names, as their `machine.json` says (for messages).
        package var names: [String: String] = [:]
        /// The machine id this library had until this sync, when it took a new one (it was
        /// copied or restored from a backup: `Library.renewSyncMachine`).
        package var renewedFrom: String?
        /// This machine's changes that its files in the folder lack (a new folder, or one
        /// emptied or set back): a machine that joins from the folder will not have them.
        package var missing: ClosedRange<Int64>?
        /// Synced settings that did not fit with this machine's others, left out.
        package var refused: [String] = []
        /// Citations of this library that other machines' deletions removed (each kept in the
        /// trash for `Library.trashDays`), and this machine's edits they dropped.
        package var deleted = 0
        package var dropped: [DroppedEdit] = []
    }

    /// Skipped lines of one machine named one by one in a report; the rest are counted (a log
    /// of a million bad lines is a million warnings otherwise).
    package static let skippedShown = 20

    /// Notes a skipped line in `report`.
    static func skip(_ skipped: Skipped, in report: inout Report) {
        if report.skipped.count(where: { $0.machine == skipped.machine }) < skippedShown {
            report.skipped.append(skipped)
        } else {
            report.moreSkipped[skipped.machine, default: 0] += 1
        }
    }

    /// An edit of this machine's that another machine's deletion dropped.
    package struct DroppedEdit: Equatable, Sendable {
        /// The citation's id here.
        package var id: Int64
        package var machine: String
        /// The deletion's clock: when it was made.
        package var clock: SyncClock
    }

    /// A line clocked too far ahead, which waits.
    package struct Ahead: Equatable, Sendable {
        package var file: String
        package var line: Int
        package var clock: SyncClock
    }

    /// A clock's time, as messages show it (UTC, to the second).
    package static func clockTime(_ clock: SyncClock) -> String {
        clock.time.rfc3339UTC
    }
}
