import Foundation

/// The arithmetic FSRS's formulas need, so one forward pass (`FSRSForward`) serves both the
/// optimizer, which runs it on `Dual` numbers to have the gradient, and evaluation, which runs
/// it on plain `Double`s.
protocol FSRSScalar {
    init(_ value: Double)
    var value: Double { get }
    static func + (a: Self, b: Self) -> Self
    static func + (a: Self, b: Double) -> Self
    static func + (a: Double, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static func - (a: Self, b: Double) -> Self
    static func - (a: Double, b: Self) -> Self
    static prefix func - (a: Self) -> Self
    static func * (a: Self, b: Self) -> Self
    static func * (a: Self, b: Double) -> Self
    static func * (a: Double, b: Self) -> Self
    static func / (a: Self, b: Self) -> Self
    static func / (a: Self, b: Double) -> Self
    static func exp(_ a: Self) -> Self
    static func log(_ a: Self) -> Self
    static func pow(_ a: Self, _ b: Self) -> Self
    static func pow(_ a: Self, _ b: Double) -> Self
    /// Held within `low…high`; the derivative passes within, bounds included.
    static func clamp(_ a: Self, _ low: Double, _ high: Double) -> Self
}

extension Double: FSRSScalar {
    var value: Double { self }
    static func exp(_ a: Double) -> Double { Foundation.exp(a) }
    static func log(_ a: Double) -> Double { Foundation.log(a) }
    static func pow(_ a: Double, _ b: Double) -> Double { Foundation.pow(a, b) }
    static func clamp(_ a: Double, _ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(a, low), high) }
}
