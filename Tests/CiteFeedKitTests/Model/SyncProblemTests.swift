import Testing

@testable import CiteFeedCLI
@testable import CiteFeedModel
@testable import CiteFeedSupport

/// Why another machine's changes wait is stored as data (compact JSON) and worded by the front
/// end; a sentence an older citefeed stored is shown as it was.
@Suite struct SyncProblemTests {
    @Test(arguments: [
        SyncProblem.unreadable(IOFailure(.read, "/s/a/log-000001.jsonl", .system(EACCES))),
        .unreadable(IOFailure(.read, "/s/a/log-000002.jsonl", .tooLarge(limit: 1 << 30))),
        .unreadable(IOFailure(.useMachineDirectory, "/s/a", .otherUser(uid: 1001))), .newerFormat(2),
        .clockAhead(file: "log-000003.jsonl", line: 17, time: "2027-03-02T10:00:00Z"),
    ])
    func storedAndReadBack(_ problem: SyncProblem) {
        #expect(problem.stored.hasPrefix("{\"kind\":"))
        #expect(SyncProblem(stored: problem.stored) == problem)
    }

    @Test func oldSentencesAndOddValuesStayText() {
        for text in [
            "its log is of format 2, newer than this citefeed's (1)", "{not json", "{\"kind\":\"martian\"}", "{\"kind\":\"newerFormat\"}",
        ] {
            #expect(SyncProblem(stored: text) == .legacy(text))
            #expect(SyncProblem(stored: text).words == text)
        }
        #expect(SyncProblem.newerFormat(2).words == "its log is of format 2, newer than this citefeed's (1)")
        // An older citefeed stored the reason of an unreadable machine as a sentence.
        let old = #"{"kind":"unreadable","reason":"cannot read /s/a/log-000001.jsonl: Permission denied"}"#
        #expect(SyncProblem(stored: old) == .legacy("cannot read /s/a/log-000001.jsonl: Permission denied"))
        // A failure of a newer citefeed's, which this one cannot read, is shown as stored.
        let newer = #"{"kind":"unreadable","failure":{"action":"teleport","path":"/s","cause":"isDirectory"}}"#
        #expect(SyncProblem(stored: newer) == .legacy(newer))
        #expect(
            SyncProblem.unreadable(IOFailure(.read, "/s/a/log-000001.jsonl", .system(EACCES))).words
                == "cannot read /s/a/log-000001.jsonl: Permission denied")
    }
}
