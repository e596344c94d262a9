import Testing

@testable import CiteFeedCore
@testable import CiteFeedService

/// A fit that predicts later answers no better than the parameters in use is not written
/// without `--force`, as Anki keeps its parameters then.
@Suite struct OptimizeDecisionTests {
    static func judged(_ inUse: Double, _ fitted: Double) -> (inUse: FSRSEvaluation, fitted: FSRSEvaluation) {
        func evaluation(_ logLoss: Double) -> FSRSEvaluation {
            var e = FSRSEvaluation(scored: [])
            e.logLoss = logLoss
            return e
        }
        return (evaluation(inUse), evaluation(fitted))
    }

    @Test func aFitNoBetterIsNotWritten() {
        #expect(Home.notBetter(Self.judged(0.30, 0.31)))
        #expect(Home.notBetter(Self.judged(0.30, 0.30)))
        #expect(!Home.notBetter(Self.judged(0.31, 0.30)))
        // Too few answers to judge: the fit is written (it has passed the minimum).
        #expect(!Home.notBetter(nil))
    }
}
