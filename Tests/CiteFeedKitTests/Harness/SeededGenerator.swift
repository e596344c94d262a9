import CiteFeedSupport

/// A small deterministic generator, so random tests repeat exactly: Support's SplitMix64.
typealias SeededGenerator = SplitMix64
