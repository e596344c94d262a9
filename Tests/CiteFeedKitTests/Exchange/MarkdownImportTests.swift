import Foundation
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// Markdown notes as Obsidian and Logseq keep quotes.
@Suite struct MarkdownImportTests {
    @Test func blockquotesWithTheirAttributions() {
        let note = """
            # Quotes

            Some prose that is not a quote.

            > We suffer more often in imagination
            > than in reality.
            — Seneca, Letters from a Stoic

            > The obstacle is the way.
            > – Marcus Aurelius

            > [!quote] From a callout
            > Waste no more time arguing what a good man should be.
            > -- Marcus Aurelius, Meditations

            - > A Logseq block quote.

            >Unattributed, with no space
            >
            >and a second paragraph.
            """
        let records = Importers.markdown(note)
        #expect(
            records.map(\.text) == [
                "We suffer more often in imagination\nthan in reality.", "The obstacle is the way.",
                "Waste no more time arguing what a good man should be.", "A Logseq block quote.",
                "Unattributed, with no space\n\nand a second paragraph.",
            ])
        #expect(records.map(\.author) == ["Seneca", "Marcus Aurelius", "Marcus Aurelius", nil, nil])
        #expect(records.map(\.source) == ["Letters from a Stoic", nil, "Meditations", nil, nil])
        #expect(records.map(\.location) == [.line(5), .line(9), .line(13), .line(16), .line(18)])
    }

    /// As in semanticdata/forgetful-notes (see ../shared/corpus/imports-1/SOURCES.md).
    @Test(
        arguments: [
            ("> \"Information is not truth.\" — Yuval Noah Harari", "\"Information is not truth.\"", "Yuval Noah Harari"),
            ("> “Words.” –\u{A0}Someone, A Book", "“Words.”", "Someone"),
            ("> A dash — inside the text, not after a quotation", "A dash — inside the text, not after a quotation", nil),
        ] as [(String, String, String?)])
    func inlineAttribution(line: String, text: String, author: String?) {
        let record = Importers.markdown(line)[0]
        #expect(record.text == text && record.author == author)
    }

    @Test func crlfAndNoQuotes() {
        #expect(Importers.markdown("> One\r\n> two\r\n-- Someone\r\n").map(\.text) == ["One\ntwo"])
        #expect(Importers.markdown("# Just a heading\n\nand prose\n").isEmpty)
    }

    /// From the name: .md and .markdown.
    @Test func detected() {
        #expect(Importers.detect(name: "Quotes.md", bytes: Array("> a\n".utf8)) == .markdown)
        #expect(Importers.detect(name: "notes.MARKDOWN", bytes: Array("> a\n".utf8)) == .markdown)
    }
}
