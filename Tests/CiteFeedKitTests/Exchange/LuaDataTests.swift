import Foundation
import Testing

@testable import CiteFeedExchange

/// The Lua data KOReader writes, read without running anything.
@Suite struct LuaDataTests {
    func parse(_ text: String) throws(LuaData.Failure) -> LuaValue { try LuaData.parse(Array(text.utf8)) }

    @Test func readsWhatKOReaderWrites() throws {
        let value = try parse(
            """
            -- /mnt/us/documents/book.sdr/metadata.epub.lua
            return {
            \t["b"] = {
            \t\t[3] = "three",
            \t\t[1] = "one\\
            two",
            \t\t[2] = 'it\\'s \\"quoted\\" \\t tab \\065\\x42\\u{2014}\\z
                      joined',
            \t},
            \t["n"] = -1.5e+2, ["h"] = 0x1F; ["t"] = true, ["f"] = false, ["z"] = nil,
                name = [[long
            string]], [==[x]==],
                ["empty"] = {}
            }
            """)
        #expect(value["b"]?.list == [.string("one\ntwo"), .string("it's \"quoted\" \t tab AB—joined"), .string("three")])
        #expect(value["n"] == .number(-150) && value["h"] == .number(31) && value["t"] == .boolean(true) && value["f"] == .boolean(false))
        #expect(value["z"] == .null && value["name"] == .string("long\nstring") && value.list == [.string("x")])
        #expect(value["empty"] == .table([]) && value["missing"] == nil)
    }

    /// Code is not data: nothing is called, looked up or run.
    @Test(arguments: [
        "return { os.execute(\"touch pwned\") }", "return { [\"a\"] = os.getenv(\"HOME\") }", "return { a = 1 + 2 }",
        "return { a = function() end }", "return { a = \"x\" .. \"y\" }", "return {} ; os.exit()", "return { a = \"unclosed }",
        "return { a = \"line\nbreak\" }", "return { [nil] = 1 }", "return { a = 1", "return { a = math.huge }", "return { a = 1e999 }",
        "", "return", "return { a = \"\\u{110000}\" }", "return { a = \"\\999\" }",
    ])
    func codeIsRefused(text: String) {
        #expect(throws: LuaData.Failure.self) { try parse(text) }
    }

    @Test func depthIsBounded() throws {
        let deep = "return " + String(repeating: "{", count: 10_000) + String(repeating: "}", count: 10_000)
        #expect(throws: LuaData.Failure(line: 1, reason: "tables nested more than 200 deep")) { try parse(deep) }
        let fine = "return " + String(repeating: "{", count: 150) + String(repeating: "}", count: 150)
        #expect(try parse(fine).isTable)
    }

    @Test func errorsSayWhere() {
        #expect(throws: LuaData.Failure(line: 3, reason: "unexpected 'os': only literal data is read, nothing is run")) {
            try parse("return {\n  [\"a\"] = 1,\n  [\"b\"] = os.time(),\n}")
        }
    }
}
