import CPlatform

/// A UUID as its 128 bits: what a bulk import keeps of every uuid to find those already there
/// (a set of these hashes two integers instead of 36 characters).
package struct UUIDBits: Equatable {
    let high: UInt64
    let low: UInt64
}
