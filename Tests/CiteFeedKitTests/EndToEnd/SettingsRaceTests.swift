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

extension EndToEnd {
    /// settings.json changed by several commands at once loses nothing, and a file
    /// citefeed cannot trust (a key twice, too large, a number out of range, a huge value) is refused
    /// with a message of one short line, changing nothing.
    @Suite struct SettingsRaceTests {
        /// Runs each of `commands` as its own process, all at once; their results.
        func together(_ box: Sandbox, _ commands: [[String]]) async throws -> [RunResult] {
            let environment = box.environment
            return try await withThrowingTaskGroup(of: RunResult.self) { group in
                for command in commands {
                    group.addTask { try Sandbox.execute(Sandbox.binary.path, command, stdin: Data(), environment: environment) }
                }
                var results: [RunResult] = []
                for try await result in group { results.append(result) }
                return results
            }
        }

        @Test func fourRotationAddsAtOnceKeepAllFour() async throws {
            for round in 0..<5 {
                let box = try Sandbox()
                try box.add("A citation.")
                let results = try await together(box, (1...4).map { ["rotation", "add", "r\($0)"] })
                #expect(results.allSatisfy { $0.status == 0 }, "\(results)")
                #expect(try box.run("rotation", "list").stdout == "r1\nr2\nr3\nr4\n", "round \(round)")
            }
        }

        @Test func rotationAddRacingTwoDefaultsWritesLosesNothing() async throws {
            for round in 0..<10 {
                let box = try Sandbox()
                try box.add("A citation.")
                #expect(try box.run("rotate").status == 0)
                let results = try await together(
                    box,
                    [
                        ["rotation", "add", "extra"], ["defaults", "write", "interval", "2h"],
                        ["defaults", "write", "feedTitle", "Mine \(round)"],
                    ])
                #expect(results.allSatisfy { $0.status == 0 }, "\(results)")
                let settings = try JSONParser.parse(box.readSettings() ?? "")
                #expect(settings["interval"]?.stringValue == "2h", "round \(round): \(box.readSettings() ?? "")")
                #expect(settings["feedTitle"]?.stringValue == "Mine \(round)", "round \(round)")
                #expect(settings["rotations"]?["extra"] != nil, "round \(round)")
            }
        }

        /// Each bad file: exit 64, one line naming the problem, and nothing changed.
        @Test(arguments: [
            (#"{"interval": "1h", "interval": "2h"}"#, #"the key "interval" is written twice; keep one of them."#),
            (#"{"rotations": {"a": {}, "a": {"tags": ["x"]}}}"#, #"the key "rotations.a" is written twice"#),
            (#"{"weights": {"tag:x": 2, "tag:x": 0}}"#, #"the key "weights.tag:x" is written twice"#),
            (#"{"statusWidth": 1e999}"#, #"the number 1e999 of "statusWidth" is out of range"#),
        ])
        func aFileCitefeedCannotTrustIsRefused(_ text: String, _ message: String) throws {
            let box = try Sandbox()
            try box.add("A citation.")
            #expect(try box.run("rotate").status == 0)
            try box.writeSettings(text)
            let before = try box.state()
            let outputs = try box.outputFiles()
            for command in [["status"], ["rotate"], ["defaults", "write", "interval", "3h"], ["rotation", "add", "b"], ["list"]] {
                let result = try box.run(command)
                expectFailure(result, status: .usage, containing: message)
            }
            #expect(try box.state() == before)
            #expect(try box.outputFiles() == outputs)
        }

        @Test func aFileOverOneMebibyteIsABadSettingsFile() throws {
            let box = try Sandbox()
            try box.add("A citation.")
            try box.writeSettings("{\"feedTitle\": \"" + String(repeating: "x", count: 1 << 20) + "\"}")
            let before = try box.state()
            expectFailure(
                try box.run("rotate"), status: .usage,
                containing:
                    "settings.json is larger than 1 MiB, which no settings file citefeed writes is; open it in an editor and shorten the value that is too long (the rest are your settings)."
            )
            #expect(try box.state() == before)
        }

        /// A value echoed in a message is cut at 120 characters, however large (a 70k-rule weights
        /// printed a 969 KB line).
        @Test func aHugeValueIsEchoedCut() throws {
            let box = try Sandbox()
            try box.add("A citation.", "--tag", "x")
            // The most weights there may be, each long, all 0: nothing is eligible, and the warning
            // names the rules that exclude.
            let long = String(repeating: "w", count: 37)
            let zeros = (0..<99).map { "\"tag:\(long)\($0)\": 0" }.joined(separator: ", ")
            try box.writeSettings("{\"weights\": {\"tag:x\": 0, \(zeros)}}")
            let nothing = try box.run("rotate")
            #expect(
                nothing.status == 0 && nothing.errorLines.count == 1 && nothing.stderr.count < 600,
                "\(nothing.stderr.prefix(300))… \(nothing.stderr.count)")
            #expect(nothing.stderr.contains("…"))
            let rules = (0..<40_000).map { "\"tag:t\($0)\": 0" }.joined(separator: ", ")
            try box.writeSettings("{\"weights\": {\(rules), \"tag:bad\": 11}}")
            let bad = try box.run("rotate")
            #expect(
                bad.status == 64 && bad.errorLines.count == 1 && bad.stderr.count < 600, "\(bad.stderr.prefix(300))… \(bad.stderr.count)")
        }
    }
}
