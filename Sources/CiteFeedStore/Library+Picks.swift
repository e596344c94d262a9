import CiteFeedModel
import CiteFeedSupport

extension Library {
    static let pickColumns = "p.id, p.slot_start, p.slot_end, p.picked_at, p.cycle, p.reason, p.snapshot"

    static func readPick(_ s: Statement) -> Pick? {
        guard let json = try? JSONParser.parse(s.text(6)), let snapshot = PickSnapshot(json: json) else { return nil }
        return Pick(
            id: s.int(0), slot: Slot(start: Timestamp(seconds: s.int(1)), end: Timestamp(seconds: s.int(2))),
            pickedAt: Timestamp(seconds: s.int(3)), cycle: s.int(4), reason: Pick.Reason(rawValue: s.text(5)) ?? .rotate,
            snapshot: snapshot)
    }

    /// The newest picks of `rotation` (the default rotation's: "") first.
    package func recentPicks(limit: Int, rotation: String = "") throws(StoreError) -> [Pick] {
        try mapped {
            try db.query(
                "SELECT \(Library.pickColumns) FROM picks p WHERE p.rotation = ? ORDER BY p.id DESC LIMIT ?",
                [.text(rotation), .int(Int64(limit))], Library.readPick
            )
            .compactMap { $0 }
        }
    }

    package func latestPick(rotation: String = "") throws(StoreError) -> Pick? {
        try recentPicks(limit: 1, rotation: rotation).first
    }

    /// Records a pick; its time is moved a second past the previous pick's when they would be
    /// equal, so that every feed item has its own date and id. A previous pick dated after this
    /// slot (made with a clock that was ahead) is not followed: the date stays `time`.
    @discardableResult
    package func insertPick(_ citation: Citation, slot: Slot, at time: Timestamp, cycle: Int64, reason: Pick.Reason, rotation: String = "")
        throws(StoreError) -> Pick
    {
        try mapped {
            var pickedAt = time
            if let previous = try db.scalar(
                "SELECT max(picked_at) FROM picks WHERE rotation = ? AND picked_at < ?", .text(rotation), .int(slot.end.seconds)),
                previous >= pickedAt.seconds
            {
                pickedAt = Timestamp(seconds: previous + 1)
            }
            let snapshot = PickSnapshot(citation)
            try db.run(
                "INSERT INTO picks (slot_start, slot_end, picked_at, citation_id, cycle, reason, snapshot, rotation) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                .int(slot.start.seconds), .int(slot.end.seconds), .int(pickedAt.seconds), .int(citation.id), .int(cycle),
                .text(reason.rawValue), .text(JSONWriter.compact(snapshot.json)), .text(rotation))
            return Pick(id: db.lastInsertRowID, slot: slot, pickedAt: pickedAt, cycle: cycle, reason: reason, snapshot: snapshot)
        }
    }

    /// Replaces the snapshot of pick `id` (the pick being shown, after its citation changed).
    package func updateSnapshot(pickID: Int64, _ snapshot: PickSnapshot) throws(StoreError) {
        try mapped {
            try db.run("UPDATE picks SET snapshot = ? WHERE id = ?", .text(JSONWriter.compact(snapshot.json)), .int(pickID))
        }
    }

    /// The state of `rotation`: the cycle of its last pick and the showings in it.
    package func cycleState(rotation: String = "") throws(StoreError) -> CycleState {
        try mapped {
            guard
                let last = try db.query(
                    "SELECT cycle, citation_id FROM picks WHERE rotation = ? ORDER BY id DESC LIMIT 1", [.text(rotation)],
                    { ($0.int(0), $0.int(1)) }
                ).first
            else {
                return CycleState()
            }
            var counts: [Int64: Int] = [:]
            for (id, n) in try db.query(
                "SELECT citation_id, count(*) FROM picks WHERE rotation = ? AND cycle = ? GROUP BY citation_id",
                [.text(rotation), .int(last.0)],
                { ($0.int(0), Int($0.int(1))) })
            {
                counts[id] = n
            }
            return CycleState(cycle: last.0, counts: counts, last: last.1)
        }
    }

    /// The SQL condition (on `citations c`) and bindings of what may rotate under `settings`:
    /// its filters, and no citation a weight of 0 keeps out. `authors` and `sources` compare
    /// by `citefeed_fold` (Unicode lower case).
    func eligibility(_ settings: Settings) -> (String, [SQLValue]) {
        var conditions = ["c.archived_at IS NULL"]
        var bindings: [SQLValue] = []
        func marks(_ n: Int) -> String { Array(repeating: "?", count: n).joined(separator: ", ") }
        func tagged(_ names: [String]) -> String {
            bindings += names.map { .text(Tag.key($0)) }
            return
                "c.id IN (SELECT ct.citation_id FROM citation_tags ct JOIN tags t ON t.id = ct.tag_id WHERE t.key IN (\(marks(names.count))))"
        }
        func byAuthor(_ names: [String]) -> String {
            bindings += names.map { .text($0.lowercased()) }
            return "citefeed_fold(c.author) IN (\(marks(names.count)))"
        }
        func fromSource(_ parts: [String]) -> String {
            bindings += parts.map { .text($0.lowercased()) }
            return "(" + parts.map { _ in "instr(citefeed_fold(c.source), ?) > 0" }.joined(separator: " OR ") + ")"
        }
        if settings.favouritesOnly { conditions.append("c.favourite = 1") }
        if settings.minLength > 0 {
            conditions.append("c.text_length >= ?")
            bindings.append(.int(Int64(settings.minLength)))
        }
        if settings.maxLength > 0 {
            conditions.append("c.text_length <= ?")
            bindings.append(.int(Int64(settings.maxLength)))
        }
        if !settings.tags.isEmpty { conditions.append(tagged(settings.tags)) }
        if !settings.authors.isEmpty { conditions.append(byAuthor(settings.authors)) }
        if !settings.sources.isEmpty { conditions.append(fromSource(settings.sources)) }
        if !settings.search.isEmpty {
            if let fts = CitationQuery.ftsQuery(settings.search) {
                conditions.append("c.id IN (SELECT rowid FROM citations_fts WHERE citations_fts MATCH ?)")
                bindings.append(.text(fts))
            } else {
                conditions.append("0")
            }
        }
        let never = settings.weights.filter { $0.weight == 0 }
        let excludedTags = settings.excludeTags + never.filter { $0.kind == .tag }.map(\.name)
        let excludedAuthors = settings.excludeAuthors + never.filter { $0.kind == .author }.map(\.name)
        let excludedSources = never.filter { $0.kind == .source }.map(\.name)
        if !excludedTags.isEmpty { conditions.append("NOT " + tagged(excludedTags)) }
        if !excludedAuthors.isEmpty { conditions.append("(c.author IS NULL OR NOT " + byAuthor(excludedAuthors) + ")") }
        if !excludedSources.isEmpty { conditions.append("(c.source IS NULL OR NOT " + fromSource(excludedSources) + ")") }
        return (conditions.joined(separator: " AND "), bindings)
    }

    /// The SQL expression (on `citations c`) of a citation's weight under `settings`' weights
    /// (before `favouriteWeight`): the product of the weights of the rules it matches, at most
    /// `WeightRule.maximumProduct`; `nil` when no rule weighs more than 1.
    private func weightExpression(_ settings: Settings) -> (String, [SQLValue])? {
        let rules = settings.weights.filter { $0.weight > 1 }
        guard !rules.isEmpty else { return nil }
        var factors: [String] = []
        var bindings: [SQLValue] = []
        for rule in rules {
            let condition: String
            switch rule.kind {
            case .tag: condition = "c.id IN (SELECT ct.citation_id FROM citation_tags ct JOIN tags t ON t.id = ct.tag_id WHERE t.key = ?)"
            case .author: condition = "citefeed_fold(c.author) = ?"
            case .source: condition = "instr(citefeed_fold(c.source), ?) > 0"
            }
            bindings.append(.text(rule.name.lowercased()))
            factors.append("(CASE WHEN \(condition) THEN \(rule.weight) ELSE 1 END)")
        }
        return ("min(\(WeightRule.maximumProduct), " + factors.joined(separator: " * ") + ")", bindings)
    }

    /// What the rotation cache is valid for: every setting that changes the eligible entries.
    static func filterKey(_ settings: Settings) -> String {
        let parts: [(String, String)] = [
            ("v", "2"), ("favouritesOnly", "\(settings.favouritesOnly)"), ("minLength", "\(settings.minLength)"),
            ("maxLength", "\(settings.maxLength)"), ("tags", "\(settings.tags.map(Tag.key).sorted())"),
            ("excludeTags", "\(settings.excludeTags.map(Tag.key).sorted())"),
            ("authors", "\(settings.authors.map { $0.lowercased() }.sorted())"),
            ("excludeAuthors", "\(settings.excludeAuthors.map { $0.lowercased() }.sorted())"),
            ("sources", "\(settings.sources.map { $0.lowercased() }.sorted())"), ("search", settings.search),
            ("weights", "\(settings.weights.map { $0.kind.rawValue + ":" + $0.name.lowercased() + "=" + String($0.weight) }.sorted())"),
        ]
        return parts.map { $0.0 + "=" + $0.1 }.joined(separator: " ")
    }

    /// Every citation that may rotate under `settings`, in id order, with its weight. The list
    /// is kept in `rotation_cache` for the library's generation and the settings' filter, so
    /// that rotations between changes read one blob instead of every citation; `store: false`
    /// only reads it.
    package func eligibleEntries(_ settings: Settings, store: Bool = true, rotation: String = "") throws(StoreError) -> [RotationEntry] {
        try mapped {
            let generation = Int64(try meta("generation") ?? "") ?? 0
            let filter = Library.filterKey(settings)
            let cache = try db.prepare("SELECT generation, filter, entries FROM rotation_cache WHERE rotation = ?")
            try cache.bind([.text(rotation)])
            let cached = try cache.step() && cache.int(0) == generation && cache.text(1) == filter
            if let memo = entriesMemo, memo.generation == generation, memo.filter == filter, cached || !store {
                return memo.entries
            }
            if cached {
                let entries = cache.withBlob(2) { RotationEntry.decode($0) }
                entriesMemo = (generation, filter, entries)
                return entries
            }
            let entries =
                try entriesMemo.flatMap { $0.generation == generation && $0.filter == filter ? $0.entries : nil } ?? readEntries(settings)
            entriesMemo = (generation, filter, entries)
            if store {
                try db.run(
                    "INSERT OR REPLACE INTO rotation_cache (rotation, generation, filter, entries) VALUES (?, ?, ?, ?)", .text(rotation),
                    .int(generation),
                    .text(filter),
                    .blob(RotationEntry.encode(entries)))
            }
            return entries
        }
    }

    /// The eligible entries read from the citations (`only`: of that citation alone).
    private func readEntries(_ settings: Settings, only id: Int64? = nil) throws(SQLiteError) -> [RotationEntry] {
        var (condition, bindings) = eligibility(settings)
        if let id {
            condition = "c.id = ? AND " + condition
            bindings.insert(.int(id), at: 0)
        }
        let weight = weightExpression(settings)
        let stmt = try db.prepare("SELECT c.id, c.uuid, c.favourite, \(weight?.0 ?? "1") FROM citations c WHERE \(condition) ORDER BY c.id")
        try stmt.bind((weight?.1 ?? []) + bindings)
        var entries: [RotationEntry] = []
        while try stmt.step() {
            // 32 bits of the hash, as the cache keeps them, so a fresh list orders like a cached one.
            let key = stmt.withBytes(1) { Mix.fnv1a($0) } & 0xFFFF_FFFF
            entries.append(RotationEntry(id: stmt.int(0), key: key, favourite: stmt.int(2) != 0, weight: Int(stmt.int(3))))
        }
        return entries
    }

    /// Whether citation `id` may rotate under `settings` (a weight of 0 keeps it out).
    package func isEligible(_ id: Int64, _ settings: Settings) throws(StoreError) -> Bool {
        try mapped { try !readEntries(settings, only: id).isEmpty }
    }

    /// The weight of citation `id` under `settings` (before `favouriteWeight`); 0 when it may
    /// not rotate.
    package func weight(of id: Int64, _ settings: Settings) throws(StoreError) -> Int {
        try mapped { try readEntries(settings, only: id).first?.weight ?? 0 }
    }

    /// The library's creation time (a fixed date for feeds that have no item yet).
    package func createdAt() throws(StoreError) -> Timestamp {
        Timestamp(seconds: Int64(try meta("created") ?? "") ?? 0)
    }

    /// The `meta` key of when `rotation` last found nothing eligible.
    static func emptySinceKey(_ rotation: String) -> String { rotation.isEmpty ? "empty_since" : "empty_since:" + rotation }

    /// When a rotation last found nothing eligible (cleared by the next pick).
    package func emptySince(rotation: String = "") throws(StoreError) -> Timestamp? {
        try meta(Library.emptySinceKey(rotation)).flatMap { Int64($0) }.map(Timestamp.init(seconds:))
    }

    package func setEmptySince(_ time: Timestamp?, rotation: String = "") throws(StoreError) {
        try mapped {
            if let time {
                try setMeta(Library.emptySinceKey(rotation), String(time.seconds))
            } else {
                try db.run("DELETE FROM meta WHERE key = ?", .text(Library.emptySinceKey(rotation)))
            }
        }
    }
}

extension Library {
    /// Forgets the rotation `name`: its history, its cache, its "nothing eligible since" and
    /// its uuid.
    package func removeRotation(_ name: String) throws(StoreError) {
        try mapped {
            try db.run("DELETE FROM picks WHERE rotation = ?", .text(name))
            try db.run("DELETE FROM rotation_cache WHERE rotation = ?", .text(name))
            try db.run("DELETE FROM meta WHERE key IN (?, ?)", .text(Library.emptySinceKey(name)), .text(Library.uuidKey(name)))
        }
    }

    /// Gives the rotation `old`'s history, cache and uuid to `new`.
    package func renameRotation(_ old: String, to new: String) throws(StoreError) {
        try mapped {
            try db.run("UPDATE picks SET rotation = ? WHERE rotation = ?", .text(new), .text(old))
            try db.run("UPDATE rotation_cache SET rotation = ? WHERE rotation = ?", .text(new), .text(old))
            for key in [Library.emptySinceKey, Library.uuidKey] {
                try db.run("UPDATE meta SET key = ? WHERE key = ?", .text(key(new)), .text(key(old)))
            }
        }
    }

    /// The namespace of a rotation's feed item ids: the library's uuid for the default
    /// rotation; a uuid of its own for a named one, made when first asked for (in a write).
    package func rotationUUID(_ name: String) throws(StoreError) -> String {
        if name.isEmpty { return try uuid() }
        if let uuid = try meta(Library.uuidKey(name)) { return uuid }
        let uuid = UUIDString.random()
        try setMeta(Library.uuidKey(name), uuid)
        return uuid
    }

    static func uuidKey(_ rotation: String) -> String { "uuid:" + rotation }
}
