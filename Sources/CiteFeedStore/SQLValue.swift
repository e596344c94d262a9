import CSQLite
import CiteFeedModel
import CiteFeedSupport

/// A value bound to a statement parameter.
package enum SQLValue {
    case int(Int64)
    case double(Double)
    case text(String)
    case blob([UInt8])
    case null

    package static func optional(_ s: String?) -> SQLValue { s.map(SQLValue.text) ?? .null }
    package static func optional(_ t: Timestamp?) -> SQLValue { t.map { .int($0.seconds) } ?? .null }
    package static func bool(_ b: Bool) -> SQLValue { .int(b ? 1 : 0) }
}
