import CiteFeedCore
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// `Home`'s readings of the library, for the commands that show it (`about`, `show`, `history`,
/// `tag list`, `stats`, `restore`, `defaults read`): the command line words them and never
/// opens the library itself.
extension Home {
    /// What `about` tells of the library: its file, its counts, and its newest pick.
    package func overview() throws -> (path: String, counts: (active: Int, favourites: Int, archived: Int, tags: Int), lastPick: Pick?) {
        let library = try library()
        return (library.path, try library.counts(), try library.latestPick())
    }

    /// Citation `id`, and its card when it is one.
    package func citation(_ id: Int64) throws -> (citation: Citation, card: CardRecord?) {
        let library = try library()
        return (try library.citation(id: id), try library.card(of: id, now: try now()))
    }

    /// The last `limit` picks of rotation `rotation`, newest first.
    package func recentPicks(limit: Int, rotation: String) throws -> [Pick] {
        try library().recentPicks(limit: limit, rotation: rotation)
    }

    /// The citations `query` selects; with `starterSet`, the starter set is put in first when
    /// the library never held a citation (`list` is the first command many run).
    package func citations(_ query: CitationQuery, starterSet: Bool = true) throws -> [Citation] {
        try (starterSet ? libraryWithStarterSet() : library()).citations(query)
    }

    /// New cards: how many may start today (`newPerDay`), and how many wait in all.
    package func newCards() throws -> (today: Int, waiting: Int) {
        (try studyNow().counts().new, try library().newCardCount(deck: nil))
    }

    /// The study of every card, now, under the settings in force.
    private func studyNow() throws -> StudyService { StudyService(library: try library(), settings: try settings(), now: try now()) }

    /// Every tag, with how many citations have it.
    package func tags() throws -> [TagSummary] { try library().tags() }

    /// The tag named `name` (any case), or `StoreError.tagNotFound`.
    package func tag(named name: String) throws -> Tag { try library().tag(named: name) }

    /// Makes the tag `name`, in `color` or the next of the palette.
    package func addTag(name: String, color: String?) throws -> Tag { try library().addTag(name: name, color: color) }

    /// The library's seed, which its shuffles start from.
    package func seed() throws -> Int64 { try library().seed() }

    /// The study's figures: cards by phase, answers, retention.
    package func studyStats() throws -> StudyStats {
        try studyNow().stats()
    }

    /// What FSRS predicts for each desired retention of `retentions` over the next year, and
    /// whether the library's parameters are fitted (`studyParameters`) or FSRS's defaults.
    package func simulateStudy(_ retentions: [Double]) throws -> (outcomes: [FSRSSimulator.Outcome], fitted: Bool) {
        (try studyNow().simulate(retentions), try settings().studyParameters.count == FSRSParameters.count)
    }

    /// When today's study day ends (`dayStartsAt`): `list --due` lists the cards due before it.
    package func studyDayEnd() throws -> Timestamp {
        try studyNow().day.end
    }

    /// Citations other machines deleted in the last `Library.trashDays` days, newest first; none
    /// when there is no library yet (none is made for asking).
    package func trashed() throws -> [Library.Trashed] {
        guard Posix.fileExists(paths.library) else { return [] }
        return try library().trashed(now: try now())
    }

    /// How many days a citation deleted elsewhere can be brought back.
    package static var trashDays: Int64 { Library.trashDays }
}

extension Home {
    /// Sets or takes off `mark` on the citations `ids` (refreshing what shows them); the ids
    /// that changed.
    package func mark(_ ids: [Int64], _ mark: CitationMark) throws -> [Int64] {
        let now = try now()
        return try change { library in
            switch mark {
            case .favourite(let on): return try library.setFavourite(ids, on, now: now)
            case .archived(true): return try library.archive(ids, now: now)
            case .archived(false): return try library.restore(ids, now: now)
            case .card(let on): return try library.setCard(ids, on)
            }
        }
    }
}
