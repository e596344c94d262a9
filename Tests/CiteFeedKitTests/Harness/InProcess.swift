import Foundation

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

extension Sandbox {
    /// Runs `citefeed ARGS` in this process through `CLI.run`, with the sandbox's home, clock and
    /// environment and captured streams: the same command as `run`, without a process. The time
    /// zone is the test process's (`TZ` is process-wide in the C library), so tests that depend
    /// on the zone run the binary instead.
    @discardableResult
    func runInProcess(_ arguments: [String], stdin: Data = Data()) -> RunResult {
        let out = OutputStream(), err = OutputStream()
        let context = Context(environment: environment, out: out, err: err, readStandardInput: { [UInt8](stdin) })
        let status = CLI.run(arguments, context)
        context.close()
        out.flush()
        err.flush()
        return RunResult(
            status: status, stdout: out.capturedText, stderr: err.capturedText, stdoutBytes: Data(out.captured))
    }

    @discardableResult
    func runInProcess(_ arguments: String..., stdin: String = "") -> RunResult {
        runInProcess(arguments, stdin: Data(stdin.utf8))
    }
}
