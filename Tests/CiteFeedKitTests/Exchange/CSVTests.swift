import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

@Suite struct CSVTests {
    @Test func parsesQuotedCommasDoubledQuotesAndNewlines() throws {
        let records = try CSV.parse("\u{FEFF}a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n\r\nlast,,\n")
        #expect(
            records == [
                CSV.Record(line: 1, fields: ["a", "b", "c"]), CSV.Record(line: 2, fields: ["x, y", "say \"hi\"", "two\nlines"]),
                CSV.Record(line: 5, fields: ["last", "", ""]),
            ])
    }

    @Test func noTrailingNewlineAndEmptyQuotedField() throws {
        #expect(try CSV.parse("a,\"\"") == [CSV.Record(line: 1, fields: ["a", ""])])
    }

    @Test func unterminatedQuoteNamesItsLine() {
        #expect(throws: CSV.Failure(line: 2, reason: "a quoted field is not closed")) { try CSV.parse("a,b\n\"open,c\nmore\n") }
        #expect(throws: CSV.Failure(line: 1, reason: "a quote inside an unquoted field")) { try CSV.parse("ab\"c\n") }
    }

    @Test func writesWhatItReads() throws {
        let fields = ["plain", "with, comma", "with \"quote\"", "two\nlines", ""]
        #expect(CSV.record(fields) == "plain,\"with, comma\",\"with \"\"quote\"\"\",\"two\nlines\",\r\n")
        #expect(try CSV.parse(CSV.record(fields)).first?.fields == fields)
    }
}

@Suite struct CSVReaderTests {
    @Test func readsOneRecordAtATimeAndReportsHowFar() throws {
        let text = "a,b\n\"x\ny\",z\n\nlast,\"q\"\"\"\n"
        var reader = CSV.Reader(Array(text.utf8))
        #expect(reader.fractionRead == 0)
        #expect(try reader.next() == CSV.Record(line: 1, fields: ["a", "b"]))
        #expect(try reader.next() == CSV.Record(line: 2, fields: ["x\ny", "z"]))
        #expect(try reader.next() == CSV.Record(line: 5, fields: ["last", "q\""]))
        #expect(reader.fractionRead == 1)
        #expect(try reader.next() == nil)
    }

    @Test func doubledQuotesAndLineBreaksInOneFieldKeepTheLineCount() throws {
        var reader = CSV.Reader(Array("\"a\"\"\nb\"\"\nc\",d\nnext\n\"\n\n\",e\nlast".utf8))
        #expect(try reader.next() == CSV.Record(line: 1, fields: ["a\"\nb\"\nc", "d"]))
        #expect(try reader.next() == CSV.Record(line: 4, fields: ["next"]))
        #expect(try reader.next() == CSV.Record(line: 5, fields: ["\n\n", "e"]))
        #expect(try reader.next() == CSV.Record(line: 8, fields: ["last"]))
    }

    @Test func aFailureLateInTheFileComesWhenItIsReached() throws {
        var reader = CSV.Reader(Array("a\nb\n\"c\n".utf8))
        #expect(try reader.next()?.fields == ["a"])
        #expect(try reader.next()?.fields == ["b"])
        #expect(throws: CSV.Failure(line: 3, reason: "a quoted field is not closed")) { try reader.next() }
    }

    @Test func crlfAndLoneCRAndUnicodeFields() throws {
        #expect(
            try CSV.parse("é,“q”\r\nx\ry") == [
                CSV.Record(line: 1, fields: ["é", "“q”"]), CSV.Record(line: 2, fields: ["x"]), CSV.Record(line: 3, fields: ["y"]),
            ])
    }
}

@Suite struct DuplicateKeyTests {
    func key(_ text: String, _ author: String?) -> DuplicateKey {
        var maker = DuplicateKey.Maker()
        return maker.key(text: text, author: author)
    }

    @Test func ignoresCaseAndWhiteSpace() {
        #expect(key("  Hello\n\tWorld ", "  Ada  Lovelace") == key("hello world", "ADA LOVELACE"))
        #expect(key("Hello", nil) == key("hello", ""))
        #expect(key("Hello", "A") != key("Hello", "B"))
        #expect(key("ab", "c") != key("a", "bc"))
        #expect(key("Hello world", nil) != key("Helloworld", nil))
    }

    @Test func unicodeCaseAndSpaces() {
        #expect(key("ÉCOLE\u{00A0}\u{2003}DU  Soir", "Ünal") == key("école du soir", "ünal"))
        #expect(key("Straße", nil) != key("Strasse", nil))
        #expect(key("日本 語", nil) == key("日本\u{3000}語", nil))
    }

    /// The ASCII fast path writes what the Unicode path writes, for any printable ASCII with
    /// spaces, tabs and line breaks anywhere; other control characters, and text of punctuation
    /// alone (which is compared with its punctuation), go the Unicode way.
    @Test func asciiPathAgreesWithUnicodePath() {
        var rng = SeededGenerator(seed: 89)
        let alphabet = Array("aZ Q\t\n\r\u{0B}\u{0C}.!~0 9".utf8) + Array(0x21...0x7E).map(UInt8.init)
        var out = [UInt8](repeating: 0, count: 256)
        var mismatches: [String] = []
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...40, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            var unicode: [UInt8] = []
            let n = bytes.withUnsafeBufferPointer { b in
                DuplicateKey.Maker.normalizeUnicode(b, into: &unicode)
                return out.withUnsafeMutableBufferPointer { DuplicateKey.Maker.normalizeASCII(b, into: $0, at: 0) }
            }
            // Only a text of the ends' punctuation alone may be left to the Unicode path.
            let edgesOnly = bytes.allSatisfy { $0 <= 0x20 || DuplicateKey.Maker.isEdgePunctuation($0) } && bytes.contains { $0 > 0x20 }
            if (n < 0 && !edgesOnly) || (n >= 0 && Array(out[0..<n]) != unicode) {
                mismatches.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
        let control = Array("a\u{01}b".utf8).withUnsafeBufferPointer { b in
            out.withUnsafeMutableBufferPointer { DuplicateKey.Maker.normalizeASCII(b, into: $0, at: 0) }
        }
        #expect(control == -1)
    }

    /// What readers write differently is one form: typographic quotes, apostrophes, dashes and
    /// ellipses, spaces, and the punctuation at a highlight's ends; punctuation inside a text
    /// is kept, and a text of punctuation alone is compared with it.
    @Test func readersPunctuationIsOneForm() {
        var maker = DuplicateKey.Maker()
        func key(_ text: String, _ author: String? = "Ann Author") -> DuplicateKey { maker.key(text: text, author: author) }
        #expect(key("Don't stop -- ever...") == key("don’t  stop — ever…"))
        #expect(key("whether or not a ship came.") == key("Whether or not a ship came"))
        #expect(key("Storms stayed too long…") == key("Storms stayed too long."))
        #expect(key("\"Bonjour,\" dit-il") == key("«Bonjour,» dit–il"))
        #expect(key("x = a - b") != key("x = a + b"))
        #expect(key("C++ is great") != key("C is great"))
        #expect(key("Storms stayed") != key("Storms stay"))
        #expect(key("!!!", nil) != key("???", nil))
        #expect(key("!!!", nil) == key(" !!! ", nil))
    }

    @Test func bytesOfARowGiveTheSameKeyAsStrings() {
        var maker = DuplicateKey.Maker()
        for (text, author) in [("Hello  World", "Ada"), ("Ça  va", "Zoë"), ("no author", "")] {
            let fromBytes = Array(text.utf8).withUnsafeBufferPointer { t in
                Array(author.utf8).withUnsafeBufferPointer { a in maker.key(text: t, author: a) }
            }
            #expect(fromBytes == key(text, author))
        }
    }

    /// Found by `scripts/fuzz csv`: records that did not read back as written.
    @Test func fuzzFindingsReadBackAsWritten() throws {
        // A field starting with a byte order mark, at the start of a file (the reader skips one there).
        #expect(CSV.record(["\u{FEFF}x", "y"]) == "\"\u{FEFF}x\",y\r\n")
        #expect(try CSV.parse(CSV.record(["\u{FEFF}x", "y"])).map(\.fields) == [["\u{FEFF}x", "y"]])
        // A record of one empty field (written as a blank line, it was skipped).
        #expect(CSV.record([""]) == "\"\"\r\n")
        #expect(try CSV.parse("a\r\n" + CSV.record([""]) + "b\r\n").map(\.fields) == [["a"], [""], ["b"]])
    }
}
