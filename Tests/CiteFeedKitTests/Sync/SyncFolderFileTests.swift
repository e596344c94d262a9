import Foundation
import Testing

@testable import CiteFeedStore

/// Reading a machine's files: complete lines from an offset, and the last line from the end.
@Suite struct SyncFolderFileTests {
    let machine = "0b9f5c1e-0000-4000-8000-000000000001"

    func folder(_ content: String) throws -> SyncFolder {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cf-syncfile-\(UInt32.random(in: 0...UInt32.max))")
        let dir = root.appendingPathComponent(machine)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(content.utf8).write(to: dir.appendingPathComponent("log-000001.jsonl"))
        return SyncFolder(path: root.path)
    }

    @Test func linesAreReadFromTheOffsetAndACutLineWaits() throws {
        let f = try folder("one\ntwo\nthr")
        let first = try f.completeLines(of: machine, "log-000001.jsonl", from: 0, lineNumber: 0)
        #expect(first.lines.map { String(decoding: $0.text, as: UTF8.self) } == ["one", "two"])
        #expect(first.lines.map(\.number) == [1, 2] && first.end == 8 && !first.restarted)
        let next = try f.completeLines(of: machine, "log-000001.jsonl", from: first.end, lineNumber: 2)
        #expect(next.lines.isEmpty && next.end == 8)
        // Shorter than what was read: replaced, read again from its start.
        let replaced = try f.completeLines(of: machine, "log-000001.jsonl", from: 50, lineNumber: 9)
        #expect(replaced.restarted && replaced.lines.map(\.number) == [1, 2])
        #expect(try f.completeLines(of: machine, "log-000009.jsonl", from: 0, lineNumber: 0).lines.isEmpty)
    }

    @Test func theLastCompleteLineIsFoundFromTheEnd() throws {
        #expect(try folder("a\nb\nhalf").lastCompleteLine(of: machine, "log-000001.jsonl") == Array("b".utf8))
        #expect(try folder("only\n").lastCompleteLine(of: machine, "log-000001.jsonl") == Array("only".utf8))
        #expect(try folder("no line feed").lastCompleteLine(of: machine, "log-000001.jsonl") == nil)
        // A line longer than the first window read from the end.
        let long = String(repeating: "x", count: 200_000)
        #expect(try folder("a\n\(long)\n").lastCompleteLine(of: machine, "log-000001.jsonl") == Array(long.utf8))
        #expect(try folder("\(long)\n").lastCompleteLine(of: machine, "log-000001.jsonl") == Array(long.utf8))
    }
}
