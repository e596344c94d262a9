import Foundation

/// `citefeed status --follow` running for a test under timeout(1) (so that a failing test
/// cannot leave it running), its lines written to a file the test reads.
final class Follower {
    let process = Process()
    let output: URL

    init(_ box: Sandbox, arguments: [String] = [], environment extra: [String: String] = [:], timeout: Int = 30) throws {
        output = box.home.appendingPathComponent("follow-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        Tier.check(Sandbox.binary.path, ["status", "--follow"])
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = [String(timeout), Sandbox.binary.path, "status", "--follow"] + arguments
        process.environment = box.environment.merging(extra) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.run()
    }

    /// The lines printed so far, once there are `count` of them or `seconds` have passed. The
    /// wait is only a bound against hanging, never a judged threshold (a debug build on a loaded
    /// machine is slow).
    func lines(atLeast count: Int, within seconds: Double = 30) -> [String] {
        Follower.lines(in: output, atLeast: count, within: seconds)
    }

    /// The lines of `output` (a follower's, however it was started), once there are `count`
    /// of them or `seconds` have passed.
    static func lines(in output: URL, atLeast count: Int, within seconds: Double = 30) -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var lines: [String] = []
        while Date() < deadline {
            lines = ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            if lines.count >= count { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return lines
    }

    deinit {
        // SIGKILL to timeout(1): the test's threads block SIGTERM, and their children inherit
        // the mask, so timeout would never see a SIGTERM and would wait out its time. The
        // follower then sees its parent gone and ends.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
