import Foundation
import Testing

@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// The façade drives a whole use case with no command-line type in it (this file
/// imports no CiteFeedCLI): an import refreshes every rotation, writes their outputs and leaves
/// what to announce.
@Suite struct HomeTests {
    /// A home in a temporary folder with two rotations that show only citations tagged `zzz`
    /// (none until the import) and a publish command on the named one.
    final class TestHome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("citefeed-home-\(UUID().uuidString)")
        let home: Home
        var notices: [HomeNotice] = []
        private var library: Library?

        init() throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let settings = """
                {"tags": ["zzz"],
                 "rotations": {"work": {"tags": ["zzz"], "publishCommand": ["true"]}}}
                """
            try settings.write(to: folder.appendingPathComponent("settings.json"), atomically: true, encoding: .utf8)
            let paths = Paths(environment: ["CITEFEED_HOME": folder.path, "HOME": folder.path])
            var opened: Library?
            home = Home(
                paths: paths, version: "test", clock: { Timestamp(rfc3339: "2026-03-02T10:00:00Z")! },
                settings: { try SettingsFile(path: paths.settings).load(rotation: "").settings },
                library: {
                    if let opened { return opened }
                    opened = try Library(path: paths.library)
                    return opened!
                })
            home.notice = { [unowned self] in notices.append($0) }
        }

        func settings(_ rotation: String) throws -> Settings {
            try SettingsFile(path: home.paths.settings).load(rotation: rotation).settings
        }

        func output(_ rotation: String, _ name: String) throws -> String {
            let directory = home.paths.outputDirectory(try settings(rotation))
            return try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    @Test func importRefreshesEveryRotationAndLeavesItsAnnouncements() throws {
        let test = try TestHome()
        let home = test.home
        for rotation in ["", "work"] {
            guard case .rotating(let state, let written) = try home.rotate(test.settings(rotation)) else {
                Issue.record("rotation \(rotation) does not rotate")
                return
            }
            #expect(state.pick == nil)  // nothing tagged zzz yet
            #expect(written.files.contains("current.json") || written.files.contains("status.txt"))
        }
        #expect(test.notices == [.starterSetAdded(StarterSet.citations.count)])
        _ = home.announcementJobs()  // what the rotations announced so far

        let csv = "text,author,tags\nThe obstacle is the way.,Marcus Aurelius,zzz\nWaste no more time.,Marcus Aurelius,zzz\n"
        let reader = try Importers.reader(.csv, name: "quotes.csv", bytes: Array(csv.utf8))
        let result = try home.importRecords(reader, name: "quotes.csv", format: .csv, extraTags: [], skipInvalid: false)
        #expect(result.imported == 2)

        // Both rotations show an imported citation now, in their saved state and their feeds.
        for rotation in ["", "work"] {
            let current = try #require(OutputDirectory.readCurrent(home.paths.current(rotation: rotation)))
            let text = try #require(current.pick?.text)
            #expect(["The obstacle is the way.", "Waste no more time."].contains(text))
            #expect(try test.output(rotation, "feed.xml").contains(text.xmlEscaped))
        }
        // What to announce: what each rotation wrote (a pick made because the library changed
        // is not a new pick of the schedule: no notification), and so the named one's publish
        // command, its pending marker written before it runs.
        #expect(Set(home.announcements.keys) == ["", "work"])
        #expect(home.announcements.values.allSatisfy { $0.written.contains("feed.xml") && $0.pick == nil })
        let jobs = home.announcementJobs()
        #expect(jobs.map(\.label) == ["rotation work: "])
        #expect(jobs.first?.publishCommand == ["true"] && jobs.first?.notification == nil)
        #expect(Posix.fileExists(home.paths.publishPending(rotation: "work")))
        #expect(home.announcements.isEmpty)
    }

    @Test func theModeIsCheckedByTheUseCases() throws {
        let test = try TestHome()
        let settings = try test.settings("")
        #expect(throws: ReviewBarError.rotateMode("")) { try test.home.reveal(settings) }
        #expect(throws: ReviewBarError.rotateMode("")) { try test.home.grade(.good, settings) }
        var reviewing = settings
        reviewing.mode = .review
        #expect(throws: ReviewBarError.reviewMode("")) { try test.home.next(reviewing) }
    }

    @Test func aFileWithNoCitationIsRefusedAndChangesNothing() throws {
        let test = try TestHome()
        let reader = try Importers.reader(.csv, name: "empty.csv", bytes: Array("text,author\n".utf8))
        #expect(throws: ImportError.self) {
            try test.home.importRecords(reader, name: "empty.csv", format: .csv, extraTags: [], skipInvalid: false)
        }
        #expect(try test.home.library().counts().active == 0)
    }

    /// Item 3: what went wrong comes up as values, not sentences, so any front end can word it.
    @Test func errorsComeUpAsValues() throws {
        let test = try TestHome()
        let bytes = Array("text,author,tags\n\"\",Nobody,\nFine,Someone,\"a,b\"\nAlso fine,Someone,\n".utf8)
        let reader = try Importers.reader(.csv, name: "bad.csv", bytes: bytes)
        #expect(throws: ImportError.invalidRecords([InvalidRecord(.line(2), .citation(.emptyText))], total: 1)) {
            try test.home.importRecords(reader, name: "bad.csv", format: .csv, extraTags: [], skipInvalid: false)
        }
        #expect(try test.home.library().counts().active == 0)
        #expect(throws: StoreError.noSuchCitation(42)) { try test.home.library().citation(id: 42) }
        let file = SettingsFile(path: test.home.paths.settings)
        #expect(throws: SettingsError.noSuchRotation("nope")) { try file.load(rotation: "nope") }
        try #"{"tags": ["a\u0007"]}"#.write(toFile: test.home.paths.settings, atomically: true, encoding: .utf8)
        #expect(
            throws: SettingsError.badValue(
                path: test.home.paths.settings, key: "tags", value: #"["a\u0007"]"#,
                reason: .invalid(.invalidTagName("a\u{07}", reason: "a tag name cannot contain the control character U+0007 (BEL)")))
        ) { try file.load() }
    }
}
