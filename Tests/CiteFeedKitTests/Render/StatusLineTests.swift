import Testing

@testable import CiteFeedCore
@testable import CiteFeedModel
@testable import CiteFeedSupport

/// The plain status line: the author stays when the text is shortened, and a line's
/// work follows the bar's width, not the citation's length.
@Suite struct StatusLineTests {
    static func pick(_ text: String, author: String? = nil) -> PickSnapshot {
        PickSnapshot(id: 1, uuid: "u", text: text, back: nil, author: author, source: nil, tags: [], favourite: false)
    }

    @Test func theTextIsShortenedAndTheAuthorKept() {
        let renderer = StatusRenderer(settings: Settings())
        let long = "The happiness of your life depends upon the quality of your thoughts: therefore, guard accordingly."
        #expect(
            renderer.plain(Self.pick(long, author: "Marcus Aurelius"), width: 60)
                == "“The happiness of your life depends…” — Marcus Aurelius")
        // It fits: as it is.
        #expect(renderer.plain(Self.pick("Short.", author: "Seneca"), width: 60) == "“Short.” — Seneca")
        // An author that leaves the text less than half the line: the line is cut as before.
        let author = String(repeating: "Author ", count: 8)
        #expect(
            renderer.plain(Self.pick(long, author: author), width: 60).hasPrefix("“The happiness of your life depends upon the quality of"))
        // A template where the text is in a group is cut as a whole.
        var settings = Settings()
        settings.statusTemplate = "[{text}] ({author})"
        #expect(
            StatusRenderer(settings: settings).plain(Self.pick(long, author: "Marcus Aurelius"), width: 40)
                == "The happiness of your life depends…")
    }

    /// A line that fits once its fields were read only so far still shows it was cut.
    @Test func aFieldCutByTheBoundShowsIt() {
        let renderer = StatusRenderer(settings: Settings())
        let heavy = String(repeating: "e" + String(repeating: "\u{0301}", count: 30), count: 5)
        let line = renderer.plain(Self.pick(heavy), width: 10)
        #expect(line.hasSuffix("…”") && TextWidth.columns(of: line) <= 10, "\(line)")
    }

    /// A text of 6 MB (written before the byte limits, or by hand) reads as many code points as
    /// the width needs: the line is the same as for its first few hundred.
    @Test func aHugeTextCostsWhatTheWidthNeeds() {
        let renderer = StatusRenderer(settings: Settings())
        let zalgo = "Zalgo " + String(repeating: "a\u{0301}\u{0302} ", count: 1_000_000)
        let head = String(zalgo.unicodeScalars.prefix(StatusRenderer.bound(width: 60)))
        #expect(renderer.plain(Self.pick(zalgo, author: "Z"), width: 60) == renderer.plain(Self.pick(head, author: "Z"), width: 60))
        #expect(StatusRenderer.head(zalgo, 11) == "Zalgo a\u{0301}\u{0302} a…")
        let tooltip = StatusRenderer.tooltip(zalgo)
        #expect(tooltip.unicodeScalars.count == StatusRenderer.scrollBound + 1 && tooltip.hasSuffix("…"))
        let waybar = renderer.render(.waybar, Self.pick(zalgo), slot: Slot(start: Timestamp(seconds: 0), end: Timestamp(seconds: 3600)))
        #expect(waybar.utf8.count < 20_000)
    }

    /// `current.json`, which `status` reads every second, keeps each field to its byte limit:
    /// a 6 MB text stored before the limits (by an older citefeed, or by hand) cost every
    /// `status` 0.84 s and 114 MB even with the line bounded; now what a citation within the
    /// limits costs.
    @Test func currentJSONKeepsEachFieldToItsLimit() throws {
        let zalgo = "Zalgo" + String(repeating: "\u{0301}", count: 3_000_000)
        let current = CurrentFile(
            slot: Slot(start: Timestamp(seconds: 0), end: Timestamp(seconds: 3600)), pick: Self.pick(zalgo, author: "Z"))
        #expect(current.bytes.count < 81_000)
        let read = try #require(CurrentFile(bytes: current.bytes))
        #expect(read.pick?.text.hasSuffix("…") == true && read.pick?.author == "Z")
        // A citation within the limits is kept whole.
        let fine = CurrentFile(slot: current.slot, pick: Self.pick(String(repeating: "é", count: 20_000)))
        #expect(CurrentFile(bytes: fine.bytes)?.pick?.text == String(repeating: "é", count: 20_000))
    }
}
