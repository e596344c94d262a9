import Testing

@testable import CiteFeedPicture

/// The fitting rules apart from Pango: a text "fits" here when it has at most N characters.
@Suite struct CardFitTests {
    @Test(arguments: [(10...100, 57, 57), (10...100, 200, 100), (10...100, 10, 10), (10...100, 9, nil)] as [(ClosedRange<Int>, Int, Int?)])
    func largestSizeThatFits(range: ClosedRange<Int>, limit: Int, expected: Int?) {
        var asked = 0
        let size = CardFit.largestSize(in: range) {
            asked += 1; return $0 <= limit
        }
        #expect(size == expected)
        #expect(asked <= 8, "halving asks about log2 of the range, not every size")
    }

    @Test func cutsAtTheLastWordThatFitsWithAnEllipsis() {
        let text = "The quick brown fox jumps over the lazy dog"
        #expect(CardFit.cut(text) { $0.count <= 22 } == "The quick brown fox…")
        #expect(CardFit.cut(text) { $0.count <= 20 } == "The quick brown fox…")
        #expect(CardFit.cut(text) { $0.count <= 19 } == "The quick brown…")
        #expect(CardFit.cut(text) { $0.count <= 4 } == "The…")
    }

    @Test func aFirstWordTooLongIsCutAtACharacter() {
        #expect(CardFit.cut("Supercalifragilistic expialidocious") { $0.count <= 6 } == "Super…")
        #expect(CardFit.cut("Supercalifragilistic") { $0.count <= 0 } == "…")
    }

    @Test func textWithoutSpacesIsCutAtCharacters() {
        let text = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。"
        let cut = CardFit.cut(text) { $0.count <= 9 }
        #expect(cut == "吾輩は猫である。…")
    }

    @Test func spacesAndLineBreaksBetweenWordsAreNotKeptBeforeTheEllipsis() {
        #expect(CardFit.cut("one  two\n\nthree four") { $0.count <= 14 } == "one  two…")
    }

    /// Halving: a text of 4,000 words is tried about a dozen times, not once a word.
    @Test func aLongTextIsCutInFewTries() {
        let text = (1...4000).map { "w\($0)" }.joined(separator: " ")
        var asked = 0
        let cut = CardFit.cut(text) {
            asked += 1; return $0.utf8.count <= 9_000
        }
        #expect(cut.utf8.count <= 9_000 && cut.utf8.count > 8_990 - 6 && cut.hasSuffix("…"))
        #expect(asked <= 14, "\(asked) tries")
    }
}

@Suite struct TextLanguageTests {
    @Test func kanaHangulAndHanPickTheirLanguage() {
        #expect(TextLanguage.of("今日は良い天気", locale: nil) == "ja")
        #expect(TextLanguage.of("안녕하세요 世界", locale: nil) == "ko")
        #expect(TextLanguage.of("知识就是力量", locale: nil) == "zh-cn")
        #expect(TextLanguage.of("知識就是力量", locale: "zh_TW.UTF-8") == "zh-tw")
        #expect(TextLanguage.of("知識", locale: "ja_JP.UTF-8") == "ja")
        #expect(TextLanguage.of("Plain words", locale: "ja_JP.UTF-8") == nil)
        #expect(TextLanguage.locale(environment: ["LANG": "de_DE.UTF-8", "LC_CTYPE": "ja_JP.UTF-8"]) == "ja_JP.UTF-8")
        #expect(TextLanguage.locale(environment: ["LC_ALL": "", "LANG": "ko_KR.UTF-8"]) == "ko_KR.UTF-8")
    }
}
