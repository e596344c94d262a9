import Testing

@testable import CiteFeedCore
@testable import CiteFeedModel
@testable import CiteFeedSupport

/// Scrolling: a window of a fixed number of display columns moving over the line.
@Suite struct MarqueeTests {
    static let long = "The quick brown fox jumps over the lazy dog, twice, and then once more for luck"

    @Test(arguments: [
        long, "漢字かな交じり文は二列ずつ数えられるので幅が変わってはいけない、これは長い行です", "emoji 😀👍🏽👨‍👩‍👧🇩🇪 in a line that is long enough to move",
        "a\u{301}ccents e\u{301}verywhere and a mark at the end of a long line\u{301}", "x漢y漢z漢w漢v漢u漢t漢s漢r漢q漢p漢o漢n漢m漢l漢k漢",
    ])
    func everyFrameIsExactlyTheWidth(text: String) {
        for width in [10, 11, 17, 30] {
            let marquee = Marquee(text, width: width, pause: 8)
            #expect(marquee.moves)
            for step in 0..<(marquee.period + 3) {
                let frame = marquee.frame(step)
                #expect(TextWidth.columns(of: frame) == width, "width \(width), step \(step): \(frame.debugDescription)")
            }
        }
    }

    @Test func pausesAtTheStartThenMovesOneColumnAStep() {
        let marquee = Marquee(Self.long, width: 20, pause: 8)
        for step in 0..<8 { #expect(marquee.frame(step) == "The quick brown fox ") }
        #expect(marquee.frame(8) == "he quick brown fox j")
        #expect(marquee.frame(9) == "e quick brown fox ju")
        // Round the end, through the gap, and back to the start.
        let length = TextWidth.columns(of: Self.long + Marquee.gap)
        #expect(marquee.period == 8 + length - 1)
        #expect(marquee.frame(marquee.period) == marquee.frame(0))
        #expect(marquee.frame(marquee.period - 1) == " " + "The quick brown fox")
        #expect(marquee.frame(-1) == marquee.frame(marquee.period - 1))
        let end = marquee.frame(8 + Self.long.count - 9)
        #expect(end == "for luck   •   The q", "\(end)")
    }

    @Test func wideCharactersCutByAnEdgeShowAsSpaces() {
        let marquee = Marquee("漢字仮名交じり文", width: 5, pause: 1)
        #expect(marquee.frame(0) == "漢字 ")  // 仮 would end in column 6
        #expect(marquee.frame(1) == " 字仮")  // 漢 is cut by the left edge
        #expect(marquee.frame(2) == "字仮 ")
    }

    @Test func aLineThatFitsStandsStill() {
        let marquee = Marquee("short", width: 10, pause: 8)
        #expect(!marquee.moves)
        #expect(marquee.period == 1)
        #expect((0..<30).allSatisfy { marquee.frame($0) == "short" })
        #expect(!Marquee("漢字漢字漢", width: 10, pause: 1).moves)
        #expect(Marquee("漢字漢字漢字", width: 10, pause: 1).moves)
    }

    @Test func theRendererScrollsOnlyWhenAskedAndKeepsTheTooltipWhole() throws {
        var settings = Settings()
        settings.statusWidth = 20
        let pick = PickSnapshot(
            id: 3, uuid: "00000000-0000-4000-8000-000000000003", text: Self.long, back: nil, author: "Anon", source: nil, tags: [],
            favourite: false)
        let slot = Slot(start: Timestamp(seconds: 0), end: Timestamp(seconds: 3600))
        let still = StatusRenderer(settings: settings)
        #expect(still.render(.plain, pick, slot: slot, step: 40) == still.render(.plain, pick, slot: slot, step: 0))
        #expect(still.render(.plain, pick, slot: slot) == "“The quick…” — Anon\n")
        let moving = StatusRenderer(settings: settings, scroll: true)
        #expect(moving.render(.plain, pick, slot: slot, step: 0) == "“The quick brown fox\n")
        #expect(moving.render(.plain, pick, slot: slot, step: 9) == "he quick brown fox j\n")
        let waybar = try JSONParser.parse(moving.render(.waybar, pick, slot: slot, step: 9))
        #expect(waybar["text"] == .string("<span font_family=\"monospace\">he quick brown fox j</span>"))
        #expect(waybar["tooltip"] == .string(Self.long + "\n\n— Anon"))
        let json = try JSONParser.parse(moving.render(.json, pick, slot: slot, step: 9))
        #expect(json["line"] == .string("he quick brown fox j"))
        settings.scrollSpeed = 10
        #expect(StatusRenderer(settings: settings, scroll: true).marquee(pick, review: nil, width: 20, speed: 10).pause == 20)
    }

    @Test func wrapsByColumnsAndBreaksWordsLongerThanALine() {
        #expect(TextWidth.wrap("one two three four", to: 9) == ["one two", "three", "four"])
        #expect(TextWidth.wrap("abcdefghij kl", to: 4) == ["abcd", "efgh", "ij", "kl"])
        #expect(TextWidth.wrap("漢字漢字漢 a", to: 4) == ["漢字", "漢字", "漢 a"])
        #expect(TextWidth.wrap("", to: 4) == [""])
    }
}
