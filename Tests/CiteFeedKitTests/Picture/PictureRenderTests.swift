import Foundation
import Testing

@testable import CiteFeedModel
@testable import CiteFeedPicture
@testable import CiteFeedSupport

/// Cards laid out by Pango and drawn by Cairo, in this process.
@Suite(.needsPangoCairo) struct PictureRenderTests {
    static let scripts: [(String, String)] = [
        ("Latin", "Ça m’était égal — naïve façade, œuvre, Straße, Łódź."),
        ("Greek", "Ἓν οἶδα ὅτι οὐδὲν οἶδα. Γνῶθι σεαυτόν."),
        ("Cyrillic", "Рукописи не горят. Всё смешалось в доме Облонских."),
        ("Hebrew", "אם אין אני לי, מי לי? וכשאני לעצמי, מה אני?"),
        ("Arabic", "اطلبوا العلم من المهد إلى اللحد"),
        ("Chinese", "学而不思则罔，思而不学则殆。"),
        ("Japanese", "古池や蛙飛び込む水の音。吾輩は猫である。"),
        ("emoji", "Keep going 🌱🔥✨ — one step at a time 🚶‍♀️👍🏽"),
        ("combining", "e\u{301} a\u{308} n\u{303} — Zalgo̴ o\u{332}"),
    ]

    /// With the fonts scripts/setup-debian --test installs (DejaVu, Noto CJK, Noto Color Emoji),
    /// fontconfig finds a font for every character.
    @Test(arguments: scripts.map(\.0))
    func everyScriptHasItsGlyphs(script: String) throws {
        let text = try #require(Self.scripts.first { $0.0 == script }?.1)
        #expect(try PictureRenderer.unknownGlyphs(in: text) == 0, "\(script): \(text)")
        let picture = try PictureRenderer.render(
            CardContent(text: text, attribution: "— \(script)"), PictureRequest(size: PictureSize(width: 800, height: 600)))
        #expect(picture.unknownGlyphs == 0)
    }

    /// The test above can fail: a character no font has is counted.
    @Test func aCharacterWithoutAFontIsCounted() throws {
        #expect(try PictureRenderer.unknownGlyphs(in: "\u{10FFFD}\u{E000}") > 0)
    }

    /// User text is text, never Pango markup: "<b>x</b>" is eight characters wide, not a bold x.
    @Test func markupIsShownAsWritten() throws {
        let api = try PangoCairo.shared.get()
        let canvas = try Canvas(api, .image, width: 400, height: 100)
        let plain = TextLayout(canvas, text: "x", font: "Sans", size: 20, width: nil).size.width
        for text in ["<b>x</b>", "x &amp;", "<span size='100'>x</span>"] {
            let written = TextLayout(canvas, text: text, font: "Sans", size: 20, width: nil).size.width
            #expect(written > plain * (text.count - 1), "\(text) is drawn as written")
        }
    }

    @Test func aShortTextIsLargeAndALongOneSmallerAndNeverCut() throws {
        let size = PictureSize(width: 1920, height: 1080)
        let short = try PictureRenderer.render(CardContent(text: "Be brief."), PictureRequest(size: size))
        let long = try PictureRenderer.render(
            CardContent(text: String(repeating: "A sentence of a long citation goes on and on. ", count: 12)), PictureRequest(size: size))
        #expect(short.fontSize == Int(Double(1080) * 0.1), "the largest size: \(short.fontSize)")
        #expect(long.fontSize < short.fontSize && long.fontSize >= Int(1080 * 0.035))
        #expect(!short.isCut && !long.isCut)
    }

    /// A 20,000-byte citation makes a card: the smallest size, cut at a word with "…", inside
    /// the card.
    @Test(arguments: [false, true])
    func aHugeCitationIsCutToFit(spaces: Bool) throws {
        let word = spaces ? "overflowing " : "溢"
        let text = String(repeating: word, count: 20_000 / word.utf8.count)
        #expect(text.utf8.count >= 19_990)
        let size = PictureSize(width: 1920, height: 1080)
        // How often the text is laid out (a dozen times, not once a word) is counted in
        // CardFitTests; here the card itself.
        let picture = try PictureRenderer.render(CardContent(text: text, attribution: "— Someone"), PictureRequest(size: size))
        #expect(picture.isCut)
        #expect(picture.fontSize == Int(1080 * 0.035))
        let frame = picture.textFrame
        #expect(frame.y >= 0 && frame.y + frame.height <= size.height, "\(frame)")
    }

    @Test func svgHasTheSizeInPixels() throws {
        let picture = try PictureRenderer.render(
            CardContent(text: "Vector"), PictureRequest(size: PictureSize(width: 640, height: 480), format: .svg))
        let svg = String(decoding: picture.bytes, as: UTF8.self)
        #expect(svg.contains("width=\"640px\" height=\"480px\""), "\(svg.prefix(300))")
    }

    @Test func marginsMoveTheCardAndTooLargeOnesAreRefused() throws {
        let size = PictureSize(width: 1000, height: 800)
        let plain = try PictureRenderer.render(CardContent(text: "Centre"), PictureRequest(size: size))
        var request = PictureRequest(size: size)
        request.margins = PictureMargins(top: 300, right: 0, bottom: 0, left: 0)
        let lower = try PictureRenderer.render(CardContent(text: "Centre"), request)
        #expect(lower.textFrame.y > plain.textFrame.y + 100)
        request.margins = PictureMargins(top: 400, right: 0, bottom: 350, left: 0)
        #expect(throws: PictureError.marginsTooLarge(request.margins, width: 1000, height: 800)) {
            try PictureRenderer.render(CardContent(text: "Centre"), request)
        }
    }

    @Test func backgroundsThatAreNotPNGsAreRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var request = PictureRequest(size: PictureSize(width: 400, height: 300))
        let text = directory.appendingPathComponent("note.png").path
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: text))
        request.background = text
        #expect(throws: PictureError.backgroundNotPNG(text)) { try PictureRenderer.render(CardContent(text: "x"), request) }
        // A PNG's signature and header over damaged data.
        let damaged = directory.appendingPathComponent("damaged.png").path
        try Data(
            PNGHeader.signature + [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 1, 0, 0, 0, 1, 0, 8, 2, 0, 0, 0]
                + [UInt8](repeating: 7, count: 40)
        )
        .write(to: URL(fileURLWithPath: damaged))
        request.background = damaged
        #expect(throws: PictureError.backgroundUndecodable(damaged)) { try PictureRenderer.render(CardContent(text: "x"), request) }
        // A small file that says it is 20000 pixels wide is refused before it is decoded.
        let huge = directory.appendingPathComponent("huge.png").path
        try Data(PNGHeader.signature + [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0x4E, 0x20, 0, 0, 0, 10, 8, 2, 0, 0, 0])
            .write(to: URL(fileURLWithPath: huge))
        request.background = huge
        #expect(throws: PictureError.backgroundTooLarge(huge, width: 20000, height: 10)) {
            try PictureRenderer.render(CardContent(text: "x"), request)
        }
        request.background = directory.path
        #expect(throws: PictureError.backgroundUnreadable(directory.path, IOFailure(.read, directory.path, .isDirectory))) {
            try PictureRenderer.render(CardContent(text: "x"), request)
        }
        request.background = directory.appendingPathComponent("absent.png").path
        #expect(throws: PictureError.backgroundMissing(request.background!)) {
            try PictureRenderer.render(CardContent(text: "x"), request)
        }
    }
}
