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

extension Sandbox {
    /// Gives the library and its citations fixed uuids and a fixed seed, and a public feed URL,
    /// so that outputs are the same on every run (item ids derive from these uuids).
    func makeDeterministic(seed: Int = 7, feedURL: String = "https://example.org/citations/") throws {
        let db = try Database(path: libraryPath)
        try db.execute(
            """
            UPDATE meta SET value = '6f1c2e1a-0000-4000-8000-000000000001' WHERE key = 'uuid';
            UPDATE meta SET value = '1772323200' WHERE key = 'created';
            UPDATE citations SET uuid = printf('00000000-0000-4000-8000-%012d', id);
            """)
        #expect(try run("defaults", "write", "seed", String(seed)).status == 0)
        if !feedURL.isEmpty { #expect(try run("defaults", "write", "feedURL", feedURL).status == 0) }
    }

    /// The outputs directory (default place).
    var feeds: URL { home.appendingPathComponent("Feeds") }

    func output(_ name: String) throws -> String { try String(contentsOf: feeds.appendingPathComponent(name), encoding: .utf8) }
    func outputBytes(_ name: String) throws -> Data { try Data(contentsOf: feeds.appendingPathComponent(name)) }

    /// Every file of the outputs directory with its bytes, to compare before and after a command.
    func outputFiles() throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: feeds.path) {
            files[name] = try Data(contentsOf: feeds.appendingPathComponent(name))
        }
        return files
    }

    /// Runs `rotate` at `time` (an RFC 3339 string) and expects success.
    @discardableResult
    func rotate(at time: String, _ extra: String...) throws -> RunResult {
        now = time
        let result = try run(["rotate"] + extra)
        #expect(result.status == 0, "\(result)")
        return result
    }

    func historyIDs() throws -> [Int64] {
        try library().recentPicks(limit: 10_000).map(\.snapshot.id)
    }

    func status(_ format: String = "plain", _ extra: String...) throws -> RunResult {
        try run(["status", "--format", format] + extra)
    }
}

/// Citations with every kind of character a feed must carry.
enum TrickyCitations {
    static let markup = "Use <b>bold</b> & \"quotes\" — it's 'fine' 🎉"
    static let rtl = "שלום עולם — مرحبا بالعالم"
    static let polybar = "Red %{F#f00}alert%{F-} here"

    static func add(to box: Sandbox) throws {
        box.now = "2026-03-01T08:00:00+01:00"
        try box.add(markup, "--author", "A & B <Co>", "--source", "https://example.org/q?a=1&b=2", "--tag", "life", "--favourite")
        try box.add(rtl, "--author", "Anonymous", "--tag", "World Wide", "--back", "Hello, world — in two scripts.")
        try box.add("日本語のテキストと絵文字😀が入った長い引用です。幅は二列で数えます。", "--author", "Kenji", "--tag", "life")
        try box.add(
            "Line one\nline two, which is much longer than the first one and goes on and on past eighty characters", "--source", "Notebook")
    }
}
