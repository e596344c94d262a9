import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed completions bash|zsh|fish`
struct CompletionsCommand: Command {
    static let spec = CommandSpec(
        name: "completions", usage: "bash|zsh|fish", summary: "Print a shell completion script.",
        details: """
            Commands, subcommands, options, the choices of an option (formats, sort keys, colours,
            setting keys) and file names where a command takes a file:
              bash:  source <(citefeed completions bash)            (in ~/.bashrc)
              zsh:   source <(citefeed completions zsh)             (in ~/.zshrc, after compinit)
              fish:  citefeed completions fish > ~/.config/fish/completions/citefeed.fish
            """,
        options: [], positionals: (1, 1), positionalName: "a shell: bash, zsh or fish",
        completes: .words(Completions.Shell.allCases.map(\.rawValue)))

    let shell: Completions.Shell

    init(_ arguments: ParsedArguments) throws {
        guard let shell = Completions.Shell(rawValue: arguments.positionals[0]) else {
            throw UsageError.invalidValue(arguments.positionals[0], expected: "the shell is one of bash, zsh or fish")
        }
        self.shell = shell
    }

    func run(_ context: Context) throws {
        context.out.write(data: Completions.script(for: shell))
    }
}
