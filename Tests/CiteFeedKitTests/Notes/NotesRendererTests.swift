import Testing

@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedSupport

/// A citation's block, line by line, where its text or tags are unusual: what a page shows is
/// the same whether the page is new (written as bytes) or merged into the user's (as lines).
@Suite struct NotesRendererTests {
    static func citation(_ text: String, back: String? = nil, tags: [CiteFeedModel.Tag] = [], favourite: Bool = false) -> Citation {
        Citation(
            id: 1, uuid: "0A1B-C2", text: text, back: back, author: "Ann", source: "Book", tags: tags, favourite: favourite,
            createdAt: Timestamp(seconds: 0), updatedAt: Timestamp(seconds: 0))
    }

    static let page = NotesPage(key: "source:book", title: "Book", author: "Ann", source: "Book")

    /// A tag of nothing Obsidian keeps adds no empty part: the star alone follows.
    @Test func aTagOfNothingKeptLeavesTheStarAlone() {
        let block = NotesRenderer(.obsidian).block(
            Self.citation("Words.", tags: [CiteFeedModel.Tag(name: "//", color: "red")], favourite: true), on: Self.page)
        #expect(block == ["> [!danger]", "> Words.", ">", "> ★", "", "^cf-0a1b-c2"])
        let plain = NotesRenderer(.obsidian).block(
            Self.citation("Words.", tags: [CiteFeedModel.Tag(name: "//", color: "red")]), on: Self.page)
        #expect(plain == ["> [!danger]", "> Words.", "", "^cf-0a1b-c2"])
    }

    /// Logseq: blank lines before the first are dropped, later ones kept empty; the id comes
    /// after the first line; a task marker cannot make a task; the back is a quote block.
    @Test func logseqBlocksKeepTheirLines() {
        let c = Self.citation("\n  \nTODO first\n\n second ", back: "A back.", tags: [CiteFeedModel.Tag(name: "Big Ideas", color: "blue")])
        #expect(
            NotesRenderer(.logseq).block(c, on: Self.page) == [
                "- \u{200B}TODO first", "  id:: 0a1b-c2", "", "  second", "  #+BEGIN_QUOTE", "  A back.", "  #+END_QUOTE", "  #Big-Ideas",
            ])
        #expect(NotesRenderer(.logseq).block(Self.citation(" \n "), on: Self.page) == ["- ", "  id:: 0a1b-c2"])
    }

    /// Markdown: the uuid in a comment, blank lines of the text as bare quote marks, the back
    /// quoted twice.
    @Test func markdownBlocks() {
        let c = Self.citation(
            "One\r\n\r\nTwo", back: "Back\n\nmore",
            tags: [CiteFeedModel.Tag(name: "a", color: "red"), CiteFeedModel.Tag(name: "b_c", color: "red")])
        #expect(
            NotesRenderer(.markdown).block(c, on: Self.page) == [
                "<!-- cf:0a1b-c2 -->", "> One", ">", "> Two", ">", "> > Back", "> >", "> > more", ">", "> a, b\\_c",
            ])
    }
}
