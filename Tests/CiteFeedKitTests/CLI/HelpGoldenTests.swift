import Foundation
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// Every `--help` text, byte for byte: what a user reads before anything else.
@Suite struct HelpGoldenTests {
    static func file(_ name: String) -> String { "help/" + name.replacingOccurrences(of: " ", with: "-") + ".txt" }

    @Test(arguments: CLI.commands.map { $0.spec.name })
    func commandHelp(name: String) throws {
        let box = try Sandbox()
        let result = box.runInProcess(name.split(separator: " ").map(String.init) + ["--help"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        try Golden.check(result.stdoutBytes, HelpGoldenTests.file(name))
        // `citefeed help NAME` says the same.
        #expect(box.runInProcess(["help"] + name.split(separator: " ").map(String.init)).stdoutBytes == result.stdoutBytes)
    }

    @Test func overviewAndGroups() throws {
        let box = try Sandbox()
        let overview = box.runInProcess("--help")
        #expect(overview.status == 0)
        try Golden.check(overview.stdoutBytes, "help/overview.txt")
        #expect(box.runInProcess("help").stdoutBytes == overview.stdoutBytes)
        for group in CLI.groups.keys.sorted() {
            let result = box.runInProcess(group, "--help")
            #expect(result.status == 0)
            try Golden.check(result.stdoutBytes, HelpGoldenTests.file(group + " group"))
        }
        // Nothing was made in the home by asking for help.
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.home.path).isEmpty)
    }
}
