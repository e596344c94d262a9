/// A small seeded generator (SplitMix64, whose finaliser is `Mix.mix`): the same numbers for
/// the same seed, run after run (the optimizer's batches, the tests' random cases).
package struct SplitMix64: RandomNumberGenerator {
    package var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        defer { state &+= 0x9E37_79B9_7F4A_7C15 }
        return Mix.mix(state)
    }
}
