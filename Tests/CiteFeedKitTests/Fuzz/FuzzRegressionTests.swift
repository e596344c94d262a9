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

/// The fuzz targets run in-process on every kept finding (Tests/Fixtures/fuzz/TARGET/) and on
/// the fixtures they start from, so a fixed crash stays fixed (`scripts/fuzz` finds new ones).
/// A failed `precondition` ends the test process: loudly.
@Suite struct FuzzRegressionTests {
    static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures")

    /// The regular files of `folder`.
    static func files(in folder: URL) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.isRegularFileKey])) ?? [])
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }.sorted { $0.path < $1.path }
    }

    @Test(arguments: FuzzTargets.names)
    func everyTargetTakesTheFixturesAndItsFindings(target: String) throws {
        let run = try #require(FuzzTargets.all[target])
        var inputs =
            FuzzRegressionTests.files(in: FuzzRegressionTests.fixtures.appendingPathComponent("hostile"))
            + FuzzRegressionTests.files(in: FuzzRegressionTests.fixtures.appendingPathComponent("import"))
        // The real import files, from the shared folder (not part of the project): where it is
        // absent, said, and under CI=true (where it is always there) a failure.
        let real = FuzzRegressionTests.files(in: realImports)
        if real.isEmpty { print("FuzzRegressionTests: \(realImports.path) is absent; its real files are not fuzzed") }
        #expect(!real.isEmpty || !runningInCI, "\(realImports.path) is missing")
        inputs += real
        let findings = FuzzRegressionTests.files(in: FuzzRegressionTests.fixtures.appendingPathComponent("fuzz/\(target)"))
        inputs += findings
        #expect(inputs.count > (real.isEmpty ? 50 : 80))
        for input in inputs { run(Array(try Data(contentsOf: input))) }
        // Inputs of every kind of byte, and the empty one.
        var rng = SeededGenerator(seed: 7)
        run([])
        for length in [1, 2, 7, 64, 1000] {
            for _ in 0..<20 { run((0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }) }
        }
    }

    @Test func theTargetsAreTheOnesTheIssueNames() {
        #expect(
            FuzzTargets.names == [
                "csv", "escaping", "html", "import-anki", "import-auto", "import-clippings", "import-csv", "import-dummyjson",
                "import-fortune",
                "import-json", "import-koreader", "import-markdown", "import-notebook", "import-playbooks", "json", "lua", "render",
                "settings", "template", "zip",
            ])
    }
}
