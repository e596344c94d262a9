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

/// The sample library as a folder of notes in each format, page by page, byte for byte.
@Suite struct NotesGoldenTests {
    @Test(arguments: NotesFormat.allCases)
    func notes(format: NotesFormat) throws {
        let box = try Sandbox()
        box.now = "2026-03-01T08:30:00Z"
        #expect(box.runInProcess("import", ExportGoldenTests.fixture.path).status == 0)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = box.runInProcess("export", "--format", format.rawValue, dir.path)
        #expect(result.status == 0 && result.stdout.isEmpty, "\(result)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".md") }.sorted()
        var all = Data()
        for name in names {
            all += Data("==> \(name) <==\n".utf8) + (try Data(contentsOf: dir.appendingPathComponent(name)))
        }
        try Golden.check(all, "exports/sample-notes.\(format.rawValue)")
    }
}
