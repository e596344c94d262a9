import Testing

@testable import CiteFeedExchange
@testable import CiteFeedModel

/// The page a citation goes on, by its key: the book of its source (before the first " — "),
/// ignoring case and runs of whitespace, else its author, else "citations". ASCII names are
/// keyed in one pass of their own; these cases hold either way.
@Suite struct NotesPageKeyTests {
    @Test(
        arguments: [
            ("Book 1 — chapter 2", nil, "source:book 1"),
            ("  The   BOOK\t", nil, "source:the book"),
            ("ABC  —  d", nil, "source:abc"),
            // The separator needs its spaces, and the ends are trimmed first.
            (" — x", nil, "source:— x"),
            ("Book — ", nil, "source:book —"),
            ("Book\u{00A0} — x", nil, "source:book"),
            ("\u{00A0}Book", nil, "source:book"),
            ("Bök — x", nil, "source:bök"),
            ("Der  Zauberberg\u{2003}", nil, "source:der zauberberg"),
            ("   ", "Ann  Lee", "author:ann lee"),
            ("\u{3000}", " Ann ", "author:ann"),
            (nil, "ÉMILE Zola", "author:émile zola"),
            (nil, " \t", "citations"),
            (nil, nil, "citations"),
        ] as [(String?, String?, String)])
    func pagesAreKeyed(source: String?, author: String?, key: String) {
        #expect(NotesPage.key(source: source, author: author, uuid: "A-B", onePerCitation: false) == key)
        #expect(NotesPage.key(source: source, author: author, uuid: "A-B", onePerCitation: true) == "citation:a-b")
    }

}
