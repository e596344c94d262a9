import Foundation
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedSupport

/// What standard output refuses is kept, so that the command ends with an error (status 74)
/// instead of looking done: an export to a full disk (`/dev/full`).
@Suite struct OutputStreamTests {
    @Test func aRefusedWriteIsKept() throws {
        let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(fd >= 0, "/dev/full")
        defer { close(fd) }
        let stream = OutputStream(fd: fd)
        stream.line("an export")
        #expect(stream.failure == nil)
        #expect(!stream.flush())
        #expect(stream.failure == ENOSPC)
        let fine = OutputStream()
        fine.line("x")
        #expect(fine.flush() && fine.failure == nil)
    }
}
