import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#"{"a": [1, -2.5, true, false, null], "b": "x\u00e9\n\ud83d\ude00", "c": {}}"#)
        #expect(
            value
                == .object([
                    ("a", .array([.int(1), .double(-2.5), .bool(true), .bool(false), .null])),
                    ("b", .string("xé\n😀")), ("c", .object([])),
                ]))
    }

    @Test func keepsKeyOrderAndAcceptsAByteOrderMark() throws {
        let value = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array(#"{"z":1,"a":2}"#.utf8))
        #expect(JSONWriter.compact(value) == #"{"z":1,"a":2}"#)
    }

    @Test(arguments: [
        ("{\"a\": 1,\n  \"b\" 2}", 2, 7, "expected ':' after a member name"),
        ("[1, 2", 1, 6, "unexpected end of the document; a list is not closed"),
        ("{\"a\": tru}", 1, 7, "invalid literal, expected 'true'"),
        ("\"abc", 1, 1, "a string is not closed"),
        ("[01]", 1, 2, "a number must not start with 0"),
        ("{} x", 1, 4, "unexpected text after the JSON value"),
        ("", 1, 1, "unexpected end of the document"),
        ("[\"é\", @]", 1, 7, "unexpected character '@'"),
    ])
    func errorsNameLineAndColumn(text: String, line: Int, column: Int, reason: String) {
        #expect(throws: JSONParser.Failure(line: line, column: column, reason: reason)) { try JSONParser.parse(text) }
    }

    @Test func refusesInvalidUTF8InStrings() {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
    }

    @Test func writesPrettyAndCompact() {
        let value = JSONValue.object([("b", .array([.int(1), .string("a/\"\u{1}")])), ("a", .object([])), ("e", .array([]))])
        #expect(JSONWriter.compact(value) == #"{"b":[1,"a/\"\u0001"],"a":{},"e":[]}"#)
        #expect(JSONWriter.pretty(value) == "{\n  \"b\": [\n    1,\n    \"a/\\\"\\u0001\"\n  ],\n  \"a\": {},\n  \"e\": []\n}\n")
    }

    @Test func roundTripsText() throws {
        let text = "line\none\t“quoted” \\ 🎉 \u{2028}"
        let written = JSONWriter.compact(.string(text))
        #expect(try JSONParser.parse(written) == .string(text))
    }
}
