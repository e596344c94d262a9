import Foundation
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// A few records into a large library are looked up one by one (for speed), and find
/// exactly the duplicates that loading every key finds.
@Suite struct ImportDuplicatesTests {
    static let now = Timestamp(seconds: 1_700_000_000)

    /// A library of 2,000 fillers (enough for the lookups) and the citations `extra`.
    func library(_ extra: [(String, String?)]) throws -> (Sandbox, Library) {
        let box = try Sandbox()
        let library = try box.library()
        let records =
            (0..<2000).map { ImportRecord(location: .line($0 + 1), text: "Filler citation number \($0)", author: "Filler") }
            + extra.enumerated().map { ImportRecord(location: .line(3000 + $0.offset), text: $0.element.0, author: $0.element.1) }
        let result = try library.importRecords(from: ImportReader(records: records), extraTags: [], skipInvalid: false, now: Self.now)
        #expect(result.imported == 2000 + extra.count)
        return (box, library)
    }

    func importing(_ records: [ImportRecord], into library: Library) throws -> ImportResult {
        try library.importRecords(from: ImportReader(records: records), extraTags: [], skipInvalid: false, now: Self.now)
    }

    @Test func aFewRecordsFindTheirDuplicatesByLookingThemUp() throws {
        let (box, library) = try library([
            ("Hello,   World", "Ann"), ("He said \"no\" — 5*3 (NEAR) ^ OR", nil), ("Élan vital", "Henri Bergson"), ("kept alone", "B"),
        ])
        defer { withExtendedLifetime(box) {} }  // its home holds the library
        let uuid = try library.db.query("SELECT uuid FROM citations WHERE text = 'kept alone'") { $0.text(0) }[0]
        var sameUUID = ImportRecord(location: .line(5), text: "Other words entirely", author: nil)
        sameUUID.uuid = uuid
        let records = [
            ImportRecord(location: .line(1), text: "  hello, world ", author: "ANN"),
            ImportRecord(location: .line(2), text: "he said \"NO\" — 5*3 (near) ^ or", author: nil),
            ImportRecord(location: .line(3), text: "élan   VITAL", author: "henri bergson"),
            // Same words, another author; and the words of a citation, in another order: new.
            ImportRecord(location: .line(4), text: "Hello, world", author: "Bob"),
            sameUUID,
            ImportRecord(location: .line(6), text: "World, hello", author: "Ann"),
            ImportRecord(location: .line(7), text: "Elan vital", author: "Henri Bergson"),
        ]
        #expect(records.allSatisfy { ImportDuplicates.canLookUp($0.text!) })
        let result = try importing(records, into: library)
        #expect(result.duplicates == 4)
        #expect(result.imported == 3)
        // The new ones are in the full-text index, and found as duplicates next time.
        #expect(try importing([ImportRecord(location: .line(1), text: "WORLD, hello", author: "ann")], into: library).duplicates == 1)
    }

    /// Text the full-text index cannot find all duplicates of (no word, or letters its
    /// tokenizer does not fold, as Georgian Mtavruli of Unicode 11) makes the import load the keys.
    @Test func textTheIndexCannotFindIsComparedWithEveryKey() throws {
        let (box, library) = try library([("გამარჯობა", "G"), ("😀 🎉 …", nil), ("ok", nil)])
        defer { withExtendedLifetime(box) {} }  // its home holds the library
        #expect(!ImportDuplicates.canLookUp("ᲒᲐᲛᲐᲠᲯᲝᲑᲐ") && !ImportDuplicates.canLookUp("😀  🎉 …"))
        let result = try importing(
            [
                ImportRecord(location: .line(1), text: "ᲒᲐᲛᲐᲠᲯᲝᲑᲐ", author: "g"),
                ImportRecord(location: .line(2), text: "😀  🎉 …", author: nil),
                ImportRecord(location: .line(3), text: "OK", author: nil),
            ], into: library)
        #expect(result.duplicates == 3 && result.imported == 0)
    }

    @Test(arguments: [
        ("Plain words", true), ("日本語のテキスト", true), ("Ünïcödé ÀÉÎ", true), ("ΑΒΓ αβγ", true), ("Привет", true), ("12345", true),
        ("…!?", false), ("😀", false), ("ᲒᲐᲛᲐᲠᲯᲝᲑᲐ", false), ("word ᲒᲐ", false),
    ])
    func canLookUp(text: String, expected: Bool) {
        #expect(ImportDuplicates.canLookUp(text) == expected)
    }
}
