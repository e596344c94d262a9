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
        let file = SettingsFile(path: context.paths.settings)
        let settings = try file.load(rotation: name).settings  // an unknown name stops here
        let directory = context.paths.outputDirectory(settings)
        let library = try context.library()
        // The history goes in the transaction; the settings last, put back if the rest fails.
        try file.editing {
            try library.write {
                try library.removeRotation(name)
                try file.removeRotation(name)
            }
        }
        unlink(context.paths.current(rotation: name))
        if delete {
            // Only what citefeed wrote there, and the directory only if citefeed made it.
            let removed = OutputDirectory(path: directory).removeOutputs()
            context.out.line(
                "Removed rotation \(name) and its outputs in \(directory) (\(removed.isEmpty ? "none were there" : removed.joined(separator: " ")))."
            )
        } else {
            context.out.line("Removed rotation \(name); its outputs stay in \(directory).")
        }
    }
}
