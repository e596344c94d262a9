import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed man`
struct ManCommand: Command {
    static let spec = CommandSpec(
        name: "man", usage: "", summary: "Print the manual page (roff), for man(1).",
        details: """
            It is made from the same tables as --help and the completions. To install it:
              citefeed man > ~/.local/share/man/man1/citefeed.1
            or read it at once with: citefeed man | man -l -
            """,
        options: [], positionals: (0, 0), positionalName: "")

    init(_ arguments: ParsedArguments) throws {}

    func run(_ context: Context) throws { context.out.write(data: ManPage.render()) }
}
