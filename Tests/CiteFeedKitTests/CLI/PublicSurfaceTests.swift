import Foundation
import Testing

/// What `CiteFeedKit` offers a program outside the package is `public`, and only that: a command
/// line run in-process (`CLI.run` with a `Context` and its `OutputStream`s) and `CLI.main`.
/// Everything the layers offer each other is `package`, so a `public` added by habit fails here.
@Suite struct PublicSurfaceTests {
    static let expected: Set<String> = [
        "CLI.swift: public enum CLI {",
        "CLI.swift: public static let version = BuildInfo.version",
        "CLI.swift: public static func main() -> Never {",
        "CLI.swift: public static func run(_ arguments: [String], _ context: Context) -> Int32 {",
        "Context.swift: public final class Context {",
        "Context.swift: public init(",
        "Context.swift: public static func process() -> Context {",
        "OutputStream.swift: public final class OutputStream: @unchecked Sendable {",
        "OutputStream.swift: public init(fd: Int32, unbuffered: Bool = false, toTerminal: Bool = false) {",
        "OutputStream.swift: public init() {",
        "OutputStream.swift: public var capturedText: String { String(decoding: captured, as: UTF8.self) }",
    ]

    @Test func onlyTheCommandLineIsPublic() throws {
        var found = Set<String>()
        let (sources, files) = swiftSources()
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let code = line.trimmingCharacters(in: .whitespaces)
                // A declaration, after its attributes (`@discardableResult public func`).
                let words = code.split(separator: " ")
                guard let first = words.firstIndex(where: { !$0.hasPrefix("@") }), words[first] == "public" else { continue }
                found.insert("\((file as NSString).lastPathComponent): \(code)")
            }
        }
        #expect(found == Self.expected, "public beyond the command line: \(found.subtracting(Self.expected).sorted())")
        #expect(files.count > 300)
    }
}
