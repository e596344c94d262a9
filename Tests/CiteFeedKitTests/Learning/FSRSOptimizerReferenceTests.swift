import Foundation
import Testing

@testable import CiteFeedCore
@testable import CiteFeedSupport

extension Integration {
    /// citefeed's fit of FSRS's parameters judged by the reference's own evaluation
    /// (`fsrs-rs-python`, the optimizer Anki uses): histories of three learners far from the
    /// defaults (`ReviewSimulator`), 500 and 5,000 answers each, fitted by citefeed and by the
    /// reference's `compute_parameters`, both judged by `FSRS.evaluate` on answers held out:
    /// 10,000 more of the same learner's, on other cards (a fifth of 500 answers would judge
    /// on some 80, where chance decides more than the parameters). citefeed's log loss is at
    /// most 1.01 × the reference's and its RMSE (bins) at most 1.05 ×, and both beat the
    /// defaults. citefeed's own evaluation gives the reference's numbers.
    @Suite struct FSRSOptimizerReferenceTests {
        static let python = pythonWith(["fsrs_rs_python"])

        /// Learners far from the defaults, studying with a scheduler that has the defaults: one
        /// who forgets quickly (first stabilities a quarter of the defaults', recall growing
        /// slowly, a steeper curve), one with a strong memory (four times, growing fast, a
        /// flatter curve), one whom lapses set far back and Hard and Easy move a lot.
        static let learners: [[Double]] = {
            let d = FSRSParameters.defaults
            var quick = d
            for i in 0..<4 { quick[i] = d[i] / 4 }
            (quick[8], quick[20]) = (1.0, 0.5)
            var strong = d
            for i in 0..<4 { strong[i] = d[i] * 4 }
            (strong[8], strong[9], strong[20]) = (2.4, 0.1, 0.12)
            var lapsing = d
            (lapsing[11], lapsing[14], lapsing[15], lapsing[16], lapsing[20]) = (0.4, 2.5, 0.3, 3, 0.3)
            return [quick, strong, lapsing]
        }()

        @Test(
            .requires(python != nil, "needs Python's fsrs-rs-python (scripts/setup-debian --test installs it)"),
            arguments: [500, 5000], [0, 1, 2])
        func asGoodAsTheReference(answers: Int, learner: Int) throws {
            let python = try #require(Self.python, "Python's fsrs-rs-python is not installed")
            let cards = ReviewSimulator(parameters: Self.learners[learner], seed: UInt64(17 + learner)).cards(answers: answers)
            let (fitted, ids) = ReviewSimulator.items(cards)
            let ours = try FSRSOptimizer().fit(fitted, cardIDs: ids)
            let later = ReviewSimulator.items(
                ReviewSimulator(parameters: Self.learners[learner], seed: UInt64(117 + learner)).cards(answers: 10_000)
            ).items
            let items = fitted + later, cut = fitted.count
            let input = JSONValue.object([
                ("items", .array(items.map { .array($0.reviews.map { .array([.int(Int64($0.rating)), .int(Int64($0.deltaT))]) }) })),
                ("cards", .array(ids.map { .int($0) })), ("cut", .int(Int64(cut))), ("ours", .array(ours.map { .double($0) })),
                ("truth", .array(Self.learners[learner].map { .double($0) })),
            ])
            let script = """
                import json, sys
                from fsrs_rs_python import FSRS, FSRSItem, FSRSReview, DEFAULT_PARAMETERS
                given = json.load(sys.stdin)
                items = [FSRSItem([FSRSReview(r, t) for r, t in item]) for item in given["items"]]
                cut = given["cut"]
                reference = FSRS([]).compute_parameters(items[:cut], card_ids=given["cards"][:cut])
                def judged(parameters):
                    evaluation = FSRS(parameters).evaluate(items[cut:])
                    return [evaluation.log_loss, evaluation.rmse_bins]
                json.dump({"ours": judged(given["ours"]), "reference": judged(reference), "defaults": judged(DEFAULT_PARAMETERS), "truth": judged(given["truth"]),
                           "parameters": reference}, sys.stdout)
                """
            let result = try Sandbox.execute(
                python, ["-c", script], stdin: Data(JSONWriter.compact(input).utf8), environment: ProcessInfo.processInfo.environment)
            try #require(result.status == 0, "\(result.stderr)")
            let judged = try JSONParser.parse(Array(result.stdout.utf8))
            func pair(_ key: String) throws -> (logLoss: Double, rmse: Double) {
                guard case .array(let values)? = judged[key], let a = values.first?.numberValue, let b = values.last?.numberValue else {
                    throw CocoaError(.coderReadCorrupt)
                }
                return (a, b)
            }
            let (mine, theirs, defaults) = (try pair("ours"), try pair("reference"), try pair("defaults"))
            let note =
                "ours \(mine), the reference's \(theirs), the defaults' \(defaults), the truth's \(try pair("truth")); \(cut) items fitted, \(later.count) judged; \(ours)"
            if ProcessInfo.processInfo.environment["CITEFEED_TEST_VERBOSE"] != nil {
                print("fit \(answers) answers, learner \(learner): \(note)")
            }
            #expect(mine.logLoss <= 1.01 * theirs.logLoss, "\(note)")
            #expect(mine.rmse <= 1.05 * theirs.rmse, "\(note)")
            #expect(mine.logLoss < defaults.logLoss, "\(note)")
            #expect(theirs.logLoss < defaults.logLoss, "\(note)")
            // The same numbers from citefeed's evaluation of the same parameters.
            let own = FSRSEvaluation(ours, on: later)
            #expect(abs(own.logLoss - mine.logLoss) < 1e-5 && abs(own.rmseBins - mine.rmse) < 1e-5, "\(own) against \(mine)")
        }
    }
}
