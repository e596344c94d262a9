import Foundation
import Testing

/// The command line works through `Home` (the façade of the use cases): its commands parse,
/// word and print, and never reach below it. Read from the sources: no command names the
/// `Library` type, opens the library itself (`context.library()`), removes files (`unlink`),
/// takes a lock (`flock`) or builds a service (`…Service(`). `home.change { … }`, the one
/// transaction a change and its consequences share, is the façade's own door and allowed.
@Suite struct FacadeTests {
    static let forbidden: [(String, String)] = [
        (#"\bLibrary\b"#, "the Library type"), (#"context\.library\(\)"#, "the library opened by the command"),
        (#"\bunlink\("#, "unlink"), (#"\bflock\("#, "flock"), (#"\b[A-Z][A-Za-z]*Service\("#, "a service built by the command"),
    ]

    @Test func commandsGoThroughTheHome() throws {
        let folder = packageRoot.appendingPathComponent("Sources/CiteFeedCLI/Commands")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count > 40, "\(files)")
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // Code only: comments and the words of help texts (string literals) say what they like.
                var code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                code = code.replacing(#/"(?:[^"\\]|\\.)*"/#, with: "\"\"")
                for (pattern, what) in Self.forbidden where code.contains(try Regex(pattern)) {
                    found.append("\(file):\(number + 1): \(what): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
