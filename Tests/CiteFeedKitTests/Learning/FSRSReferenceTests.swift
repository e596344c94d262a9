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

extension Integration {
    /// citefeed's FSRS against the reference, the `fsrs` package from PyPI (its
    /// Scheduler with fuzzing off, default parameters): the same review sequences, generated with
    /// a fixed seed, must give the same due times to the second and the same stability and
    /// difficulty within 1e-6 relative, after every review.
    @Suite struct FSRSReferenceTests {
        /// One review: when (seconds since the epoch) and the grade (1-4).
        struct Review: Equatable {
            var time: Int64
            var grade: Int
        }

        /// `count` sequences of 1-40 reviews each, with random grades and gaps: before the due
        /// time (minutes or hours, the same day), about on time, and long overdue, so that cards
        /// go through learning, review and relearning, and answers come on the same day and later.
        static func sequences(count: Int, seed: UInt64) -> [[Review]] {
            var random = SeededGenerator(seed: seed)
            let scheduler = FSRS()
            var result: [[Review]] = []
            for _ in 0..<count {
                var time = Int64(1_767_225_600) + Int64.random(in: 0..<86400 * 365, using: &random)
                var card = FSRS.Card(due: Timestamp(seconds: time))
                var reviews: [Review] = []
                for _ in 0..<Int.random(in: 1...40, using: &random) {
                    let roll = Int.random(in: 0..<100, using: &random)
                    let grade = roll < 15 ? 1 : roll < 30 ? 2 : roll < 85 ? 3 : 4
                    reviews.append(Review(time: time, grade: grade))
                    card = scheduler.review(card, Grade(rawValue: grade)!, at: Timestamp(seconds: time))
                    let interval = max(1, card.due.seconds - time)
                    switch Int.random(in: 0..<10, using: &random) {
                    case 0: time += Int64.random(in: 1...3600, using: &random)  // early, the same day
                    case 1: time += Int64.random(in: 1...max(1, interval / 2), using: &random)  // early
                    case 2: time += interval * Int64.random(in: 2...20, using: &random)  // long overdue
                    case 3: time += Int64.random(in: 86400...86400 * 400, using: &random)  // any later day
                    default: time += interval + Int64.random(in: 0...7200, using: &random)  // about on time
                    }
                }
                result.append(reviews)
            }
            return result
        }

        static let python = pythonWith(["fsrs"])

        @Test(.requires(python != nil, "needs Python's fsrs (scripts/setup-debian --test installs it)"))
        func theSameSchedulesAsTheReference() throws {
            let python = try #require(Integration.FSRSReferenceTests.python, "Python's fsrs is not installed")
            let sequences = Integration.FSRSReferenceTests.sequences(count: 250, seed: 14)
            let input = JSONWriter.compact(.array(sequences.map { .array($0.map { .array([.int($0.time), .int(Int64($0.grade))]) }) }))
            let script = """
                import json, sys
                from datetime import datetime, timezone
                from fsrs import Scheduler, Card, Rating
                scheduler = Scheduler(enable_fuzzing=False)
                out = []
                for n, sequence in enumerate(json.load(sys.stdin)):
                    card = Card(card_id=n + 1, due=datetime.fromtimestamp(sequence[0][0], timezone.utc))
                    states = []
                    for time, grade in sequence:
                        card, _ = scheduler.review_card(card, Rating(grade), review_datetime=datetime.fromtimestamp(time, timezone.utc))
                        due = card.due.timestamp()
                        states.append([card.state.name.lower(), card.step, card.stability, card.difficulty, due])
                    out.append(states)
                json.dump(out, sys.stdout)
                """
            let result = try Sandbox.execute(
                python, ["-c", script], stdin: Data(input.utf8), environment: ProcessInfo.processInfo.environment)
            #expect(result.status == 0, "\(result.stderr)")
            let reference = try #require(try JSONParser.parse(result.stdout).arrayValue)
            #expect(reference.count == sequences.count)
            let scheduler = FSRS()
            var seen = Set<String>()
            var reviews = 0
            for (sequence, expected) in zip(sequences, reference) {
                var card = FSRS.Card(due: Timestamp(seconds: sequence[0].time))
                for (review, want) in zip(sequence, expected.arrayValue ?? []) {
                    card = scheduler.review(card, Grade(rawValue: review.grade)!, at: Timestamp(seconds: review.time))
                    reviews += 1
                    let w = want.arrayValue ?? []
                    let state = w[0].stringValue ?? "?"
                    seen.insert(state)
                    #expect(card.state.rawValue == state, "review \(reviews): \(card) vs \(w)")
                    #expect(card.step.map { JSONValue.int(Int64($0)) } ?? .null == w[1], "review \(reviews)")
                    let dueSeconds: Double? = if case .double(let d) = w[4] { d } else if case .int(let n) = w[4] { Double(n) } else { nil }
                    #expect(
                        dueSeconds.map { Int64($0.rounded()) } == card.due.seconds, "review \(reviews): due \(card.due.seconds) vs \(w[4])")
                    for (mine, theirs) in [(card.stability, w[2]), (card.difficulty, w[3])] {
                        let value: Double? =
                            if case .double(let d) = theirs { d } else if case .int(let n) = theirs { Double(n) } else { nil }
                        let a = try #require(mine), b = try #require(value)
                        #expect(abs(a - b) <= 1e-6 * max(abs(b), 1e-12), "review \(reviews): \(a) vs \(b)")
                    }
                }
            }
            #expect(reviews >= 2000, "\(reviews) reviews")
            #expect(seen == ["learning", "review", "relearning"], "\(seen)")
        }
    }
}
