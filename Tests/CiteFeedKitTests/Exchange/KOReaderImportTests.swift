import Foundation
import Testing

@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedSupport

/// `citefeed import` of a sidecar, end to end: imported once, a bookmark left out, nothing run.
@Suite struct KOReaderImportTests {
    @Test(.needsShared(Integration.KOReaderTests.folder)) func importsOnceAndSaysWhatItLeftOut() throws {
        let box = try Sandbox()
        let path = Integration.KOReaderTests.folder.appendingPathComponent("noted-new-prophet.metadata.epub.lua").path
        let first = try box.run("import", path)
        #expect(first.status == 0 && first.stdout == "imported 3, skipped 0 duplicates\n", "\(first)")
        #expect(first.stderr.contains("left out 1 bookmark"))
        let again = try box.run("import", path)
        #expect(again.status == 0 && again.stdout == "imported 0, skipped 3 duplicates\n", "\(again)")
        let shown = try box.run("list", "--json")
        #expect(
            shown.stdout.contains("\"source\" : \"The Prophet — On Love\"")
                || shown.stdout.contains("\"source\": \"The Prophet — On Love\""), "\(shown)")
    }

    @Test func codeInASidecarIsAnErrorAndChangesNothing() throws {
        let box = try Sandbox()
        let folder = box.home.appendingPathComponent("book.sdr")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sidecar = folder.appendingPathComponent("metadata.epub.lua")
        try Data("return {\n  [\"annotations\"] = { os.execute(\"touch \(box.home.path)/pwned\") },\n}\n".utf8).write(to: sidecar)
        let result = try box.run("import", sidecar.path)
        #expect(result.status == 65 && result.stdout.isEmpty)
        #expect(result.stderr.contains("line 2: unexpected 'os': only literal data is read, nothing is run"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: box.home.appendingPathComponent("pwned").path))
        #expect(!FileManager.default.fileExists(atPath: box.home.appendingPathComponent("library.sqlite").path))
    }

    /// A highlight of 10 MB is refused with its reason; the others of the file are not half imported.
    @Test func aHugeHighlightIsRefusedWhole() throws {
        let box = try Sandbox()
        let huge = String(repeating: "a", count: 10 << 20)
        let text = """
            return {
                ["annotations"] = {
                    [1] = { ["pos0"] = "a", ["text"] = "A fine highlight." },
                    [2] = { ["pos0"] = "b", ["text"] = "\(huge)" },
                },
                ["doc_props"] = { ["title"] = "Big", ["authors"] = "Someone" },
            }
            """
        let sidecar = box.home.appendingPathComponent("metadata.pdf.lua")
        try Data(text.utf8).write(to: sidecar)
        let result = try box.run("import", sidecar.path)
        #expect(result.status == 65 && result.stderr.contains("record 2"), "\(result.stderr.prefix(300))")
        #expect(try box.run("list").stdout.contains("A fine highlight") == false)
    }
}
