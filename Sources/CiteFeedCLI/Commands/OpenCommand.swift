import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed open ID|--current`
struct OpenCommand: Command {
    static let spec = CommandSpec(
        name: "open", usage: "ID|--current [--rotation NAME]", summary: "Open a citation's source in the web browser.",
        details: "Works when the source is an http(s) address; opens it with xdg-open (open on macOS).",
        options: [CitationTarget.currentOption, CLI.rotationOption],
        positionals: (0, 1), positionalName: "the ID of a citation, or --current")

    let target: CitationTarget

    init(_ arguments: ParsedArguments) throws {
        target = try CitationTarget(arguments, command: "open")
    }

    func run(_ context: Context) throws {
        let citation = try target.citation(context)
        guard let url = citation.sourceURL else {
            let what = citation.source.map { "its source \(quoted($0)) is not an http(s) address" } ?? "it has no source"
            throw OpenError.noURL(id: citation.id, detail: what)
        }
        #if os(macOS)
            let opener = "open"
        #else
            let opener = "xdg-open"
        #endif
        guard let path = Subprocess.find(opener, environment: context.environment) else { throw OpenError.noOpener(opener) }
        let status = Subprocess.run(path, [url], environment: context.environment)
        if status != 0 { throw OpenError.failed(opener, status) }
        context.out.line("Opened \(url)")
    }
}

package enum OpenError: CiteFeedError, Equatable {
    case noURL(id: Int64, detail: String)
    case noOpener(String)
    case failed(String, Int32)

    package var exitStatus: ExitStatus {
        if case .noURL = self { return .dataError }
        return .failure
    }

    package var message: String {
        switch self {
        case let .noURL(id, detail):
            return "Citation \(id) has no web address to open: \(detail). Set one with 'citefeed edit \(id) --source https://…'."
        case .noOpener(let name):
            return "\(name) was not found; install xdg-utils to open web addresses."
        case let .failed(name, status):
            return "\(name) failed (exit status \(status))."
        }
    }
}
