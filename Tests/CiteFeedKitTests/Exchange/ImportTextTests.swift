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

/// The encodings an import file may come in: all read as UTF-8.
@Suite struct ImportTextTests {
    static let text = "“Café” – naïve €5 😀\n"

    func decoded(_ bytes: [UInt8]) throws -> (String, String?) {
        let d = try ImportText.decode(bytes)
        return (String(decoding: d.bytes, as: UTF8.self), d.note)
    }

    @Test func utf8WithAndWithoutBOM() throws {
        #expect(try decoded(Array(ImportTextTests.text.utf8)) == (ImportTextTests.text, nil))
        #expect(try decoded([0xEF, 0xBB, 0xBF] + Array(ImportTextTests.text.utf8)) == (ImportTextTests.text, nil))
    }

    @Test(arguments: [true, false])
    func utf16WithBOM(littleEndian: Bool) throws {
        var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        for unit in ImportTextTests.text.utf16 {
            bytes += littleEndian ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        let (text, note) = try decoded(bytes)
        #expect(text == ImportTextTests.text)
        #expect(note == "read as UTF-16 (\(littleEndian ? "little" : "big")-endian)")
    }

    /// Found by fuzzing (Tests/Fixtures/fuzz/import-markdown): a mark twice is no text.
    @Test func aByteOrderMarkTwice() throws {
        #expect(try decoded([0xFF, 0xFE, 0xFF, 0xFE, 0x41, 0x00]).0 == "A")
        #expect(try decoded([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x41]).0 == "A")
        #expect(try decoded([0xEF, 0xBB, 0xBF]).0 == "")
    }

    @Test func brokenUTF16IsNotText() {
        #expect(throws: ImportText.Failure.binary) { try ImportText.decode([0xFF, 0xFE, 0x41]) }  // odd length
        #expect(throws: ImportText.Failure.binary) { try ImportText.decode([0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00]) }  // lone surrogate
        #expect(throws: ImportText.Failure.binary) { try ImportText.decode([0xFF, 0xFE, 0x41, 0x00, 0x00, 0x00]) }  // NUL
    }

    @Test func notUTF8IsReadAsWindows1252() throws {
        // “Café” – naïve €5, as Windows writes it.
        let bytes: [UInt8] = [0x93, 0x43, 0x61, 0x66, 0xE9, 0x94, 0x20, 0x96, 0x20, 0x6E, 0x61, 0xEF, 0x76, 0x65, 0x20, 0x80, 0x35]
        #expect(try decoded(bytes) == ("“Café” – naïve €5", "not valid UTF-8, so read as Windows-1252"))
        // The five bytes Windows-1252 leaves undefined stay controls, for the import to refuse.
        #expect(try decoded([0xE9, 0x81]).0.unicodeScalars.map(\.value) == [0xE9, 0x81])
    }

    @Test func c1ArtefactsBecomeTheCharactersMeant() throws {
        let (text, note) = try decoded(Array("\u{93}quoted\u{94} \u{85} it\u{92}s".utf8))
        #expect(text == "“quoted” … it’s")
        #expect(note?.hasPrefix("C1 control characters read as the characters they stand for") == true)
        // U+0081 has no Windows-1252 character: it stays.
        #expect(try decoded(Array("a\u{81}b".utf8)) == ("a\u{81}b", nil))
    }

    /// As in Debian's fortunes file `computers`: ’ “ ” ∗ encoded twice.
    @Test func utf8ReadAsLatin1IsRepaired() throws {
        let twice = String(String(decoding: Array("it’s “wrong” ∗ é".utf8), as: UTF8.self).utf8.map { Character(Unicode.Scalar($0)) })
        #expect(twice.unicodeScalars.contains { $0.value == 0x80 })
        #expect(try decoded(Array(twice.utf8)).0 == "it’s “wrong” ∗ é".replacing("é", with: "Ã©"))
    }

    @Test func nulMeansBinary() {
        #expect(throws: ImportText.Failure.binary) { try ImportText.decode(Array("a\u{0}b".utf8)) }
        #expect(throws: ImportText.Failure.binary) { try ImportText.decode([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00]) }
    }
}
