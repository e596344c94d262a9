import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Where a record is in its file: a line (text formats) or the number of a JSON list's element.
/// Kept as the number, and spelled out only for a message (most records never need one).
public enum RecordLocation: Sendable, Equatable, CustomStringConvertible {
    case line(Int)
    case record(Int)

    public var description: String {
        switch self {
        case .line(let n): "line \(n)"
        case .record(let n): "record \(n)"
        }
    }
}
