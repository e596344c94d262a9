import Foundation
import Testing

@testable import CiteFeedSupport

extension Integration {
    /// The zip reader and the zlib it loads, checked on archives Python's
    /// `zipfile` writes: stored and deflated entries, data descriptors, a comment, and damage.
    @Suite(.requires(findProgram("python3") != nil, "python3 writes the archives"))
    struct ZipArchiveTests {
        /// The archive a Python program writes to the path in argv[1].
        static func archive(_ program: String) throws -> [UInt8] {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString).zip")
            defer { try? FileManager.default.removeItem(at: file) }
            let run = try Sandbox.execute(
                try #require(findProgram("python3")), ["-c", "import sys, zipfile, io, os\n" + program, file.path], stdin: Data(),
                environment: ["PATH": "/usr/bin:/bin"])
            #expect(run.status == 0, "\(run)")
            return Array(try Data(contentsOf: file))
        }

        @Test func storedAndDeflatedEntriesReadBack() throws {
            let bytes = try Integration.ZipArchiveTests.archive(
                """
                z = zipfile.ZipFile(sys.argv[1], "w")
                z.writestr(zipfile.ZipInfo("stored.txt"), "plain ✓", compress_type=zipfile.ZIP_STORED)
                z.writestr("word/document.xml", "<w:t>" + "café " * 20000 + "</w:t>", compress_type=zipfile.ZIP_DEFLATED)
                z.writestr("empty", b"", compress_type=zipfile.ZIP_DEFLATED)
                z.comment = b"a comment at the end"
                z.close()
                """)
            #expect(ZipArchive.looksLike(bytes))
            let zip = try ZipArchive(bytes)
            #expect(zip.entries.map(\.name) == ["stored.txt", "word/document.xml", "empty"])
            #expect(String(decoding: try zip.contents(of: zip.entry("stored.txt")!, limit: 100), as: UTF8.self) == "plain ✓")
            let document = try zip.contents(of: zip.entry("word/document.xml")!, limit: 1 << 20)
            #expect(document.count == 11 + 6 * 20000 && String(decoding: document.prefix(10), as: UTF8.self) == "<w:t>café")
            #expect(try zip.contents(of: zip.entry("empty")!, limit: 0).isEmpty)
        }

        /// Streamed writing puts the sizes in a data descriptor after the data; the directory has them.
        @Test func dataDescriptorsAreRead() throws {
            let bytes = try Integration.ZipArchiveTests.archive(
                """
                class NoSeek(io.RawIOBase):
                    def __init__(self, f): self.f = f
                    def writable(self): return True
                    def write(self, b): return self.f.write(b)
                f = open(sys.argv[1], "wb")
                z = zipfile.ZipFile(NoSeek(f), "w", compression=zipfile.ZIP_DEFLATED)
                with z.open("a.xml", "w") as e: e.write(b"x" * 5000)
                z.close(); f.close()
                """)
            let zip = try ZipArchive(bytes)
            #expect((zip.entries.first?.flags ?? 0) & 8 == 8)
            #expect(try zip.contents(of: zip.entries[0], limit: 10000) == Array(repeating: 0x78, count: 5000))
        }

        @Test func damageIsAReasonNeverACrash() throws {
            let bytes = try Integration.ZipArchiveTests.archive(
                """
                z = zipfile.ZipFile(sys.argv[1], "w", compression=zipfile.ZIP_DEFLATED)
                import random; random.seed(7)
                z.writestr("a.xml", "".join(random.choice("abcdefghij ") for i in range(100000)))
                z.close()
                """)
            let zip = try ZipArchive(bytes)
            let entry = zip.entries[0]
            // The limit: refused before anything is inflated.
            #expect(throws: ZipError("a.xml would be 100000 bytes, more than the 1000 citefeed reads")) {
                try zip.contents(of: entry, limit: 1000)
            }
            // A header that understates the size (a bomb that lies): never inflated past it.
            var lying = entry
            lying.size = 10
            #expect(throws: ZipError("a.xml: it holds more than the 10 bytes its header says")) {
                try zip.contents(of: lying, limit: 1 << 20)
            }
            // A checksum that does not match.
            var wrong = entry
            wrong.crc ^= 1
            #expect(throws: ZipError("a.xml is damaged (its checksum does not match)")) { try zip.contents(of: wrong, limit: 1 << 20) }
            // Cut anywhere: a reason, whatever is left.
            for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
                let prefix = Array(bytes.prefix(cut))
                if let zip = try? ZipArchive(prefix), let first = zip.entries.first {
                    #expect(throws: ZipError.self) { try zip.contents(of: first, limit: 1 << 20) }
                }
            }
            // Damaged compressed data.
            var flipped = bytes
            let data = zip.entries[0].compressedSize
            #expect(data > 200)
            for i in stride(from: 60, to: 60 + data / 2, by: 3) { flipped[i] ^= 0x55 }
            let damaged = try ZipArchive(flipped)
            #expect(throws: ZipError.self) { try damaged.contents(of: damaged.entries[0], limit: 1 << 20) }
            #expect(throws: ZipError("it is too short to be a zip (truncated?)")) { try ZipArchive([0x50, 0x4B, 3, 4]) }
        }
    }
}
