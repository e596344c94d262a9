import Foundation

/// A number with its derivatives with respect to FSRS's 21 parameters (forward-mode automatic
/// differentiation): each operation carries the chain rule along, so the loss's gradient comes
/// out of the same arithmetic as the loss. The derivatives are one SIMD vector (lanes 21…31
/// stay zero), so a step costs a few vector instructions.
struct Dual: FSRSScalar {
    var value: Double
    var gradient: SIMD32<Double>

    init(_ value: Double) { self.init(value, .zero) }

    init(_ value: Double, _ gradient: SIMD32<Double>) {
        self.value = value
        self.gradient = gradient
    }

    /// Parameter `index`, whose derivative with respect to itself is 1.
    static func parameter(_ value: Double, _ index: Int) -> Dual {
        var g = SIMD32<Double>.zero
        g[index] = 1
        return Dual(value, g)
    }

    static func + (a: Dual, b: Dual) -> Dual { Dual(a.value + b.value, a.gradient + b.gradient) }
    static func + (a: Dual, b: Double) -> Dual { Dual(a.value + b, a.gradient) }
    static func + (a: Double, b: Dual) -> Dual { Dual(a + b.value, b.gradient) }
    static func - (a: Dual, b: Dual) -> Dual { Dual(a.value - b.value, a.gradient - b.gradient) }
    static func - (a: Dual, b: Double) -> Dual { Dual(a.value - b, a.gradient) }
    static func - (a: Double, b: Dual) -> Dual { Dual(a - b.value, -b.gradient) }
    static prefix func - (a: Dual) -> Dual { Dual(-a.value, -a.gradient) }
    static func * (a: Dual, b: Dual) -> Dual { Dual(a.value * b.value, a.gradient * b.value + b.gradient * a.value) }
    static func * (a: Dual, b: Double) -> Dual { Dual(a.value * b, a.gradient * b) }
    static func * (a: Double, b: Dual) -> Dual { Dual(a * b.value, b.gradient * a) }
    static func / (a: Dual, b: Dual) -> Dual {
        Dual(a.value / b.value, (a.gradient * b.value - b.gradient * a.value) / (b.value * b.value))
    }
    static func / (a: Dual, b: Double) -> Dual { Dual(a.value / b, a.gradient / b) }

    static func exp(_ a: Dual) -> Dual {
        let e = Foundation.exp(a.value)
        return Dual(e, a.gradient * e)
    }

    static func log(_ a: Dual) -> Dual { Dual(Foundation.log(a.value), a.gradient / a.value) }

    /// a^b for a > 0: e^(b·ln a).
    static func pow(_ a: Dual, _ b: Dual) -> Dual {
        let value = Foundation.pow(a.value, b.value)
        return Dual(value, (b.gradient * Foundation.log(a.value) + a.gradient * (b.value / a.value)) * value)
    }

    static func pow(_ a: Dual, _ b: Double) -> Dual {
        let value = Foundation.pow(a.value, b)
        return Dual(value, a.gradient * (b * Foundation.pow(a.value, b - 1)))
    }

    /// `a` held within `low…high`: the derivative passes where `a` lies within, bounds
    /// included, and is zero outside (PyTorch's clamp, which fsrs-rs follows).
    static func clamp(_ a: Dual, _ low: Double, _ high: Double) -> Dual {
        if a.value < low { return Dual(low) }
        if a.value > high { return Dual(high) }
        return a
    }
}
