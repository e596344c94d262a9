import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed add TEXT [--author A] [--source S] [--tag T]... [--favourite] [--back B]`
struct AddCommand: Command {
    static let author = Option("author", "A", "who said or wrote it")
    static let source = Option("source", "S", "where it is from: a book, or a web address")
    static let tag = Option("tag", "T", "a tag (repeat for several)", repeatable: true)
    static let favourite = Flag("favourite", "mark it as a favourite")
    static let back = Option("back", "B", "the other side of the card: an answer, a response, a comment (- reads stdin)")

    static let spec = CommandSpec(
        name: "add", usage: "TEXT [--author A] [--source S] [--tag T]... [--favourite] [--back B]",
        summary: "Add a citation and print its id.",
        details: """
            TEXT of - reads the text from standard input, for citations of several lines:
              citefeed add - --author "Emily Dickinson" < poem.txt
            Tags that do not exist yet are created with the next unused palette colour.
            Text is trimmed; it must not be empty and may have up to 20,000 characters.
            """,
        options: [author, source, tag, favourite, back],
        positionals: (1, 1), positionalName: "the citation TEXT (or - to read it from standard input)")

    let text: String
    let author: String?
    let source: String?
    let back: String?
    let tags: [String]
    let favourite: Bool

    init(_ arguments: ParsedArguments) throws {
        text = arguments.positionals[0]
        author = arguments(Self.author)
        source = arguments(Self.source)
        back = arguments(Self.back)
        favourite = arguments(Self.favourite)
        tags = try arguments.values(Self.tag).map { name throws(ModelError) in try Tag.validateName(name) }
        if text == "-" && back == "-" {
            throw UsageError.other("Only one of TEXT and --back can read standard input.")
        }
    }

    func run(_ context: Context) throws {
        let new = NewCitation(
            text: try CitationInput.text(try Arguments.text(text, context)),
            back: try CitationInput.back(try back.map { value throws in try Arguments.text(value, context) }),
            author: try CitationInput.author(author), source: try CitationInput.source(source),
            tags: tags, favourite: favourite)
        let now = try context.now()
        let citation = try context.home.change(canChangeShown: false) { try $0.add(new, now: now) }
        context.out.line("\(citation.id)")
    }
}
