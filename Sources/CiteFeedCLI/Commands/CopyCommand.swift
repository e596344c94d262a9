import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedPicture
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed copy ID|--current [--picture]`
struct CopyCommand: Command {
    static let picture = Flag("picture", "copy a picture of it (PNG, 1080×1080) instead of its text")

    static let spec = CommandSpec(
        name: "copy", usage: "ID|--current [--rotation NAME] [--picture]", summary: "Copy a citation to the clipboard.",
        details: """
            Copies “text” — author, source with wl-copy (Wayland), xclip or xsel (X11), or, in a
            terminal without those, with an OSC 52 escape that the terminal passes on.
            --current copies the citation shown now in the bar and feeds. --picture copies the
            card 'citefeed picture --preset square' makes, as image/png (wl-copy or xclip).
            """,
        options: [CitationTarget.currentOption, CLI.rotationOption, picture],
        positionals: (0, 1), positionalName: "the ID of a citation, or --current")

    let target: CitationTarget
    let asPicture: Bool

    init(_ arguments: ParsedArguments) throws {
        target = try CitationTarget(arguments, command: "copy")
        asPicture = arguments(Self.picture)
    }

    func run(_ context: Context) throws {
        let citation = try target.citation(context)
        if asPicture {
            // Checked first: no picture is made for a clipboard that cannot take it.
            guard Clipboard.pictureMethod(environment: context.environment) != nil else { throw ClipboardError.noPictureClipboard }
            let settings = try context.settings()
            var request = PictureRequest(
                size: PicturePreset.named("square")!.size!, theme: settings.pictureTheme, background: settings.pictureBackground)
            request.locale = TextLanguage.locale(environment: context.environment)
            try Clipboard.copy(png: try context.home.picture(of: citation, request).bytes, context)
            context.out.line("Copied a picture to clipboard!")
            return
        }
        try Clipboard.copy(CitationText.clipboard(citation), context)
        context.out.line("Copied to clipboard!")
    }
}
