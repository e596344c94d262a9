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

/// Every export format of the sample library, byte for byte (the library of `Feeds/`: tags
/// with colours, favourites, a back side, an archived citation).
@Suite struct ExportGoldenTests {
    static let fixture = packageRoot.appendingPathComponent("Tests/Fixtures/sample-library.json")

    @Test(arguments: ExportFormat.allCases)
    func export(format: ExportFormat) throws {
        let box = try Sandbox()
        box.now = "2026-03-01T08:30:00Z"
        let imported = box.runInProcess("import", ExportGoldenTests.fixture.path)
        #expect(imported.status == 0, "\(imported)")
        let result = box.runInProcess("export", "--all", "--format", format.rawValue)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        try Golden.check(result.stdoutBytes, "exports/sample.\(format.rawValue)")
        // The same bytes through --out.
        let out = box.home.appendingPathComponent("out." + format.rawValue)
        #expect(box.runInProcess("export", "--all", "--format", format.rawValue, "--out", out.path).status == 0)
        #expect(try Data(contentsOf: out) == result.stdoutBytes)
    }
}
