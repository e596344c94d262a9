import Foundation
import Testing

/// Whether the tests run in CI (`CI=true`, as `.ci/run` and most CI services set it), where
/// every tool the tests use is installed by `scripts/setup-debian --test`: a missing one is
/// then a failure, never a silent pass.
let runningInCI = ProcessInfo.processInfo.environment["CI"] == "true"

extension Trait where Self == ConditionTrait {
    /// A test that needs a program or a file: shown as skipped, with `comment`, where it is
    /// missing; under `CI=true` it runs anyway, so its own `#require` fails.
    static func requires(_ available: Bool, _ comment: Comment) -> Self {
        .disabled(if: !runningInCI && !available, comment)
    }
}

extension Trait where Self == ConditionTrait {
    /// A test that reads a file of the shared folder (`../shared`, beside the project, not part
    /// of it): shown as skipped, with the path, where that folder is absent; under `CI=true`
    /// (where it is always there) it runs anyway, and fails on the missing file.
    static func needsShared(_ file: URL) -> Self {
        .disabled(if: !runningInCI && !FileManager.default.fileExists(atPath: file.path), "needs \(file.path) (../shared is absent)")
    }
}

/// The shared folder beside the project (`../shared`), where the spec's tools and vendor data are.
let sharedFolder = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

/// Real import files fetched from public repositories (they are not part of
/// the project): `../shared/corpus/imports-1`, whose SOURCES.md says where each comes from.
let realImports = sharedFolder.appendingPathComponent("corpus/imports-1")

extension Sandbox {
    /// Runs `citefeed ARGS` as a user without privileges: as this user, or, when the tests run
    /// as root (who may write anywhere, so no permission would be refused), as `nobody` through
    /// `setpriv`, with the home handed to `nobody` first.
    func runUnprivileged(_ arguments: [String]) throws -> RunResult {
        guard getuid() == 0 else { return try run(arguments) }
        let setpriv = try #require(findProgram("setpriv"), "setpriv (util-linux) runs the test as nobody when the tests run as root")
        for path in try FileManager.default.subpathsOfDirectory(atPath: home.path).map({ home.path + "/" + $0 }) + [home.path] {
            lchown(path, 65534, 65534)
        }
        return try Sandbox.execute(
            setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", Sandbox.binary.path] + arguments, stdin: Data(),
            environment: environment)
    }
}
