import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// Known answers from the standards, not from our own output.
@Suite struct KnownAnswerTests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }

    /// FIPS 180 (the NIST examples of SHA-1, and the one-million-"a" vector of FIPS 180-1).
    @Test(arguments: [
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "a49b2446a02c645bf419f995b67091253a04a259"
        ),
    ])
    func sha1(message: String, digest: String) {
        #expect(Self.hex(SHA1.digest(Array(message.utf8))) == digest)
    }

    @Test func sha1OfAMillionAs() {
        #expect(
            Self.hex(SHA1.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    /// Message lengths around SHA-1's 64-byte blocks and the 56 bytes that leave room for the
    /// length (padding into a second block): digests by Python's hashlib.
    @Test(arguments: [
        (55, "c1c8bbdc22796e28c0e15163d20899b65621d65a"), (56, "c2db330f6083854c99d4b5bfb6e8f29f201be699"),
        (63, "03f09f5b158a7a8cdad920bddc29b81c18a551f5"), (64, "0098ba824b5c16427bd7a1122a5a442a25ec644d"),
        (65, "11655326c708d70319be2610e8a57d9a5b959d3b"),
    ])
    func sha1AtBlockBoundaries(count: Int, digest: String) {
        #expect(Self.hex(SHA1.digest([UInt8](repeating: UInt8(ascii: "a"), count: count))) == digest)
    }

    /// RFC 9562 appendix A.4 (version 5, the DNS namespace), and a URL-namespace UUID made by
    /// Python's `uuid.uuid5`.
    @Test func nameBasedUUIDs() {
        #expect(
            UUIDString.nameBased(namespace: "6ba7b810-9dad-11d1-80b4-00c04fd430c8", name: "www.example.com")
                == "2ed6657d-e927-568b-95e1-2665a8aea6a2")
        #expect(
            UUIDString.nameBased(namespace: "6ba7b811-9dad-11d1-80b4-00c04fd430c8", name: "https://example.org/")
                == "527dda32-a0de-5105-a042-cb475b5f7d11")
    }
}
