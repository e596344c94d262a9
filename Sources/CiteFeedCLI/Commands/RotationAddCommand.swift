import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed rotation add NAME`
struct RotationAddCommand: Command {
    static let spec = CommandSpec(
        name: "rotation add", usage: "NAME", summary: "Add a named rotation.",
        details: """
            NAME: 1 to 32 letters, digits, - and _, starting with a letter or a digit. The new
            rotation takes every setting of the default rotation until it sets its own:
              citefeed defaults write --rotation NAME interval 1d
            and rotates with: citefeed rotate --rotation NAME
            """,
        options: [], positionals: (1, 1), positionalName: "a NAME for the rotation")

    let name: String

    init(_ arguments: ParsedArguments) throws {
        name = try Arguments.rotationName(arguments.positionals[0])
    }

    func run(_ context: Context) throws {
        let directory = try context.home.addRotation(name)
        context.out.line("Added rotation \(name); its outputs go to \(directory).")
    }
}
