import Foundation
import Testing

@testable import CiteFeedCore
@testable import CiteFeedSupport

extension EndToEnd {
    /// `citefeed optimize` on a library of simulated answers (a learner far from FSRS's
    /// defaults): it judges the fit against the parameters in use, writes `studyParameters` and
    /// replays the cards with them, the answers as they were; `--dry-run` and too few answers
    /// change nothing; `defaults delete studyParameters` goes back.
    @Suite struct OptimizeTests {
        /// A library file of `answers` simulated answers: cards tagged `deck` and `other` in
        /// turn, each answer at 10:00 UTC of its day (a same-day one 20 minutes later).
        static func library(answers: Int) -> Data { file(ReviewSimulator(parameters: learner, seed: 5).cards(answers: answers)) }

        /// The learner: quick to forget at first, slow to grow, a steep curve.
        static let learner: [Double] = {
            var learner = FSRSParameters.defaults
            for i in 0..<4 { learner[i] = FSRSParameters.defaults[i] / 4 }
            (learner[8], learner[20]) = (1.0, 0.5)
            return learner
        }()

        /// A library file of `cards`' answers.
        static func file(_ cards: [ReviewSimulator.Card]) -> Data {
            let start = Int64(1_735_722_000)  // 2025-01-01T09:00:00Z
            let citations: [JSONValue] = cards.map { card in
                var log: [JSONValue] = []
                for (k, (grade, day)) in zip(card.grades, card.days).enumerated() {
                    let sameDay = k > 0 && card.days[k - 1] == day
                    let at = Timestamp(seconds: start + Int64(day) * 86400 + 3600 + (sameDay ? 1200 : 0))
                    log.append(
                        .object([
                            ("at", .string(at.rfc3339UTC)), ("grade", .int(Int64(grade))),
                            ("elapsedDays", .int(k == 0 ? 0 : Int64(day - card.days[k - 1]))),
                            ("stateBefore", .string(k == 0 ? "new" : "review")),
                        ]))
                }
                return .object([
                    ("text", .string("Card \(card.id)")), ("back", .string("Answer \(card.id)")),
                    ("tags", .array([.string(card.id % 2 == 0 ? "deck" : "other")])),
                    ("card", .object([("marked", .bool(true)), ("log", .array(log))])),
                ])
            }
            return Data(
                JSONWriter.compact(.object([("format", .string("citefeed")), ("version", .int(3)), ("citations", .array(citations))])).utf8)
        }

        /// Each card's state and answers, from the export.
        static func cards(_ box: Sandbox) throws -> (states: [String], logs: [String]) {
            let export = try box.run("export", "--format", "json")
            let json = try JSONParser.parse(Array(export.stdout.utf8))
            guard case .array(let citations)? = json["citations"] else { return ([], []) }
            var states: [String] = [], logs: [String] = []
            for citation in citations {
                guard case .object(let card)? = citation["card"] else { continue }
                states.append(JSONWriter.compact(.object(card.filter { $0.0 != "log" })))
                // The answers themselves: when, and the grade (the card before each is replayed).
                guard case .array(let log)? = card.first(where: { $0.0 == "log" })?.1 else { continue }
                logs.append(
                    log.map { "\($0["at"]?.stringValue ?? "?") \($0["grade"].map(JSONWriter.compact) ?? "?")" }.joined(separator: ","))
            }
            return (states, logs)
        }

        func imported(answers: Int) throws -> Sandbox {
            let box = try Sandbox()
            let file = box.home.appendingPathComponent("answers.json")
            try Self.library(answers: answers).write(to: file)
            let result = try box.run(["import", file.path])
            #expect(result.status == 0, "\(result)")
            return box
        }

        @Test func aFitIsJudgedWrittenAndReplayed() throws {
            let box = try imported(answers: 3000)
            // The cards as FSRS's defaults make them, first.
            let defaults = FSRSParameters.defaults.map { String($0) }
            #expect(try box.run(["defaults", "write", "studyParameters"] + defaults).status == 0)
            let before = try Self.cards(box)
            let dry = try box.run("optimize", "--dry-run", "--json")
            #expect(dry.status == 0, "\(dry)")
            let report = try JSONParser.parse(Array(dry.stdout.utf8))
            #expect(report["written"] == .bool(false))
            #expect(try Self.cards(box).states == before.states)
            guard case .array(let parameters)? = report["parameters"], let fitted = report["fitted"]?["logLoss"]?.numberValue,
                let inUse = report["inUse"]?["logLoss"]?.numberValue
            else {
                Issue.record("no judgement: \(dry)")
                return
            }
            #expect(parameters.count == 21)
            #expect(fitted < inUse, "the fit predicts later answers better than the defaults")

            let run = try box.run("optimize")
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains("Fitted FSRS to 3,0"), "\(run)")
            #expect(
                run.stdout.contains("in use") && run.stdout.contains("fitted") && run.stdout.contains("Wrote studyParameters"), "\(run)")
            let written = try box.run("defaults", "read", "studyParameters").stdout.split(separator: "\n").compactMap { Double($0) }
            #expect(written.count == 21 && written != FSRSParameters.defaults)
            let after = try Self.cards(box)
            #expect(after.logs == before.logs, "the answers stay as they were")
            #expect(after.states != before.states, "the cards are replayed with the fitted parameters")

            // --force writes the fit whatever the judgement (`OptimizeDecisionTests`: a fit no
            // better is not written without it).
            let forced = try JSONParser.parse(Array(try box.run("optimize", "--json", "--force").stdout.utf8))
            #expect(forced["written"] == .bool(true))

            // Back to the defaults: the cards as the defaults made them.
            #expect(try box.run("defaults", "delete", "studyParameters").status == 0)
            #expect(try Self.cards(box).states == before.states)
        }

        @Test func aDeckIsFittedOnItsOwnCards() throws {
            let box = try imported(answers: 3000)
            let all = try JSONParser.parse(Array(try box.run("optimize", "--dry-run", "--json").stdout.utf8))
            let deck = try JSONParser.parse(Array(try box.run("optimize", "--dry-run", "--json", "--tag", "DECK").stdout.utf8))
            #expect(deck["deck"] == .string("deck"))
            guard let cards = all["cards"]?.numberValue, let deckCards = deck["cards"]?.numberValue else {
                Issue.record("no counts")
                return
            }
            #expect(abs(deckCards - cards / 2) <= 1)
        }

        /// Each card's state by its tag ("deck" or "other").
        static func states(_ box: Sandbox) throws -> [String: [String]] {
            let json = try JSONParser.parse(Array(try box.run("export", "--format", "json").stdout.utf8))
            var states: [String: [String]] = [:]
            for citation in json["citations"]?.arrayValue ?? [] {
                guard case .object(let card)? = citation["card"] else { continue }
                let tag = citation["tags"]?.arrayValue?.first.flatMap { $0["name"]?.stringValue ?? $0.stringValue } ?? ""
                states[tag, default: []].append(JSONWriter.compact(.object(card.filter { $0.0 != "log" })))
            }
            return states
        }

        @Test func aDecksFitSchedulesThatDeckAlone() throws {
            let box = try imported(answers: 3000)
            let before = try Self.states(box)
            #expect(before["deck"]?.isEmpty == false && before["other"]?.isEmpty == false)
            let run = try box.run("optimize", "--tag", "deck", "--force")
            #expect(run.status == 0 && run.stdout.contains("Wrote the parameters of the deck \"deck\" (deckParameters)"), "\(run)")
            let read = try box.run("defaults", "read", "deckParameters")
            #expect(read.status == 0 && read.stdout.contains("deck"), "\(read)")
            #expect(try box.run("defaults", "read", "studyParameters").stdout.isEmpty, "the library's own as they were: none")
            let after = try Self.states(box)
            #expect(after["other"] == before["other"], "the other deck's cards as they were")
            #expect(after["deck"] != before["deck"], "the deck's cards replayed with its parameters")
            // A deck's parameters are the library's, never a rotation's; bad ones are refused.
            #expect(try box.run("rotation", "add", "x").status == 0)
            let valid = "deck=" + FSRSParameters.defaults.map { String($0) }.joined(separator: ",")
            expectFailure(
                try box.run("defaults", "write", "--rotation", "x", "deckParameters", valid), status: .usage,
                containing: "deckParameters is the whole library's")
            // As read, so written: one word a deck.
            #expect(try box.run("defaults", "read", "deckParameters").stdout.hasPrefix("deck=0."))
            let state = try box.state()
            expectFailure(
                try box.run("defaults", "write", "deckParameters", "deck=0.2,1.3"), status: .usage, containing: "21 parameters")
            #expect(try box.state() == state)
            // Undone: every deck with the library's parameters again.
            #expect(try box.run("defaults", "delete", "deckParameters").status == 0)
            #expect(try Self.states(box) == before)
        }

        @Test func tooFewAnswersChangeNothing() throws {
            let box = try imported(answers: 40)
            let before = try box.state()
            let run = try box.run("optimize")
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains("a fit needs 64, so"), "\(run)")
            #expect(run.stdout.contains("Nothing was changed."))
            #expect(try box.state() == before)
            let empty = try Sandbox().run("optimize")
            #expect(empty.stdout.hasPrefix("No answers to fit to yet"), "\(empty)")
        }

        /// Answers whose first intervals few cards share are left out, as Anki's optimizer leaves
        /// them; when that leaves too few, nothing is fitted, and it says why.
        @Test func outliersThatLeaveTooFewChangeNothing() throws {
            let box = try Sandbox()
            let file = box.home.appendingPathComponent("answers.json")
            // Two cards, each with its own first interval: both are outliers.
            let cards = (1...2).map { card in
                ReviewSimulator.Card(id: Int64(card), grades: Array(repeating: 3, count: 60), days: (0..<60).map { $0 * (card + 1) })
            }
            try Self.file(cards).write(to: file)
            #expect(try box.run(["import", file.path]).status == 0)
            let before = try box.state()
            let run = try box.run("optimize")
            #expect(run.status == 0 && run.stdout.contains("are left out as outliers"), "\(run)")
            #expect(run.stdout.contains("Nothing was changed."))
            #expect(try box.state() == before)
        }

        /// FSRS's parameters are the library's, within FSRS's bounds; Anki's list (commas, and
        /// FSRS-5's 19) is taken as it is shown.
        @Test func parametersAreChecked() throws {
            let box = try imported(answers: 300)
            #expect(try box.run("rotation", "add", "x").status == 0)
            let before = try box.state()
            expectFailure(
                try box.run(["defaults", "write", "studyParameters"] + FSRSParameters.defaults.map { String($0) } + ["--rotation", "x"]),
                status: .usage, containing: "studyParameters is the whole library's")
            expectFailure(
                try box.run(["defaults", "write", "studyParameters"] + Array(repeating: "-1", count: 21)), status: .usage,
                containing: "w0 is -1.0; FSRS takes it from 0.001 to 100")
            #expect(try box.state() == before)
            let anki = FSRSParameters.defaults[..<19].map { String($0) }.joined(separator: ", ")
            let written = try box.run("defaults", "write", "studyParameters", anki)
            #expect(written.status == 0, "\(written)")
            let read = try box.run("defaults", "read", "studyParameters").stdout.split(separator: "\n").compactMap { Double($0) }
            #expect(read == Array(FSRSParameters.defaults[..<19]) + [0, 0.5])
        }

        @Test func badInputChangesNothing() throws {
            let box = try imported(answers: 300)
            let before = try box.state()
            expectFailure(try box.run("optimize", "--tag", "nosuch"), status: .notFound, containing: "No tag named \"nosuch\"")
            expectFailure(try box.run("optimize", "extra"), status: .usage, containing: "optimize")
            expectFailure(
                try box.run("defaults", "write", "studyParameters", "1", "2", "3"), status: .usage,
                containing: "give FSRS-6's 21 parameters")
            expectFailure(
                try box.run(["defaults", "write", "studyParameters"] + Array(repeating: "nan", count: 21)), status: .usage,
                containing: "studyParameters")
            #expect(try box.state() == before)
        }
    }
}
