import Foundation
import Testing

@testable import CiteFeedCore
@testable import CiteFeedModel
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// One machine of a sync test, in-process: its own home (a temporary directory), a clock the
/// test sets, and the folder it syncs through.
final class SyncMachine {
    let name: String
    let directory: URL
    let paths: Paths
    var folder: URL
    var now: Timestamp
    private var opened: Library?

    init(_ name: String, folder: URL, now: Timestamp = Timestamp(rfc3339: "2026-03-02T10:00:00Z")!) throws {
        _ = Sandbox.processZone  // the harness's settings: homes in memory, syncing nothing
        self.name = name
        self.folder = folder
        self.now = now
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cf-machine-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        paths = Paths(environment: ["CITEFEED_HOME": directory.path, "HOME": directory.path])
    }

    deinit {
        // CITEFEED_SYNC_KEEP keeps the homes, to look into a failing schedule.
        if ProcessInfo.processInfo.environment["CITEFEED_SYNC_KEEP"] == nil { try? FileManager.default.removeItem(at: directory) }
    }

    /// A folder for machines to share.
    static func sharedFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cf-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    var library: Library {
        get throws {
            if let opened { return opened }
            opened = try Library(path: paths.library)
            return opened!
        }
    }

    var home: Home {
        Home(
            paths: paths, version: "test", clock: { [unowned self] in now },
            settings: { [paths] in try SettingsFile(path: paths.settings).load(rotation: "").settings },
            library: { [unowned self] in try library })
    }

    /// The size past which this machine compacts its log.
    var compactAt = SyncService.compactAt
    /// Whether a log past `compactAt` is compacted even when few of its lines were made useless
    /// (`nil`: when `compactAt` is lowered, so that the tests' small logs are compacted).
    var compactAlways: Bool?

    @discardableResult
    func sync() throws -> SyncService.Report {
        try home.sync(
            folder: folder.path, name: name, compactAt: compactAt, compactAlways: compactAlways ?? (compactAt < SyncService.compactAt))
    }

    /// Moves the clock on by `seconds`.
    func wait(_ seconds: Int64) { now = Timestamp(seconds: now.seconds + seconds) }

    @discardableResult
    func add(_ text: String, back: String? = nil, tags: [String] = []) throws -> Citation {
        try library.add(NewCitation(text: text, back: back, tags: tags), now: now)
    }

    /// The id here of the citation `uuid`.
    func id(_ uuid: String) throws -> Int64 {
        try #require(try library.db.scalar("SELECT id FROM citations WHERE uuid = ?", .text(uuid)))
    }

    @discardableResult
    func grade(_ uuid: String, _ grade: Grade) throws -> Int64 {
        try StudyService(library: try library, settings: try home.settings(), now: now).grade(try id(uuid), grade).reviewID
    }

    func undo(_ reviewID: Int64) throws {
        try StudyService(library: try library, settings: try home.settings(), now: now).undo(reviewID)
    }

    /// The settings of `rotation` as this machine has them.
    func settings(_ rotation: String = "") throws -> Settings { try SettingsFile(path: paths.settings).load(rotation: rotation).settings }

    func set(_ key: SettingKey, _ value: JSONValue, rotation: String = "") throws {
        try SettingsFile(path: paths.settings).write(key, value, rotation: rotation)
    }

    /// `rotate` of the default rotation: the uuid of the citation shown.
    @discardableResult
    func rotate() throws -> String? {
        _ = try home.rotate(try settings())
        return try library.latestPick()?.snapshot.uuid
    }

    /// `next`: the uuid of the citation shown.
    @discardableResult
    func next() throws -> String? { try home.next(try settings()).state.pick?.snapshot.uuid }

    /// The next `count` slots of the default rotation: slot start and the citation's uuid.
    func upcoming(_ count: Int = 8) throws -> [String] {
        try RotationService(library: try library, settings: try settings(), now: now).upcoming(count).map {
            "\($0.slot.start.seconds) \($0.citation.uuid)"
        }
    }

    /// The default rotation's history: slot, reason, citation.
    func history() throws -> [String] {
        try library.db.query(
            "SELECT p.slot_start || ' ' || p.reason || ' ' || c.uuid || coalesce(p.sync_id, '?') || ' ' || coalesce(p.sync_clock, '?') FROM picks p JOIN citations c ON c.id = p.citation_id ORDER BY p.id"
        ) {
            $0.text(0)
        }
    }

    /// The card of `uuid` as text (state, memory, due, counts).
    func card(_ uuid: String) throws -> String {
        let record = try #require(try library.card(of: try id(uuid), now: Timestamp(seconds: 0)))
        return JSONWriter.compact(CardJSON.object(record))
    }

    /// The library by uuid with everything that must be equal on every machine once synced:
    /// citations and their fields, tags, cards and their answers.
    func canonical() throws -> String {
        let db = try library.db
        let citations = try db.query(
            """
            SELECT c.uuid, c.text, coalesce(c.back, '-'), coalesce(c.author, '-'), coalesce(c.source, '-'), c.favourite,
                   coalesce(c.archived_at, '-'), c.created_at, c.updated_at,
                   (SELECT group_concat(key, ',') FROM (SELECT t.key FROM citation_tags ct JOIN tags t ON t.id = ct.tag_id
                        WHERE ct.citation_id = c.id ORDER BY t.key)),
                   (SELECT coalesce(k.marked, '-') || ' ' || k.is_card || ' ' || k.state || ' ' || coalesce(k.stability, '-') || ' '
                        || coalesce(k.difficulty, '-') || ' ' || coalesce(k.due, '-') || ' ' || coalesce(k.last_review, '-') || ' '
                        || k.reps || ' ' || k.lapses FROM cards k WHERE k.citation_id = c.id
                        -- A row with no mark, no card and no answer holds nothing: it is as no row.
                        AND NOT (k.marked IS NULL AND k.is_card = 0 AND k.state = 'new' AND k.reps = 0 AND k.lapses = 0)),
                   (SELECT group_concat(a, ';') FROM (SELECT r.sync_id || '@' || r.reviewed_at || '=' || r.grade || '/' || r.card_before AS a
                        FROM reviews r WHERE r.citation_id = c.id ORDER BY r.reviewed_at, r.sync_id))
            FROM citations c ORDER BY c.uuid
            """
        ) { s in (0..<12).map { s.isNull(Int32($0)) ? "∅" : s.text(Int32($0)) }.joined(separator: " | ") }
        let tags = try db.query("SELECT key || ' ' || name || ' ' || color FROM tags ORDER BY key") { $0.text(0) }
        return (citations + ["--"] + tags).joined(separator: "\n")
    }
}
