/// `fav`, `unfav`, `archive` and `restore`: one change applied to several citations at once,
/// all or nothing (an unknown id changes none).
protocol FlagCommand: Command {
    var ids: [Int64] { get }
    /// Applies the change; returns the ids that changed.
    func apply(_ library: Library, _ ids: [Int64], _ now: Timestamp) throws -> [Int64]
    /// What to say afterwards, given the ids that changed and those that were already so.
    func report(changed: [Int64], unchanged: [Int64]) -> String
}

extension FlagCommand {
    static func makeSpec(_ name: String, _ summary: String, _ details: String) -> CommandSpec {
        CommandSpec(
            name: name, usage: "ID...", summary: summary, details: details, options: [],
            positionals: (1, nil), positionalName: "the ID of at least one citation")
    }

    static func parseIDs(_ arguments: ParsedArguments) throws -> [Int64] {
        try Arguments.ids(arguments.positionals)
    }

    func run(_ context: Context) throws {
        let now = try context.now()
        let changed = try context.changeLibrary { try apply($0, ids, now) }
        context.out.line("\(report(changed: changed, unchanged: ids.filter { !changed.contains($0) }))")
    }
}

func idList(_ ids: [Int64]) -> String { ids.map(String.init).joined(separator: " ") }

func citationsPhrase(_ ids: [Int64]) -> String {
    ids.count == 1 ? "citation \(ids[0])" : "citations \(idList(ids))"
}

/// "Marked citation 3 as a favourite." plus a note on those that already were.
func flagReport(_ verb: String, changed: [Int64], unchanged: [Int64], already: String) -> String {
    var parts: [String] = []
    if !changed.isEmpty { parts.append("\(verb) \(citationsPhrase(changed)).") }
    if !unchanged.isEmpty {
        let phrase = citationsPhrase(unchanged)
        parts.append(
            phrase.prefix(1).uppercased() + phrase.dropFirst() + (unchanged.count == 1 ? " was" : " were") + " already \(already).")
    }
    return parts.joined(separator: " ")
}

struct FavCommand: FlagCommand {
    static let spec = makeSpec(
        "fav", "Mark citations as favourites.", "Favourites can rotate alone (defaults write favouritesOnly yes) and are shown more often.")
    let ids: [Int64]
    init(_ arguments: ParsedArguments) throws { ids = try Self.parseIDs(arguments) }
    func apply(_ library: Library, _ ids: [Int64], _ now: Timestamp) throws -> [Int64] { try library.setFavourite(ids, true, now: now) }
    func report(changed: [Int64], unchanged: [Int64]) -> String {
        flagReport("Marked as favourite:", changed: changed, unchanged: unchanged, already: "a favourite")
    }
}

struct UnfavCommand: FlagCommand {
    static let spec = makeSpec("unfav", "Unmark favourites.", "")
    let ids: [Int64]
    init(_ arguments: ParsedArguments) throws { ids = try Self.parseIDs(arguments) }
    func apply(_ library: Library, _ ids: [Int64], _ now: Timestamp) throws -> [Int64] { try library.setFavourite(ids, false, now: now) }
    func report(changed: [Int64], unchanged: [Int64]) -> String {
        flagReport("No longer a favourite:", changed: changed, unchanged: unchanged, already: "not a favourite")
    }
}

struct ArchiveCommand: FlagCommand {
    static let spec = makeSpec(
        "archive", "Archive citations (a soft delete; restore brings them back).",
        "Archived citations never reach the bar or the feeds; 'citefeed list --archived' shows them.")
    let ids: [Int64]
    init(_ arguments: ParsedArguments) throws { ids = try Self.parseIDs(arguments) }
    func apply(_ library: Library, _ ids: [Int64], _ now: Timestamp) throws -> [Int64] { try library.archive(ids, now: now) }
    func report(changed: [Int64], unchanged: [Int64]) -> String {
        var text = flagReport("Archived", changed: changed, unchanged: unchanged, already: "archived")
        if !changed.isEmpty { text += " 'citefeed restore \(idList(changed))' brings them back." }
        return text
    }
}

struct RestoreCommand: FlagCommand {
    static let spec = makeSpec("restore", "Bring archived citations back.", "")
    let ids: [Int64]
    init(_ arguments: ParsedArguments) throws { ids = try Self.parseIDs(arguments) }
    func apply(_ library: Library, _ ids: [Int64], _ now: Timestamp) throws -> [Int64] { try library.restore(ids, now: now) }
    func report(changed: [Int64], unchanged: [Int64]) -> String {
        flagReport("Restored", changed: changed, unchanged: unchanged, already: "not archived")
    }
}
