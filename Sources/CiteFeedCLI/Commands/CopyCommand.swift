import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed copy ID|--current`
struct CopyCommand: Command {
    static let spec = CommandSpec(
        name: "copy", usage: "ID|--current [--rotation NAME]", summary: "Copy a citation to the clipboard.",
        details: """
            Copies “text” — author, source with wl-copy (Wayland), xclip or xsel (X11), or, in a
            terminal without those, with an OSC 52 escape that the terminal passes on.
            --current copies the citation shown now in the bar and feeds.
            """,
        options: [CitationTarget.currentOption, CLI.rotationOption],
        positionals: (0, 1), positionalName: "the ID of a citation, or --current")

    let target: CitationTarget

    init(_ arguments: ParsedArguments) throws {
        target = try CitationTarget(arguments, command: "copy")
    }

    func run(_ context: Context) throws {
        let citation = try target.citation(context)
        try Clipboard.copy(CitationText.clipboard(citation), context)
        context.out.line("Copied to clipboard!")
    }
}
