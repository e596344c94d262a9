import Foundation
import Testing

/// Golden files in Tests/CiteFeedKitTests/Golden. `RECORD_GOLDEN=1 swift test` writes them
/// anew from what the code produces, and fails the run so that a recording is never mistaken
/// for a pass.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" }

    /// Compares `actual` with the golden file byte for byte (not as Swift strings, which are
    /// equal when canonically equivalent: a composed and a decomposed "é" would pass).
    static func check(_ actual: Data, _ name: String, in directory: URL = directory, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let url = directory.appendingPathComponent(name)
        if recording {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, options: .atomic)
            Issue.record("Recorded \(url.path); run again without RECORD_GOLDEN=1.", sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? Data(contentsOf: url) else {
            Issue.record("No golden file \(url.path); record it with RECORD_GOLDEN=1.", sourceLocation: sourceLocation)
            return
        }
        if actual != expected {
            let index =
                zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(actual.count, expected.count)
            Issue.record(
                "differs from \(name) at byte \(index) (\(actual.count) bytes against \(expected.count)):\n\(String(decoding: actual, as: UTF8.self))",
                sourceLocation: sourceLocation)
        }
    }

    /// The UTF-8 bytes of `actual`, compared byte for byte.
    static func check(_ actual: String, _ name: String, in directory: URL = directory, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        try check(Data(actual.utf8), name, in: directory, sourceLocation: sourceLocation)
    }
}

/// The root of the package (for scripts/ and ../shared/).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A program on this machine, or `nil` (then the check it serves is skipped with a message).
func findProgram(_ name: String) -> String? {
    for dir in ["/usr/bin", "/bin", "/usr/local/bin"]
        + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    {
        let path = dir + "/" + name
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// A python3 that can import `modules`, or `nil`.
func pythonWith(_ modules: [String]) -> String? {
    var candidates: [String] = []
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin"] {
        let path = dir + "/python3"
        if FileManager.default.isExecutableFile(atPath: path) && !candidates.contains(path) { candidates.append(path) }
    }
    for python in candidates {
        let check = try? Sandbox.execute(
            python, ["-c", modules.map { "import \($0)" }.joined(separator: "; ")], stdin: Data(),
            environment: ProcessInfo.processInfo.environment)
        if check?.status == 0 { return python }
    }
    return nil
}
