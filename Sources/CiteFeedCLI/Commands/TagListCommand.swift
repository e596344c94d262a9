import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed tag list [--json]`
struct TagListCommand: Command {
    static let json = Flag("json", "print a JSON array")
    static let names = Flag("names", "print only the names, one per line (for scripts and completions)")

    static let spec = CommandSpec(
        name: "tag list", usage: "[--json | --names]", summary: "List tags with their colour and citation count.",
        details: "The count is of citations not archived; archived ones are counted apart.",
        options: [json, names], positionals: (0, 0), positionalName: "")

    let json: Bool
    let namesOnly: Bool

    init(_ arguments: ParsedArguments) throws {
        json = arguments(Self.json)
        namesOnly = arguments(Self.names)
        if json && namesOnly { throw UsageError.conflicting("--json", "--names", command: "tag list") }
    }

    func run(_ context: Context) throws {
        let tags = try context.home.tags()
        if namesOnly {
            for tag in tags { context.out.line("\(tag.tag.name.terminalSafe)") }
            return
        }
        if json {
            context.out.write(data: JSONWriter.pretty(.array(tags.map(CitationJSON.tag))))
            return
        }
        if tags.isEmpty {
            context.err.line("No tags yet; 'citefeed tag add NAME' or 'citefeed add TEXT --tag NAME' creates one.")
            return
        }
        let t = context.terminal
        let names = tags.map { $0.tag.name.terminalSafe }
        let nameWidth = max(4, names.map { TextWidth.columns(of: $0) }.max() ?? 4)
        let colorWidth = max(5, tags.map { $0.tag.color.count }.max() ?? 5) + 2
        context.out.line(t.bold("TAG".padding(to: nameWidth) + "  " + "COLOUR".padding(to: colorWidth) + "  CITATIONS"))
        for (summary, name) in zip(tags, names) {
            let tag = summary.tag
            let swatch = t.tint("●", tag.color) + " \(tag.color)"
            let archived = summary.archivedCount > 0 ? " (+\(summary.archivedCount) archived)" : ""
            let padding = String(repeating: " ", count: nameWidth - TextWidth.columns(of: name))
            let colorPadding = String(repeating: " ", count: colorWidth - tag.color.count - 2)
            context.out.line(
                t.tint(name, tag.color) + "\(padding)  " + swatch + "\(colorPadding)  \(String(summary.count).leftPadded(to: 9))\(archived)"
            )
        }
    }
}
