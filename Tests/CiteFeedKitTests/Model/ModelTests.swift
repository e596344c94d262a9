import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

@Suite struct CitationInputTests {
    @Test func trimsAndKeepsInnerNewlinesAndTabs() throws {
        #expect(try CitationInput.text("  a\n\tb \r\n c  ") == "a\n\tb \n c")
    }

    @Test(arguments: ["", "   ", "\n\t \n"])
    func refusesEmptyText(text: String) {
        #expect(throws: ModelError.emptyText) { try CitationInput.text(text) }
    }

    @Test func refusesTextOverTheLimit() throws {
        #expect(try CitationInput.text(String(repeating: "é", count: 20_000)).count == 20_000)
        #expect(throws: ModelError.tooLong(field: "text", limit: 20_000, actual: 20_001)) {
            try CitationInput.text(String(repeating: "a", count: 20_001))
        }
    }

    @Test func namesTheControlCharacterAndItsPosition() {
        #expect(throws: ModelError.controlCharacter(field: "text", scalar: 7, position: 4)) { try CitationInput.text("abc\u{7}d") }
        #expect(throws: ModelError.controlCharacter(field: "text", scalar: 13, position: 2)) { try CitationInput.text("a\rb") }
        #expect(throws: ModelError.controlCharacter(field: "author", scalar: 10, position: 2)) { try CitationInput.author("a\nb") }
        #expect(
            ModelError.controlCharacter(field: "text", scalar: 7, position: 4).message
                == "The text contains the control character U+0007 (BEL) at position 4; only tab and newline are allowed.")
        #expect(
            ModelError.controlCharacter(field: "author", scalar: 10, position: 2).message
                == "The author contains the control character U+000A (LF) at position 2; it is one line, where only tab is allowed.")
    }

    /// "Zalgo" and 3,000,000 combining marks is 1 character and 6 MB; the limits
    /// are bytes too (4 per character of the limit), and a character carries at most 30 marks.
    @Test func limitsAreBytesAndMarksToo() throws {
        let zalgo = "Zalgo" + String(repeating: "\u{0301}", count: 3_000_000)
        #expect(throws: ModelError.tooManyBytes(field: "text", limit: 80_000, actual: 6_000_005)) { try CitationInput.text(zalgo) }
        #expect(throws: ModelError.tooManyBytes(field: "author", limit: 2_000, actual: 2_001)) {
            try CitationInput.author(String(repeating: "€", count: 667))
        }
        #expect(throws: ModelError.tooManyMarks(field: "source", marks: 31, position: 3)) {
            try CitationInput.source("ab" + "c" + String(repeating: "\u{0301}", count: 31))
        }
        // 30 marks, an emoji family and a flag of a region stay whole.
        let fine = "e" + String(repeating: "\u{0301}", count: 30) + " 👨‍👩‍👧‍👦 🏴󠁧󠁢󠁳󠁣󠁴󠁿"
        #expect(try CitationInput.text(fine) == fine)
        #expect(try CitationInput.text(String(repeating: "𝄞", count: 20_000)).unicodeScalars.count == 20_000)
        #expect(
            ModelError.tooManyBytes(field: "text", limit: 80_000, actual: 6_000_005).message
                == "The text is 6000005 bytes long in UTF-8; at most 80000 are allowed.")
        #expect(
            ModelError.tooManyMarks(field: "text", marks: 31, position: 3).message
                == "The text has a character with 31 combining marks at position 3; at most 30 are allowed.")
        #expect(throws: ModelError.self) { try Tag.validateName("x" + String(repeating: "\u{0301}", count: 200)) }
        #expect(throws: ModelError.self) { try Tag.validateName("x" + String(repeating: "\u{0301}", count: 31)) }
        #expect(try Tag.validateName("e" + String(repeating: "\u{0301}", count: 30)).unicodeScalars.count == 31)
    }

    /// A colour that is not one never leaves `hexValue` as it came.
    @Test func hexValueIsAlwaysAColour() {
        #expect(Palette.hexValue(of: "red") == "#FF3B30")
        #expect(Palette.hexValue(of: "#00ff00") == "#00FF00")
        for bad in [#"red"><script>"#, "#[fg=red]", "", "#12345", "#1234567", "RED", "\u{1B}[31m"] {
            #expect(Palette.hexValue(of: bad) == Palette.unknownHex, "\(bad)")
        }
    }

    @Test func optionalFieldsBecomeNilWhenEmpty() throws {
        #expect(try CitationInput.author("  ") == nil)
        #expect(try CitationInput.source(nil) == nil)
        #expect(try CitationInput.back(" x ") == "x")
        #expect(throws: ModelError.tooLong(field: "author", limit: 500, actual: 501)) {
            try CitationInput.author(String(repeating: "a", count: 501))
        }
    }
}

@Suite struct TagAndPaletteTests {
    @Test(arguments: [("  life  ", "life"), ("Émile", "Émile"), (String(repeating: "x", count: 40), String(repeating: "x", count: 40))])
    func validNames(raw: String, name: String) throws {
        #expect(try Tag.validateName(raw) == name)
    }

    @Test(arguments: ["", "  ", "a,b", "a;b", "a\nb", String(repeating: "x", count: 41), "a\u{7}"])
    func invalidNames(raw: String) {
        #expect(throws: ModelError.self) { try Tag.validateName(raw) }
    }

    @Test func namesAreUniqueIgnoringCaseBeyondASCII() {
        #expect(Tag.key("ÉTÉ") == Tag.key("été"))
    }

    @Test func colours() throws {
        #expect(try Palette.normalize("Blue") == "blue")
        #expect(try Palette.normalize("#ff00aa") == "#FF00AA")
        #expect(throws: ModelError.invalidColor("bleu")) { try Palette.normalize("bleu") }
        #expect(throws: ModelError.invalidColor("#12345")) { try Palette.normalize("#12345") }
        #expect(Palette.rgb(of: "#FF8000") == (255, 128, 0))
        #expect(Palette.hexValue(of: "red") == "#FF3B30")
    }

    @Test func nextColourIsTheFirstUnusedThenTheLeastUsed() {
        #expect(Palette.nextColor(used: []) == "red")
        #expect(Palette.nextColor(used: ["red", "yellow"]) == "orange")
        #expect(Palette.nextColor(used: Palette.names + ["red", "orange"]) == "yellow")
    }
}

@Suite struct IntervalTests {
    @Test(arguments: [
        ("15m", 15, "15m"), ("1h", 60, "1h"), ("90m", 90, "1h30m"), ("1h30m", 90, "1h30m"), ("24h", 1440, "1d"), ("7d", 10080, "7d"),
        ("30d", 43200, "30d"), ("1m", 1, "1m"), ("6H", 360, "6h"), ("1440m", 1440, "1d"),
    ])
    func valid(text: String, minutes: Int, written: String) throws {
        let interval = try Interval(parsing: text)
        #expect(interval.minutes == minutes)
        #expect(interval.description == written)
    }

    @Test(arguments: ["7m", "0m", "31d", "1x", "", "h", "-1h", "25h", "1.5h", "99999999999999999d"])
    func invalid(text: String) {
        #expect(throws: IntervalError.self) { try Interval(parsing: text) }
    }
}

/// The one duration type, for intervals, offsets and learning steps.
@Suite struct SpanTests {
    @Test(
        arguments: [
            ("0", 0, "0"), ("30m", 30, "30m"), ("7h", 420, "7h"), ("1d7h", 1860, "1d7h"), ("7h1d", 1860, "1d7h"), ("90m", 90, "1h30m"),
            ("1D 2H", nil, ""), ("2h30m", 150, "2h30m"), (" 10M ", 10, "10m"), ("1h1h", nil, ""), ("h", nil, ""), ("5", nil, ""),
            ("", nil, ""),
            ("-1m", nil, ""), ("1.5h", nil, ""),
        ] as [(String, Int?, String)])
    func parsesAndPrints(text: String, minutes: Int?, written: String) {
        let span = Span(parsing: text)
        #expect(span?.minutes == minutes)
        if let span { #expect(span.description == written && Span(parsing: span.description) == span) }
    }

    @Test func hugeNumbersAreTooLargeNotWrong() {
        #expect(Span(parsing: "99999999999999999999d")?.minutes == Int(Int32.max) * Span.day)
        #expect(throws: SettingValueError.rule("an offset is less than 30d")) { try Schedule.parseOffset("99999999999d") }
        #expect(throws: SettingValueError.rule("an offset is less than 30d")) { try Schedule.parseOffset("30d") }
    }

    @Test func timesOfDay() {
        #expect(TimeOfDay.minutes("04:00") == 240 && TimeOfDay.minutes("4:00") == 240 && TimeOfDay.minutes("24:00") == 1440)
        #expect(TimeOfDay.minutes("24:01") == nil && TimeOfDay.minutes("12:60") == nil && TimeOfDay.minutes("1200") == nil)
        #expect(TimeOfDay.text(240) == "04:00" && TimeOfDay.text(1439) == "23:59")
    }
}

@Suite struct StatusTemplateTests {
    @Test func fillsPlaceholdersAndDropsEmptyGroups() throws {
        let template = try StatusTemplate(parsing: "“{text}”[ — {author}][, {source}]")
        #expect(template.render(["text": "Hi", "author": "Me"]) == "“Hi” — Me")
        #expect(template.render(["text": "Hi", "source": "Book"]) == "“Hi”, Book")
        // The fallback of a template that does not parse is {text} alone.
        #expect(try StatusTemplate(parsing: "{text}") == StatusTemplate.textOnly)
    }

    @Test(arguments: ["{nope}", "[{text}", "{text}]", "{text", "text}"])
    func refusesBrokenTemplates(text: String) {
        #expect(throws: TemplateError.self) { try StatusTemplate(parsing: text) }
    }
}

@Suite struct SearchQueryTests {
    @Test(arguments: [
        ("life", "\"life\""), ("Happ* days", "\"Happ\"* \"days\""), ("don't", "\"don t\""), ("a\"b OR c", "\"a b\" \"OR\" \"c\""),
        ("NEAR(x", "\"NEAR x\""),
    ])
    func wordsBecomeQuotedTerms(words: String, query: String) {
        #expect(CitationQuery.ftsQuery(words) == query)
    }

    @Test(arguments: ["", "  ", "*", "\"\" -"])
    func noWordsNoQuery(words: String) {
        #expect(CitationQuery.ftsQuery(words) == nil)
    }
}

@Suite struct UUIDStringTests {
    @Test func randomUUIDsAreVersion4AndLowerCase() {
        for _ in 0..<200 {
            let uuid = UUIDString.random()
            let b = Array(uuid.utf8)
            #expect(UUIDString.bits(of: uuid) != nil && uuid == uuid.lowercased())
            #expect(b[14] == UInt8(ascii: "4") && "89ab".utf8.contains(b[19]), "\(uuid)")
        }
    }

    @Test func formatSpellsTheBytes() {
        #expect(UUIDString.format(Array(0..<16)) == "00010203-0405-0607-0809-0a0b0c0d0e0f")
        #expect(UUIDString.format(Array(repeating: 0xFF, count: 16)) == "ffffffff-ffff-ffff-ffff-ffffffffffff")
    }

    @Test func bitsAreTheDigitsWhateverTheirCase() {
        let bits = UUIDString.bits(of: "00010203-0405-0607-0809-0a0b0c0d0e0f")
        #expect(bits == UUIDBits(high: 0x0001_0203_0405_0607, low: 0x0809_0a0b_0c0d_0e0f))
        #expect(UUIDString.bits(of: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8") == UUIDString.bits(of: "6ba7b810-9dad-11d1-80b4-00c04fd430c8"))
        #expect(UUIDString.bits(of: "6ba7b810-9dad-11d1-80b4-00c04fd430c9") != UUIDString.bits(of: "6ba7b810-9dad-11d1-80b4-00c04fd430c8"))
        for bad in [
            "", "6ba7b810-9dad-11d1-80b4-00c04fd430c", "6ba7b810-9dad-11d1-80b4-00c04fd430c8a", "6ba7b8109dad-11d1-80b4-00c04fd430c8-",
            "6ba7b810-9dad-11d1-80b4-00c04fd430cg", "{6ba7b810-9dad-11d1-80b4-00c04fd430c}", "6ba7b810_9dad_11d1_80b4_00c04fd430c8",
        ] {
            #expect(UUIDString.bits(of: bad) == nil, "\(bad)")
        }
    }
}
