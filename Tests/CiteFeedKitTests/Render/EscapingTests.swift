import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// The escaping helpers each output relies on, exactly.
@Suite struct EscapingTests {
    @Test(arguments: [
        // A prepended concatenation mark joins the `%` into one Character with it.
        ("\u{0600}%{A1:touch /tmp/x:}click%{A}", "\u{0600}%\u{200B}{A1:touch /tmp/x:}click%\u{200B}{A}"),
        // Marks and format characters between `%` and `{` are dropped, a zero-width space put in.
        ("%\u{0301}{F#f00}", "%\u{200B}{F#f00}"),
        ("%\u{200D}{F#f00}", "%\u{200B}{F#f00}"),
        ("%\u{FE0F}{F#f00}", "%\u{200B}{F#f00}"),
        ("%\u{200B}{F#f00}", "%\u{200B}{F#f00}"),
        ("%\u{202E}\u{0301}\u{2060}{F-}", "%\u{200B}{F-}"),
        ("%%{", "%%\u{200B}{"),
        ("100% sure {maybe}", "100% sure {maybe}"),
        ("%\u{0301}x", "%\u{0301}x"),
        ("%", "%"),
    ])
    func polybarNeutralisesOnScalars(input: String, expected: String) {
        #expect(input.polybarNeutralized.unicodeScalars.map(\.value) == expected.unicodeScalars.map(\.value))
    }

    /// Over random strings of the dangerous pieces (seeded): no `%` is ever followed by `{`,
    /// even once every scalar a renderer may drop (but our zero-width space) is dropped.
    @Test func polybarNeverLeavesPercentBeforeBrace() {
        let alphabet: [String] = ["%", "{", "}", "\u{0600}", "\u{0301}", "\u{200D}", "\u{FE0F}", "\u{202E}", "\u{200B}", "a", "A1:x:", " "]
        var rng = SeededGenerator(seed: 10)
        for _ in 0..<5000 {
            let input = (0..<Int.random(in: 1...12, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined()
            let out = Array(input.polybarNeutralized.unicodeScalars)
            let kept = out.filter { $0 == "\u{200B}" || !$0.isUndrawn }
            for scalars in [out, kept] {
                for (a, b) in zip(scalars, scalars.dropFirst()) {
                    #expect(!(a == "%" && b == "{"), "\(input.unicodeScalars.map(\.value))")
                }
            }
        }
    }

    @Test(arguments: [
        ("https://example.org/x?a=1&b=<2>", "https://example.org/x?a=1&b=%3C2%3E"),
        ("https://exämple.org/ü?q=é", "https://ex%C3%A4mple.org/%C3%BC?q=%C3%A9"),
        ("https://[::1]:8080/a[b]{c}|^`\\\"", "https://[::1]:8080/a%5Bb%5D%7Bc%7D%7C%5E%60%5C%22"),
        ("https://e.org/%zz%41%4", "https://e.org/%25zz%41%254"),
        ("https://e.org/a#b#c", "https://e.org/a#b%23c"),
        ("https://user@e.org:8080/p;x=1/~a-b_c.d?q=a/b?c&d=e+f#top", "https://user@e.org:8080/p;x=1/~a-b_c.d?q=a/b?c&d=e+f#top"),
    ])
    func urisAreMadeValid(input: String, expected: String) {
        #expect(input.uriEncoded == expected)
    }

    @Test func onlyHTTPAddressesWithARegisteredHostAreLinks() {
        // A space after the host is percent-encoded; in the host it is no address.
        #expect("https://example.org/a b".linkURI == "https://example.org/a%20b")
        #expect("https://exa mple.org/a".linkURI == nil)
        #expect("ftp://example.org/".linkURI == nil)
        #expect("http://[::1]:80/a".linkURI == nil)
        #expect("http://example.com]/x".linkURI == nil)
        #expect("https://exämple.org/<x>".linkURI == "https://ex%C3%A4mple.org/%3Cx%3E")
    }

    @Test func noncharactersAreDroppedFromXMLAndHTML() {
        // (Swift refuses noncharacters in literals: the string is made from its scalars.)
        let values: [UInt32] = [0x61, 0xFDD0, 0x62, 0xFDEF, 0x63, 0xFFFE, 0x64, 0x1FFFF, 0x65, 0x10FFFF, 0x66, 0xFDCF, 0x67, 0xFFFD]
        let text = String(String.UnicodeScalarView(values.compactMap(Unicode.Scalar.init)))
        #expect(text.xmlEscaped == "abcdef\u{FDCF}g\u{FFFD}")
    }

    @Test func feedTextEscaping() {
        // Titles: HTML, then XML with hexadecimal references.
        #expect("AT&T <b>x</b> 'q'".xmlEscapedAsHTML == "AT&#x26;amp;T &#x26;lt;b&#x26;gt;x&#x26;lt;/b&#x26;gt; &#39;q&#39;")
        // Plain text: hexadecimal references, a word joiner where an end tag or address opens.
        #expect(
            "A & B <Co> </b> <ann@example.org>".xmlPlainText
                == "A &#x26; B &#x3C;Co&gt; &#x3C;\u{2060}/b&gt; &#x3C;\u{2060}ann@example.org&gt;")
        #expect("a\u{0}b\u{FFFF}c\u{1B}".xmlEscaped == "abc")
    }

    @Test func waybarAltIsPangoEscaped() throws {
        let pick = PickSnapshot(
            id: 1, uuid: "00000000-0000-4000-8000-000000000001", text: "t", back: nil, author: nil, source: nil,
            tags: [Tag(name: "R&D <i>x</i>", color: "red")], favourite: false)
        let line = StatusRenderer(settings: Settings()).render(
            .waybar, pick, slot: Slot(start: Timestamp(seconds: 0), end: Timestamp(seconds: 3600)))
        #expect(try JSONParser.parse(line)["alt"] == .string("R&amp;D &lt;i&gt;x&lt;/i&gt;"))
    }

    @Test(arguments: [
        ("\u{1B}]0;pwned\u{07}", "\\x1b]0;pwned\\x07"),
        ("\u{1B}]52;c;aGk=\u{07}", "\\x1b]52;c;aGk=\\x07"),
        ("a\u{1B}[2Jb", "a\\x1b[2Jb"),
        ("abc\u{202E}def\u{2066}g\u{200F}", "abc\\u202edef\\u2066g\\u200f"),
        ("\u{85}\u{9B}31m\u{7F}", "\\x85\\x9b31m\\x7f"),
        ("tab\tand\nnewline — é ✓", "tab\tand\nnewline — é ✓"),
    ])
    func terminalSafeShowsControlsEscaped(input: String, expected: String) {
        #expect(input.terminalSafe == expected)
    }

    @Test func echoedValuesAreOneLineAndCut() {
        #expect("a\nb\tc\u{1B}".echoed() == "a\\x0ab\\x09c\\x1b")
        #expect(String(repeating: "x", count: 500).echoed(limit: 10) == "xxxxxxxxxx…")
        #expect(quoted(String(repeating: "y", count: 1_000_000)).count == 123)
    }

    @Test func terminalTextEscapesOnlyWhatIsInterpolated() {
        let data = "\u{1B}[31mred"
        let text: TerminalText = "\u{1B}[1m\(data)\u{1B}[0m"
        #expect(text.rendered == "\u{1B}[1m\\x1b[31mred\u{1B}[0m")
        #expect(TerminalText(data).rendered == "\\x1b[31mred")
        #expect(Terminal(color: true, width: 80).bold(data).rendered == "\u{1B}[1m\\x1b[31mred\u{1B}[0m")
        #expect(Terminal(color: false, width: 80).tint(data, "red").rendered == "\\x1b[31mred")
    }

    @Test(arguments: [
        ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"), ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"), ("@SUM(1)", "'@SUM(1)"),
        ("-2+3", "'-2+3"), ("'=x", "''=x"), ("'x", "'x"), ("plain", "plain"), ("", ""), ("''=x", "'''=x"),
    ])
    func csvCellsThatSpreadsheetsRunAreGuarded(cell: String, guarded: String) {
        #expect(CSV.formulaGuarded(cell) == guarded)
        #expect(CSV.formulaUnguarded(CSV.formulaGuarded(cell)) == cell)
    }

    @Test func aPickForALaterSlotIsNotShownNow() {
        let slot = Slot(start: Timestamp(seconds: 3600), end: Timestamp(seconds: 7200))
        let snapshot = PickSnapshot(
            id: 1, uuid: "00000000-0000-4000-8000-000000000001", text: "t", back: nil, author: nil, source: nil, tags: [], favourite: false)
        func pick(slotStart: Int64, at: Int64) -> Pick {
            Pick(
                id: 1, slot: Slot(start: Timestamp(seconds: slotStart), end: Timestamp(seconds: slotStart + 3600)),
                pickedAt: Timestamp(seconds: at), cycle: 1, reason: .rotate, snapshot: snapshot)
        }
        #expect(pick(slotStart: 3600, at: 3600).isShown(in: slot))
        #expect(pick(slotStart: 3600, at: 5000).isShown(in: slot))
        #expect(!pick(slotStart: 0, at: 0).isShown(in: slot))
        // After `defaults write interval 1d`: the hour's pick is the day's.
        let day = Slot(start: Timestamp(seconds: 0), end: Timestamp(seconds: 86400))
        #expect(pick(slotStart: 3600, at: 5000).isShown(in: day))
        #expect(!pick(slotStart: 86400, at: 86400).isShown(in: day))
        #expect(!pick(slotStart: 2_000_000_000, at: 2_000_000_000).isShown(in: slot))
    }
}
