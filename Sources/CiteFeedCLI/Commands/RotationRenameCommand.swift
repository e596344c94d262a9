import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed rotation rename OLD NEW`
struct RotationRenameCommand: Command {
    static let spec = CommandSpec(
        name: "rotation rename", usage: "OLD NEW", summary: "Rename a named rotation.",
        details: """
            It keeps its settings, history and feed item ids (a feed reader sees no new items).
            Outputs in the default place (OLD/ inside the default rotation's output directory)
            move to NEW/ and are written again; a rotation that sets outputDirectory keeps it.
            A sleepScreenRotation naming OLD names NEW.
            """,
        options: [], positionals: (2, 2), positionalName: "the OLD and NEW names", completes: .rotations)

    let old: String
    let new: String

    init(_ arguments: ParsedArguments) throws {
        old = try Arguments.rotationName(arguments.positionals[0])
        new = try Arguments.rotationName(arguments.positionals[1])
    }

    func run(_ context: Context) throws {
        let after = try context.home.renameRotation(old, to: new)
        context.out.line("Renamed rotation \(old) to \(new); its outputs are in \(after).")
    }
}
