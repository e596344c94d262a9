import Foundation
import Testing

@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

extension EndToEnd {
    /// A folder's or the devices' import copies every source before its transaction (when it did not,
    /// the e-reader was read while the library's write lock was held, so a slow or hung device
    /// held back every rotation): while a device is read, another command can write the library,
    /// the device can go once it is copied, and the copies are removed.
    @Suite struct ImportStagingTests {
        static let clippings = """
            A Book (An Author)
            - Your Highlight on page 3 | Location 40-41 | Added on Monday, March 2, 2026 10:00:00 AM

            A highlight read from a copy of the device.
            ==========

            """

        @Test func theDeviceIsReadBeforeTheTransactionAndCanGoOnceCopied() throws {
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("cf-staging-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: base) }
            let device = base.appendingPathComponent("Kindle/documents")
            try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
            let file = device.appendingPathComponent("My Clippings.txt")
            try Data(Self.clippings.utf8).write(to: file)
            let home = base.appendingPathComponent("home")
            let paths = Paths(environment: ["CITEFEED_HOME": home.path, "HOME": home.path])
            let library = try Library(path: paths.library)
            let now = Timestamp(rfc3339: "2026-03-02T10:00:00Z")!
            _ = try library.add(NewCitation(text: "Already here"), now: now)
            // What an import killed mid-way left (its process is gone) is removed by the next.
            let left = paths.importStaging + "/999999999-killed"
            try FileManager.default.createDirectory(atPath: left + "/0/data", withIntermediateDirectories: true)
            try Data("someone's reading".utf8).write(to: URL(fileURLWithPath: left + "/0/data/My Clippings.txt"))
            let app = Home(
                paths: paths, version: "test", clock: { now },
                settings: { try SettingsFile(path: paths.settings).load(rotation: "").settings },
                library: { library })
            var environment = ["CITEFEED_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC"]
            if let profile = ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"] { environment["LLVM_PROFILE_FILE"] = profile }
            var added: RunResult?
            let source = ImportSource(name: "Kindle/documents/My Clippings.txt") { staging, number in
                let copy = try #require(try staging.stage(file.path, number: number, limit: 1 << 20))
                // While the device is read, the library is not locked: a real command writes it.
                added = try Sandbox.execute(
                    Sandbox.binary.path, ["add", "Added while the device was read"], stdin: Data(), environment: environment)
                // And the device may go once it is copied.
                try FileManager.default.removeItem(at: file)
                return copy
            } open: { staged in
                let bytes = try #require(try Posix.readFile(staged, limit: 1 << 20))
                return (.clippings, try Importers.reader(.clippings, name: "My Clippings.txt", bytes: bytes), nil)
            }
            let outcomes = try app.importEach([source], extraTags: [], skipInvalid: false, dryRun: false)
            #expect(added?.status == 0, "\(String(describing: added))")
            #expect(try outcomes.first?.result.get().imported == 1)
            let texts = Set(try library.db.query("SELECT text FROM citations") { $0.text(0) })
            #expect(texts == ["Already here", "Added while the device was read", "A highlight read from a copy of the device."])
            // Nothing of the copies is left.
            #expect(!FileManager.default.fileExists(atPath: paths.importStaging))
        }

        @Test func aDatabaseIsCopiedWithItsJournalAndAppleBooksWithItsLibrary() throws {
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("cf-staging-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: base) }
            let annotations = base.appendingPathComponent("AEAnnotation")
            let books = base.appendingPathComponent("BKLibrary")
            try FileManager.default.createDirectory(at: annotations, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
            let database = annotations.appendingPathComponent("AEAnnotation_v10312011_1727_local.sqlite").path
            try Integration.DatabaseImportTests.make(database, "CREATE TABLE t (x); INSERT INTO t VALUES (1);")
            try Data("wal".utf8).write(to: URL(fileURLWithPath: database + "-wal"))
            let library = books.appendingPathComponent("BKLibrary-1-091020131601.sqlite").path
            try Integration.DatabaseImportTests.make(library, "CREATE TABLE u (y);")
            let staging = try ImportStaging(in: base.appendingPathComponent("staging").path)
            let copy = try #require(try staging.stage(database, number: 4, limit: 10))
            #expect(copy == staging.folder + "/4/data/AEAnnotation_v10312011_1727_local.sqlite")
            #expect(FileManager.default.contents(atPath: copy + "-wal") == Data("wal".utf8))
            #expect(
                AppleBooksDatabase.libraryFile(beside: copy).map { URL(fileURLWithPath: $0).standardized.path } == staging.folder
                    + "/4/BKLibrary/BKLibrary-1-091020131601.sqlite")
            // A file over the limit is refused as reading it would be.
            let big = base.appendingPathComponent("big.txt")
            try Data(repeating: 0x41, count: 100).write(to: big)
            #expect(throws: IOFailure.self) { try staging.stage(big.path, number: 5, limit: 10) }
            #expect(try staging.stage(base.appendingPathComponent("absent.txt").path, number: 6, limit: 10) == nil)
            staging.remove()
            #expect(!FileManager.default.fileExists(atPath: staging.folder))
        }
    }
}
