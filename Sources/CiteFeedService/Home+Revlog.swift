import CiteFeedExchange
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// What `import --format revlog` did (or, in a dry run, would do).
package struct RevlogImport: Sendable, Equatable {
    /// Answers new to the library.
    package var added = 0
    /// Answers the library had already (same card, time and grade).
    package var alreadyThere = 0
    /// The cards the file's answers are of.
    package var cards = 0
}

extension Home {
    /// Adds the answers of a review log (`RevlogCSV`) to the library's cards, in one transaction,
    /// and replays those cards' states from all their answers with the study settings. Every
    /// line must name a card of the library (by id or uuid: a line for another is reported,
    /// never matched by guess) and fall between the citation's making and now; otherwise
    /// nothing is added and the lines are named (`ImportError.invalidAnswers`).
    package func importRevlog(_ lines: [RevlogCSV.Line], dryRun: Bool) throws -> RevlogImport {
        struct DryRun: Error { var result: RevlogImport }
        let now = try now()
        do {
            return try change(canChangeShown: false) { library in
                var invalid: [InvalidRecord] = [], total = 0
                func refuse(_ line: RevlogCSV.Line, _ reason: String) {
                    total += 1
                    if invalid.count < 3 { invalid.append(InvalidRecord(.line(line.line), .format(reason))) }
                }
                var targets: [String: (id: Int64, createdAt: Timestamp, isCard: Bool)?] = [:]
                var answers: [(citationID: Int64, at: Timestamp, grade: Grade)] = []
                for line in lines {
                    let target: (id: Int64, createdAt: Timestamp, isCard: Bool)?
                    if let known = targets[line.card] {
                        target = known
                    } else {
                        target = try library.revlogCard(line.card)
                        targets[line.card] = target
                    }
                    guard let target else {
                        refuse(line, "no citation of the library has the id or uuid \(quoted(line.card))")
                        continue
                    }
                    guard target.isCard else {
                        refuse(line, "citation \(target.id) is not a card ('citefeed card \(target.id)' makes it one)")
                        continue
                    }
                    guard line.at >= target.createdAt else {
                        refuse(
                            line,
                            "its review_time (\(line.at.rfc3339UTC)) is before citation \(target.id) was made (\(target.createdAt.rfc3339UTC))"
                        )
                        continue
                    }
                    guard line.at <= now else {
                        refuse(line, "its review_time (\(line.at.rfc3339UTC)) is after now")
                        continue
                    }
                    answers.append((target.id, line.at, line.grade))
                }
                if total > 0 { throw ImportError.invalidAnswers(invalid, total: total) }
                var result = RevlogImport()
                result.added = try library.addAnswers(answers)
                result.alreadyThere = answers.count - result.added
                let cards = Set(answers.map(\.citationID))
                result.cards = cards.count
                if result.added > 0 { try CardReplay(library: library).replay(cards, with: try studySettings()) }
                if dryRun { throw DryRun(result: result) }
                return result
            }
        } catch let run as DryRun {
            return run.result
        }
    }

    /// The library's study settings, as settings.json has them now.
    func studySettings() throws -> Settings { try SettingsFile(path: paths.settings).load(rotation: "").settings }
}
