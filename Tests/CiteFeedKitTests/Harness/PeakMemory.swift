import Foundation
import Testing

/// Runs the built citefeed and reads its peak resident memory from the kernel, for that process
/// alone: what a test of memory measures. The test process cannot wait for it itself: a child it
/// spawns (`posix_spawn` shares its memory until `exec`) is charged the test runner's own peak,
/// hundreds of megabytes. So a small Python process runs it and reports `ru_maxrss` of its child.
enum PeakMemory {
    struct Run {
        var status: Int32
        /// Peak resident memory, in bytes.
        var peak: Int
        var stderr: String
    }

    static let script = """
        import resource, subprocess, sys
        run = subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        sys.stderr.buffer.write(run.stderr)
        print(run.returncode if run.returncode >= 0 else 128 - run.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
        """

    /// `box`'s citefeed with `arguments`, in its environment, standard output thrown away.
    static func run(_ box: Sandbox, _ arguments: [String]) throws -> Run {
        let python = try #require(findProgram("python3"))
        let result = try Sandbox.execute(
            python, ["-c", script, Sandbox.binary.path] + arguments, stdin: Data(), environment: box.environment)
        let words = result.stdout.split(separator: " ").map { String($0.filter { !$0.isWhitespace }) }
        guard words.count == 2, let status = Int32(words[0]), let kilobytes = Int(words[1]) else {
            Issue.record("the measuring process said \(result)")
            return Run(status: -1, peak: .max, stderr: result.stderr)
        }
        return Run(status: status, peak: kilobytes * 1024, stderr: result.stderr)
    }
}
