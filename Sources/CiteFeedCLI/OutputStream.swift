import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// Buffered output to a file descriptor (or to memory, for tests). citefeed writes its whole
/// answer and flushes once; `--follow` flushes every line.
public final class OutputStream: @unchecked Sendable {
    private let fd: Int32?
    /// Writes at once (standard error), so messages keep their order with other programs' output.
    private let unbuffered: Bool
    private var buffer: [UInt8] = []
    /// Everything written, when the stream captures to memory.
    package private(set) var captured: [UInt8] = []
    /// The first write the descriptor refused (`errno`): a full disk, a closed pipe.
    package private(set) var failure: Int32?

    /// The file descriptor written to (`nil` for a stream in memory).
    var descriptor: Int32? { fd }
    /// Whether a terminal reads it: then data, too, is made safe (`write(data:)`).
    let toTerminal: Bool

    public init(fd: Int32, unbuffered: Bool = false, toTerminal: Bool = false) {
        self.fd = fd
        self.unbuffered = unbuffered
        self.toTerminal = toTerminal
    }

    /// A stream that keeps what is written, for tests.
    public init() {
        self.fd = nil
        self.unbuffered = false
        self.toTerminal = false
    }

    /// Text for a terminal (`TerminalText`: data in it is already made safe).
    package func write(_ text: TerminalText) {
        append(text.rendered)
    }

    /// Data for a program (`--json`, exports, the status line, scripts): written as it is to a
    /// file or a pipe. To a terminal, made safe as `TerminalText` is: data holds no controls
    /// (the library refuses them) but may hold bidi controls, which a terminal obeys; in JSON
    /// their visible escape (`\u202e`) is the same string.
    package func write(data text: String) {
        append(toTerminal ? text.terminalSafe : text)
    }

    private func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if unbuffered || buffer.count > 65536 { flush() }
    }

    package func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if unbuffered || buffer.count > 65536 { flush() }
    }

    package func line(_ text: TerminalText = "") { write(text + "\n") }

    /// Writes out what is buffered; `false` when the descriptor refuses (a closed pipe).
    @discardableResult
    package func flush() -> Bool {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard let fd else {
            captured.append(contentsOf: buffer)
            return true
        }
        guard Posix.writeAll(fd: fd, buffer) else {
            if failure == nil { failure = errno }
            return false
        }
        return true
    }

    public var capturedText: String { String(decoding: captured, as: UTF8.self) }
}
