import Foundation
import Testing

/// Each source file holds one main type and is named after it (or `Type+Feature.swift` for an
/// extension); beside it may sit an error type that belongs to it (`OpenError` beside
/// `OpenCommand`) or a private helper only it uses. No file is over 400 lines.
@Suite struct FileShapeTests {
    @Test func oneMainTypeAFileNamedAfterIt() throws {
        let declaration = try NSRegularExpression(
            pattern: #"^(public |package |internal |private |fileprivate )?(final )?(struct|class|enum|protocol|actor) ([A-Za-z_]\w*)"#,
            options: .anchorsMatchLines)
        let (sources, files) = swiftSources()
        var problems: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            if lines > 400 { problems.append("\(file): \(lines) lines") }
            let types = declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
                let name = String(text[Range(match.range(at: 4), in: text)!])
                let hidden = match.range(at: 1).location != NSNotFound && text[Range(match.range(at: 1), in: text)!].contains("private")
                return (name: name, hidden: hidden)
            }
            let main = types.filter {
                !$0.hidden && !$0.name.hasSuffix("Error") && !$0.name.hasSuffix("Failure") && !$0.name.hasSuffix("Problem")
            }
            let base = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            if main.count > 1 { problems.append("\(file): \(main.map(\.name))") }
            if !base.contains("+"), let first = main.first ?? types.first, !types.contains(where: { $0.name == base }) {
                problems.append("\(file): holds \(first.name)")
            }
        }
        #expect(problems.isEmpty, "\(problems.sorted())")
        #expect(files.count > 300)
    }
}
