import Foundation
import Testing

/// The suite's three tiers, each runnable alone (`scripts/test TIER` says how):
///
/// - unit: the pieces, and commands run in this process (`Sandbox.run` calls `CLI.run`): suites
///   at the top level, untagged (`swift test --skip '\.(EndToEnd|Integration)/'`);
/// - end-to-end: the built citefeed run as a process, with a temporary home, a fixed clock and
///   time zone: suites inside `EndToEnd`, tagged `endToEnd` (`--filter '\.EndToEnd/'`);
/// - integration: real programs started beside it (bars, GNOME Shell, plasmoidviewer,
///   Syncthing, tmux and xterm, package installs, OCR, the feed validators, D-Bus): suites
///   inside `Integration`, tagged `integration` (`--filter '\.Integration/'`).
///
/// The harness holds each test to its tier: a unit test that starts the built citefeed, or a
/// test below integration that starts another program, is a failure that names the program
/// (`Tier.check`), so a fast tier stays fast.
@Suite(.tags(.endToEnd)) enum EndToEnd {}
@Suite(.tags(.integration)) enum Integration {}

extension Tag {
    @Tag static var endToEnd: Self
    @Tag static var integration: Self
}

enum Tier: Int, Comparable {
    case unit, endToEnd, integration

    static func < (a: Tier, b: Tier) -> Bool { a.rawValue < b.rawValue }

    /// The tier of the test running on this task, from its place (`nil` outside a test, as on
    /// a thread of the test's own).
    static var current: Tier? {
        guard let test = Test.current else { return nil }
        switch test.id.nameComponents.first {
        case "EndToEnd": return .endToEnd
        case "Integration": return .integration
        default: return .unit
        }
    }

    /// Programs a test of any tier may start: the shell and a few of the system's basic tools
    /// (the test's own stand-ins are scripts run by them).
    static let basics: Set<String> = ["sh", "bash", "env", "true", "false", "cat", "chmod", "timeout", "kill", "sleep", "ls", "id", "stat"]

    /// Records an issue unless the running test's tier may start `path` (with `arguments`).
    static func check(_ path: String, _ arguments: [String] = []) {
        guard let tier = current else { return }
        let needed: Tier
        // The built citefeed, itself or through a launcher of the system's (script(1) for a
        // terminal, setpriv for another user, Python for resource limits).
        if path == Sandbox.binary.path || arguments.contains(where: { $0.contains(Sandbox.binary.path) }) {
            needed = .endToEnd
        } else if basics.contains((path as NSString).lastPathComponent) {
            return
        } else {
            needed = .integration
        }
        if tier < needed {
            Issue.record(
                "a test of the \(tier) tier started \(path) \(arguments.prefix(3).joined(separator: " ")): put its suite in \(needed == .endToEnd ? "EndToEnd" : "Integration") (Tiers.swift)"
            )
        }
    }
}
