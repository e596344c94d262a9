import Testing

@testable import CiteFeedKit

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

@Suite struct DuplicateKeyTests {
    @Test func ignoresCaseAndWhiteSpace() {
        #expect(Library.duplicateKey("  Hello\n\tWorld ", "  Ada  Lovelace") == Library.duplicateKey("hello world", "ADA LOVELACE"))
        #expect(Library.duplicateKey("Hello", nil) == Library.duplicateKey("hello", ""))
        #expect(Library.duplicateKey("Hello", "A") != Library.duplicateKey("Hello", "B"))
        #expect(Library.duplicateKey("ab", "c") != Library.duplicateKey("a", "bc"))
    }
}
