import CiteFeedCore
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// `citefeed optimize` (ARCHITECTURE.md, "Learning from your answers"): FSRS's parameters
/// fitted to the library's answers (`FSRSOptimizer`), judged against the ones in use, written to
/// the study settings (`studyParameters`), and every answered card replayed with them.
extension Home {
    /// Fits the parameters to the answers of every card, or of the cards tagged `deck`.
    /// `dryRun`: judged and reported, nothing written. `progress`: the share of the work done.
    /// `force`: written even when it predicts later answers no better than the parameters in use.
    package func optimize(deck: String?, dryRun: Bool, force: Bool = false, progress: ((Double) -> Void)? = nil) throws -> OptimizeReport {
        let library = try library()
        let settings = try SettingsFile(path: paths.settings).load(rotation: "").settings
        var report = OptimizeReport(deck: deck)
        var ids = Set(try library.answeredCitations())
        if let deck {
            let tag = try library.tag(named: deck)
            report.deck = tag.name
            var query = CitationQuery()
            query.tags = [tag.name]
            query.all = true
            ids.formIntersection(try library.citations(query).map(\.id))
        }
        let (items, cardIDs, answers) = try Self.items(of: ids, library: library, settings: settings)
        report.answers = answers
        report.cards = ids.count
        report.predicted = items.count
        // A deck fitted before is judged with its own parameters.
        report.previous = FSRS(settings, tags: report.deck.map { [$0] } ?? []).weights
        guard items.count >= FSRSOptimizer.minimumForTraining else {
            report.needed = FSRSOptimizer.minimumForTraining - items.count
            return report
        }
        var optimizer = FSRSOptimizer()
        optimizer.relearningSteps = settings.relearningSteps.count
        optimizer.requireTraining = true
        // Six fits: five for the judgement, one on every answer; the share done so far.
        optimizer.progress = { done, total in progress?(Double(done) / Double(max(total, 1))) }
        let result: (judged: (inUse: FSRSEvaluation, fitted: FSRSEvaluation)?, parameters: [Double])
        do {
            result = try FSRSEvaluation.judgeAndFit(items, cardIDs: cardIDs, inUse: report.previous, optimizer: optimizer)
        } catch .tooFewKept(let kept) {
            // The outliers (intervals few cards had) left too few to fit on.
            report.leftOut = items.count - kept
            report.needed = FSRSOptimizer.minimumForTraining - kept
            return report
        }
        (report.inUse, report.fitted) = (result.judged?.inUse, result.judged?.fitted)
        report.parameters = result.parameters
        progress?(1)
        report.notBetter = Self.notBetter(result.judged)
        guard !dryRun, !report.notBetter || force else { return report }
        // As `defaults write` does: written, and every answered card replayed. A deck's fit goes
        // beside the other decks' (`deckParameters`), the library's to `studyParameters`.
        // Each in its stored form, as the setting's own declaration writes it.
        var updated = settings
        let key: SettingKey
        if let deck = report.deck {
            let others = settings.deckParameters.filter { Tag.key($0.tag) != Tag.key(deck) }
            updated.deckParameters = (others + [DeckParameters(tag: deck, parameters: report.parameters)]).sorted {
                Tag.key($0.tag) < Tag.key($1.tag)
            }
            key = .deckParameters
        } else {
            updated.studyParameters = report.parameters
            key = .studyParameters
        }
        try writeSetting(key, key.setting.value(in: updated) ?? .null, rotation: "")
        report.replayed = try library.answeredCitations().count
        report.written = true
        return report
    }

    /// Whether a fit judged so is no better than the parameters in use (Anki keeps those then):
    /// its log loss on the later answers not lower.
    static func notBetter(_ judged: (inUse: FSRSEvaluation, fitted: FSRSEvaluation)?) -> Bool {
        guard let judged else { return false }
        return judged.fitted.logLoss >= judged.inUse.logLoss
    }

    /// Every answered card replayed with the study settings `study` (after their parameters
    /// changed).
    func replayCards(_ library: Library, with study: Settings) throws {
        try CardReplay(library: library).replay(Set(try library.answeredCitations()), with: study)
    }

    /// The optimizer's items of the cards `ids`: each card's answers in time order with their
    /// study days (the day begins at `dayStartsAt`, local time), one item per answer made a day
    /// or more after the one before; in the order of those answers' times. Also the number of
    /// answers read.
    static func items(of ids: Set<Int64>, library: Library, settings: Settings) throws -> (
        items: [FSRSItem], cardIDs: [Int64], answers: Int
    ) {
        let clock = SlotClock(interval: Interval(minutes: Interval.day), shift: settings.dayStartsAt)
        // The study day of each answer: its slot, found once per hour of answers (a day's slot
        // is a time zone conversion; 50,000 answers fall in a few thousand hours).
        var slots: [Int64: Slot] = [:]
        func day(_ at: Timestamp) -> Int {
            let hour = at.seconds >= 0 ? at.seconds / 3600 : (at.seconds - 3599) / 3600
            var slot = slots[hour] ?? clock.slot(at: Timestamp(seconds: hour * 3600))
            slots[hour] = slot
            if at.seconds >= slot.end.seconds { slot = clock.slot(at: at) }
            return Int((Double(slot.start.seconds) / 86400).rounded())
        }
        var all: [(at: Timestamp, card: Int64, index: Int, item: FSRSItem)] = []
        var answers = 0
        for (id, log) in try library.replayAnswers(of: ids) {
            answers += log.count
            let days = log.map { day($0.at) }
            for (index, item) in FSRSItem.items(grades: log.map(\.grade.rawValue), days: days) {
                all.append((log[index].at, id, index, item))
            }
        }
        all.sort { ($0.at.seconds, $0.card, $0.index) < ($1.at.seconds, $1.card, $1.index) }
        return (all.map(\.item), all.map(\.card), answers)
    }
}
