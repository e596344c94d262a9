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

extension Integration {
    /// The manual page, made from the command table.
    @Suite struct ManPageTests {
        static let installed = packageRoot.appendingPathComponent("doc/citefeed.1")

        /// doc/citefeed.1 (what the README installs) is what `citefeed man` prints: regenerate it
        /// with `citefeed man > doc/citefeed.1` when a command, option or setting changes.
        @Test func theInstalledPageIsTheGeneratedOne() throws {
            let box = try Sandbox()
            let result = try box.run("man")
            #expect(result.status == 0 && result.stderr.isEmpty)
            let file = try String(contentsOf: Integration.ManPageTests.installed, encoding: .utf8)
            #expect(file == result.stdout, "doc/citefeed.1 is stale: run 'citefeed man > doc/citefeed.1'")
        }

        /// Every command, option, setting, file and exit status is in it.
        @Test func itCoversEverything() {
            let page = ManPage.render()
            for command in CLI.commands {
                #expect(page.contains(".SS \"" + ManPage.escape("citefeed " + command.spec.name) + "\""), "\(command.spec.name)")
                for option in command.spec.options {
                    #expect(page.contains("\\fB\\-\\-" + ManPage.escape(option.name) + "\\fR"), "\(option.name)")
                }
            }
            for key in SettingKey.allCases { #expect(page.contains(".B " + key.rawValue + "\n"), "\(key)") }
            for status in ExitStatus.allCases { #expect(page.contains(".B \(status.rawValue)\n")) }
            for name in ["CITEFEED_HOME", "CITEFEED_ROTATION", "CITEFEED_NOW", "settings.json", "library.sqlite", "current.json"] {
                #expect(page.contains(ManPage.escape(name)), "\(name)")
            }
            // No line starts with a control character that is not a request.
            for line in page.split(separator: "\n") where line.hasPrefix("'") { Issue.record("unescaped line: \(line)") }
        }

        /// groff with every warning on prints none, and man -l renders it.
        @Test(.requires(findProgram("groff") != nil && findProgram("man") != nil, "needs groff and man (groff-base, man-db)"))
        func groffAndManRenderItWithoutAWarning() throws {
            let groff = try #require(findProgram("groff"), "groff is not installed (Debian's groff-base)")
            let path = Integration.ManPageTests.installed.path
            let rendered = try Sandbox.execute(groff, ["-man", "-ww", "-z", path], stdin: Data(), environment: ["PATH": "/usr/bin:/bin"])
            #expect(rendered.status == 0 && rendered.stderr.isEmpty, "\(rendered)")
            let man = try #require(findProgram("man"), "man is not installed (Debian's man-db)")
            let shown = try Sandbox.execute(
                man, ["-l", path], stdin: Data(),
                environment: ["PATH": "/usr/bin:/bin", "MANROFFOPT": "-ww", "MANPAGER": "cat", "MANWIDTH": "80", "LANG": "C.UTF-8"])
            #expect(shown.status == 0 && shown.stderr.isEmpty, "\(shown.stderr)")
            #expect(shown.stdout.contains("CITEFEED(1)") && shown.stdout.contains("rotation rename"), "\(shown.stdout.prefix(500))")
        }
    }
}
