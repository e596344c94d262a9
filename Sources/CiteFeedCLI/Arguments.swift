import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// Helpers shared by commands for reading argument values.
enum Arguments {
    /// A citation id: a positive whole number.
    static func id(_ text: String) throws(UsageError) -> Int64 {
        guard let id = Int64(text), id > 0 else { throw .invalidValue(text, expected: "a citation id is a positive whole number") }
        return id
    }

    static func ids(_ texts: [String]) throws(UsageError) -> [Int64] {
        var ids: [Int64] = []
        for text in texts {
            let id = try id(text)
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    /// A rotation's name, checked (`RotationName`).
    @discardableResult
    static func rotationName(_ name: String) throws(UsageError) -> String {
        do { try RotationName.validate(name) } catch { throw .invalidValue(name, expected: error.words) }
        return name
    }

    /// A text argument: `-` reads standard input.
    static func text(_ value: String, _ context: Context) throws -> String {
        value == "-" ? try context.readStandardInputText() : value
    }
}
