import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

@Suite struct TextWidthTests {
    @Test(arguments: [
        ("abc", 3), ("日本語", 6), ("😀", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("é", 1), ("e\u{301}", 1), ("🇩🇪", 2),
        ("한국", 4), ("ｆｕｌｌ", 8), ("❤️", 2), ("", 0), ("a\tb", 2),
    ])
    func columns(text: String, width: Int) {
        #expect(TextWidth.columns(of: text) == width)
    }

    @Test func truncatesByColumnsWithoutSplittingGraphemes() {
        #expect(TextWidth.truncate("hello world", to: 20) == "hello world")
        #expect(TextWidth.truncate("hello world", to: 8) == "hello w…")
        #expect(TextWidth.truncate("hello world", to: 7) == "hello…")
        #expect(TextWidth.truncate("日本語のテキスト", to: 7) == "日本語…")
        #expect(TextWidth.truncate("ab👨‍👩‍👧cd", to: 4) == "ab…")
        #expect(TextWidth.truncate("ab👨‍👩‍👧cd", to: 5) == "ab👨‍👩‍👧…")
    }

    @Test func pads() {
        #expect(TextWidth.pad("日本", to: 6) == "日本  ")
        #expect(TextWidth.pad("abcdef", to: 3) == "abcdef")
    }
}
