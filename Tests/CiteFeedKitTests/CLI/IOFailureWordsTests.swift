import Testing

@testable import CiteFeedCLI
@testable import CiteFeedSupport

/// A failed read or write is data below the command line (what, which path, why) and worded
/// here; a sync problem keeps it in the library as JSON and reads it back whole.
@Suite struct IOFailureWordsTests {
    static let causes: [IOFailure.Cause] = [
        .system(EACCES), .isDirectory, .notRegularFile, .link, .notFileDeviceOrPipe, .tooLarge(limit: 1 << 30), .linkToNothing,
        .noFileName, .namesDirectory, .noSuchDirectory("/x/y"), .notADirectory("/x/f"), .directoryNotWritable("/x", errno: EROFS),
        .ownFile, .pipeWithoutReader, .otherUser(uid: 1001),
    ]

    @Test func everyCauseIsStoredAndReadBack() {
        for cause in Self.causes {
            for failure in [IOFailure(.read, "/s/a b/log-000001.jsonl", cause), IOFailure(cause)] {
                #expect(IOFailure(json: failure.json) == failure, "\(cause)")
            }
        }
        #expect(IOFailure(json: .object([("cause", .string("martian"))])) == nil)
        #expect(IOFailure(json: .object([("action", .string("fly")), ("cause", .string("isDirectory"))])) == nil)
        #expect(IOFailure(json: .object([("cause", .string("system"))])) == nil)
        #expect(IOFailure(json: .object([("path", .int(3)), ("cause", .string("isDirectory"))])) == nil)
    }

    @Test func theWordsSayWhatFailedOnWhichFileAndWhy() {
        #expect(IOFailure(.read, "/a/f", .system(EACCES)).message == "cannot read /a/f: Permission denied")
        #expect(IOFailure(.write, "/a/f", .system(ENOSPC)).message == "cannot write /a/f: No space left on device")
        #expect(IOFailure(.createDirectory, "/a", .system(EEXIST)).message == "cannot create directory /a: File exists")
        #expect(IOFailure(.read, "/a/f", .tooLarge(limit: 1 << 30)).message == "cannot read /a/f: it is larger than 1024 MiB")
        #expect(IOFailure(.read, "/a/f", .link).message == "cannot read /a/f: it is not a regular file (a link)")
        #expect(IOFailure(.openLock, "/a/l", .system(EACCES)).message == "cannot open the lock /a/l: Permission denied")
        #expect(IOFailure(.lock, "/a/l", .system(EINTR)).message == "cannot lock /a/l: Interrupted system call")
        #expect(
            IOFailure(.useMachineDirectory, "/s/m", .otherUser(uid: 7)).message
                == "this machine's directory /s/m belongs to another user (uid 7); remove it (sync makes it again)")
        // Without a path, the reason alone (an output the user named, worded after its name).
        #expect(IOFailure(.isDirectory).message == "it is a directory")
        #expect(
            IOFailure(.directoryNotWritable("/ro", errno: EROFS)).message == "its directory /ro cannot be written (Read-only file system)")
        // Every cause has words of its own.
        #expect(Set(Self.causes.map { IOFailure($0).reason }).count == Self.causes.count)
    }

    @Test func aSentenceThatNamesThePathTakesTheReasonAlone() {
        let failure = IOFailure(.write, "/a/f", .system(EACCES))
        #expect(failure.reason(about: "/a/f") == "Permission denied")
        #expect(failure.reason(about: "/b") == "cannot write /a/f: Permission denied")
        #expect(IOFailure(.createDirectory, "/a", .system(EACCES)).reason(about: "/a/f") == "cannot create directory /a: Permission denied")
        #expect(IOFailure(.useMachineDirectory, "/s/m", .link).reason(about: "/s/m").hasPrefix("this machine's directory /s/m is a link"))
    }
}
