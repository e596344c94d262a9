import Foundation

/// Adam, as fsrs-rs uses it: β1 0.9, β2 0.999, ε 1e-8, with bias correction; no weight decay.
struct Adam {
    var m: [Double]
    var v: [Double]
    var t = 0

    init(count: Int) {
        m = Array(repeating: 0, count: count)
        v = Array(repeating: 0, count: count)
    }

    mutating func step(_ w: inout [Double], gradient g: [Double], rate: Double) {
        t += 1
        let c1 = 1 - pow(0.9, Double(t)), c2 = 1 - pow(0.999, Double(t))
        for j in w.indices {
            m[j] = 0.9 * m[j] + 0.1 * g[j]
            v[j] = 0.999 * v[j] + 0.001 * g[j] * g[j]
            w[j] -= rate * (m[j] / c1) / ((v[j] / c2).squareRoot() + 1e-8)
        }
    }
}
