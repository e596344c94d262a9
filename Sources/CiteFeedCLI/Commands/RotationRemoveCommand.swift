import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed rotation remove NAME [--delete-outputs]`
struct RotationRemoveCommand: Command {
    static let deleteOutputs = Flag("delete-outputs", "delete its six output files too (and its directory, when that is then empty)")

    static let spec = CommandSpec(
        name: "rotation remove", usage: "NAME [--delete-outputs]", summary: "Remove a named rotation.",
        details: """
            Removes its settings and its history. Its outputs stay where they are (a feed reader
            may still read them) unless --delete-outputs.
            """,
        options: [deleteOutputs], positionals: (1, 1), positionalName: "the NAME of a rotation", completes: .rotations)

    let name: String
    let delete: Bool

    init(_ arguments: ParsedArguments) throws {
        name = try Arguments.rotationName(arguments.positionals[0])
        delete = arguments(Self.deleteOutputs)
    }

    func run(_ context: Context) throws {
        let (directory, removed, existed) = try context.home.removeRotation(name, deleteOutputs: delete)
        if !existed {
            // It never wrote anything: no directory to name.
            context.out.line("Removed rotation \(name) (it had written no outputs).")
        } else if let removed {
            context.out.line(
                "Removed rotation \(name) and its outputs in \(directory) (\(removed.isEmpty ? "none were there" : removed.joined(separator: " ")))."
            )
        } else {
            context.out.line("Removed rotation \(name); its outputs stay in \(directory).")
        }
    }
}
