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
            """,
        options: [], positionals: (2, 2), positionalName: "the OLD and NEW names", completes: .rotations)

    let old: String
    let new: String

    init(_ arguments: ParsedArguments) throws {
        old = try Arguments.rotationName(arguments.positionals[0])
        new = try Arguments.rotationName(arguments.positionals[1])
    }

    func run(_ context: Context) throws {
        let file = SettingsFile(path: context.paths.settings)
        let before = context.paths.outputDirectory(try file.load(rotation: old).settings)  // an unknown OLD stops here
        guard try !file.rotationNames().contains(new) else { throw SettingsError.rotationExists(new) }
        let library = try context.library()
        var after = before
        var moved = false
        defer {
            // A failure after the move puts the directory back with the rest.
            if moved { rename(after, before) }
        }
        try file.editing {
            try library.write {
                try library.renameRotation(old, to: new)
                try file.renameRotation(old, to: new)
                let settings = try file.load(rotation: new).settings
                after = context.paths.outputDirectory(settings)
                // Outputs in the default place move with the name (not over another directory).
                if after != before && Posix.fileExists(before) && !Posix.fileExists(after) {
                    guard rename(before, after) == 0 else {
                        throw OutputError.cannotCreate(after, Posix.errorText())
                    }
                    moved = true
                }
                let current = context.paths.current(rotation: old)
                if Posix.fileExists(current) { rename(current, context.paths.current(rotation: new)) }
                // Written again, as their addresses (file://…/NEW/) changed.
                if let state = try context.home.rotation(library, settings: settings).refresh() {
                    try context.home.publish(state, library, settings: settings)
                }
            }
        }
        moved = false
        context.out.line("Renamed rotation \(old) to \(new); its outputs are in \(after).")
    }
}
