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

/// `Feeds/` in the repository holds the outputs of `Tests/Fixtures/sample-library.json` at a
/// fixed clock, seed and time zone. This test makes them again and fails when they differ.
/// Regenerate them with:
///
///     RECORD_GOLDEN=1 swift test --filter FeedsDirectoryTests
///
/// (which records, then fails once on purpose; run the tests again to see them pass).
@Suite struct FeedsDirectoryTests {
    static let fixture = packageRoot.appendingPathComponent("Tests/Fixtures/sample-library.json")
    static let feeds = packageRoot.appendingPathComponent("Feeds")

    /// Loads the sample library (a citefeed JSON export) into the sandbox's library.
    func load(into box: Sandbox) throws {
        let document = try JSONParser.parse(Array(try Data(contentsOf: FeedsDirectoryTests.fixture)))
        try box.run("about")
        let library = try box.library()
        for tag in document["tags"]?.arrayValue ?? [] {
            try library.addTag(name: tag["name"]!.stringValue!, color: tag["color"]!.stringValue!)
        }
        for c in document["citations"]?.arrayValue ?? [] {
            var new = NewCitation(
                text: c["text"]!.stringValue!, back: c["back"]?.stringValue, author: c["author"]?.stringValue,
                source: c["source"]?.stringValue, tags: (c["tags"]?.arrayValue ?? []).compactMap(\.stringValue),
                favourite: c["favourite"] == .bool(true))
            new.uuid = c["uuid"]?.stringValue
            new.createdAt = c["createdAt"]?.stringValue.flatMap(Timestamp.init(rfc3339:))
            new.updatedAt = c["updatedAt"]?.stringValue.flatMap(Timestamp.init(rfc3339:))
            try library.add(new, now: Timestamp(seconds: 0))
        }
        let db = try Database(path: box.libraryPath)
        try db.execute(
            """
            UPDATE meta SET value = '6f1c2e1a-0000-4000-8000-00000000feed' WHERE key = 'uuid';
            UPDATE meta SET value = '1769904000' WHERE key = 'created';
            """)
        try box.run("defaults", "write", "seed", "2026")
        try box.run("defaults", "write", "feedURL", "https://citefeed.example/")
        try box.run("defaults", "write", "feedTitle", "Citefeed sample")
    }

    @Test func feedsDirectoryIsWhatTheCodeProduces() throws {
        let box = try Sandbox()
        box.timeZone = "Europe/Berlin"
        try load(into: box)
        #expect(try box.library().counts().active == 22)
        // Eight hourly slots on 2026-03-01, and one `next` in the last.
        for hour in 6...13 { try box.rotate(at: "2026-03-01T\(hour < 10 ? "0" : "")\(hour):10:00+01:00") }
        box.now = "2026-03-01T13:40:00+01:00"
        #expect(try box.run("next").status == 0)
        for name in OutputSet.names {
            try Golden.check(try box.outputBytes(name), name, in: FeedsDirectoryTests.feeds)
        }
    }
}
