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
    /// The contrib files for several rotations. Each configuration is parsed as
    /// its program would, and each command line in it is run against a temporary library.
    @Suite struct ContribTests {
        /// A library with a `work` rotation, as contrib/waybar/rotations.jsonc's comment makes it.
        func library() throws -> Sandbox {
            let box = try Sandbox()
            box.separateProcess = true
            try box.add("At home.", "--tag", "home")
            try box.add("At work.", "--tag", "work")
            try box.add("Also at work.", "--tag", "work")
            let text = try String(contentsOf: packageRoot.appendingPathComponent("contrib/waybar/rotations.jsonc"), encoding: .utf8)
            // The setup commands of the file's comment, run as written.
            let setup = text.split(separator: "\n").compactMap { line -> [String]? in
                guard let range = line.range(of: "//   citefeed ") else { return nil }
                return line[range.upperBound...].split(separator: " ").map(String.init)
            }
            #expect(setup.count == 5)
            for words in setup {
                let r = try box.run(words)
                #expect(r.status == 0, "\(words): \(r)")
            }
            return box
        }

        /// JSONC as waybar reads it: `//` comments outside strings dropped.
        static func stripComments(_ text: String) -> String {
            var out = "", inString = false, escaped = false, skipping = false
            var previous: Character = " "
            for c in text {
                if skipping {
                    if c == "\n" { skipping = false; out.append(c) }
                    continue
                }
                if inString {
                    if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                } else if c == "\"" {
                    inString = true
                } else if c == "/" && previous == "/" {
                    out.removeLast()
                    skipping = true
                    previous = " "
                    continue
                }
                out.append(c)
                previous = c
            }
            return out
        }

        /// A command line of a configuration as its words, `citefeed` being the built binary
        /// (these lines use no shell quoting).
        static func words(_ line: String) -> [String] {
            line.split(separator: " ").map { $0 == "citefeed" ? Sandbox.binary.path : String($0) }
        }

        @Test func twoWaybarModulesShowTwoRotationsAndClickThrough() throws {
            let box = try library()
            let text = try String(contentsOf: packageRoot.appendingPathComponent("contrib/waybar/rotations.jsonc"), encoding: .utf8)
            let config = try JSONParser.parse(EndToEnd.ContribTests.stripComments(text))
            let modules = config["modules-center"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(modules == ["custom/citefeed", "custom/citefeed-work"])
            box.now = "2026-03-02T10:30:00+01:00"  // a Monday, inside the work rotation's hours
            var shown: [String: String] = [:]
            for name in modules {
                let module = try #require(config[name])
                #expect(module["return-type"]?.stringValue == "json")
                // exec: the first line of the follower is the bar's JSON.
                let exec = EndToEnd.ContribTests.words(try #require(module["exec"]?.stringValue))
                #expect(exec.last == "--follow")
                let result = try Sandbox.execute(
                    "/usr/bin/timeout", ["-s", "KILL", "3"] + exec, stdin: Data(), environment: box.environment)
                let first = try #require(result.stdout.split(separator: "\n").first.map(String.init), "\(name): \(result)")
                let json = try JSONParser.parse(first)
                shown[name] = try #require(json["text"]?.stringValue)
                // on-click: a new citation of that rotation.
                let click = EndToEnd.ContribTests.words(try #require(module["on-click"]?.stringValue))
                let clicked = try Sandbox.execute(click[0], Array(click.dropFirst()), stdin: Data(), environment: box.environment)
                #expect(clicked.status == 0, "\(name): \(clicked)")
                if let right = module["on-click-right"]?.stringValue {
                    // copy --current without a clipboard tool says so (exit 1), about that rotation's pick.
                    let words = EndToEnd.ContribTests.words(right)
                    let copied = try Sandbox.execute(
                        words[0], Array(words.dropFirst()), stdin: Data(),
                        environment: box.environment.merging(["PATH": "/nonexistent"]) { $1 })
                    #expect(copied.stderr.contains("No clipboard"), "\(copied)")
                }
            }
            #expect(shown["custom/citefeed-work"]?.contains("work.") == true, "\(shown)")
            let work = try box.library().recentPicks(limit: 5, rotation: "work")
            #expect(work.count == 2 && work.allSatisfy { $0.snapshot.text.hasSuffix("at work.") || $0.snapshot.text == "At work." })
            #expect(try box.library().recentPicks(limit: 5).count == 2)
        }

        @Test func theSystemdServiceAndTheCronLineRotateEveryRotation() throws {
            let box = try library()
            // citefeed.service.in: ExecStart names @bindir@, filled in when it is installed.
            let unit = try String(contentsOf: packageRoot.appendingPathComponent("contrib/systemd/citefeed.service.in"), encoding: .utf8)
            var sections: [String: [String: String]] = [:]
            var section = ""
            for line in unit.split(separator: "\n") where !line.hasPrefix("#") {
                if line.hasPrefix("[") { section = String(line.dropFirst().dropLast()); continue }
                guard let eq = line.firstIndex(of: "=") else { continue }
                sections[section, default: [:]][String(line[..<eq])] = String(line[line.index(after: eq)...])
            }
            #expect(sections["Service"]?["Type"] == "oneshot")
            let exec = try #require(sections["Service"]?["ExecStart"])
            #expect(exec == "@bindir@/citefeed rotate --all")
            // Sync first, its failure not stopping the rotation ('-'); with no folder set, quiet.
            let pre = try #require(sections["Service"]?["ExecStartPre"])
            #expect(pre == "-@bindir@/citefeed sync")
            let synced = try Sandbox.execute(
                Sandbox.binary.path, Array(EndToEnd.ContribTests.words(String(pre.dropFirst())).dropFirst()), stdin: Data(),
                environment: box.environment)
            #expect(synced.status == 0 && synced.stdout.isEmpty && synced.stderr.isEmpty, "\(synced)")
            let timer = try String(contentsOf: packageRoot.appendingPathComponent("contrib/systemd/citefeed.timer"), encoding: .utf8)
            #expect(timer.contains("\nOnCalendar=*:0/15\n") && timer.contains("\nPersistent=true\n"))
            // The command, with @bindir@/citefeed the built binary.
            let words = EndToEnd.ContribTests.words(exec.replacingOccurrences(of: "@bindir@/citefeed", with: "citefeed"))
            box.now = "2026-03-02T10:30:00+01:00"
            let ran = try Sandbox.execute(words[0], Array(words.dropFirst()), stdin: Data(), environment: box.environment)
            #expect(ran.status == 0 && ran.stdout.contains("rotation work:"), "\(ran)")
            #expect(FileManager.default.fileExists(atPath: box.feeds.appendingPathComponent("work/feed.xml").path))
            // The cron line: five time fields, then a command for sh.
            let crontab = try String(contentsOf: packageRoot.appendingPathComponent("contrib/cron/citefeed.crontab.in"), encoding: .utf8)
            let entries = crontab.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
            #expect(entries.count == 1)
            let fields = entries[0].split(separator: " ", maxSplits: 5).map(String.init)
            #expect(fields.count == 6 && fields[0] == "*/15" && fields[1...4].allSatisfy { $0 == "*" })
            #expect(fields[5] == "@bindir@/citefeed sync >/dev/null; @bindir@/citefeed rotate --all >/dev/null")
            // Run as cron would: sh -c, with @bindir@ filled in as an install fills it.
            let binDirectory = box.home.appendingPathComponent("prefix/bin")
            try FileManager.default.createDirectory(at: binDirectory, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                at: binDirectory.appendingPathComponent("citefeed"), withDestinationURL: Sandbox.binary)
            box.now = "2026-03-02T11:30:00+01:00"
            let env = box.environment
            let line = fields[5].replacingOccurrences(of: "@bindir@", with: binDirectory.path)
            let cron = try Sandbox.execute("/bin/sh", ["-c", line], stdin: Data(), environment: env)
            #expect(cron.status == 0 && cron.stdout.isEmpty && cron.stderr.isEmpty, "\(cron)")
            #expect(try box.library().recentPicks(limit: 5, rotation: "work").count == 2)
            #expect(try box.library().recentPicks(limit: 5).count == 2)
        }
    }
}
