import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// What a command runs with: the environment, the streams, the clock, the paths, and (opened
/// on first use) the settings and the library. Tests build one to drive the CLI in-process.
public final class Context {
    package let environment: [String: String]
    package let out: OutputStream
    package let err: OutputStream
    package let stdinIsTerminal: Bool
    package let stdoutIsTerminal: Bool
    /// Where progress bars may be drawn.
    package let stderrIsTerminal: Bool
    package let terminal: Terminal
    private let readStandardInput: () throws -> [UInt8]
    /// `--home DIR`, if given.
    var homeOption: String?
    /// `--rotation NAME`, if given.
    var rotation: String?
    /// What a bar calls (`status`, `next`, `reveal`, `grade`) announces after its line, detached,
    /// so the bar never waits for a publish command or a hub.
    var announceInBackground = false
    /// Whether this context is the process's own, which can start a detached citefeed (an
    /// in-process test's cannot: its executable is the test runner).
    var canDetach = false
    /// The clock and waiting of `status --follow`: the system's, unless a test in this process
    /// drives the follower with its own (`FollowerClock`).
    var followerClock: FollowerClock?

    /// The rotation the command works on: `--rotation`, else `CITEFEED_ROTATION`, else the
    /// unnamed default one ("").
    package var rotationName: String { rotation ?? environment["CITEFEED_ROTATION"] ?? "" }

    public init(
        environment: [String: String], out: OutputStream, err: OutputStream, stdinIsTerminal: Bool = false,
        stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false, readStandardInput: @escaping () throws -> [UInt8] = { [] }
    ) {
        self.environment = environment
        self.out = out
        self.err = err
        self.stdinIsTerminal = stdinIsTerminal
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.terminal = Terminal.detect(environment: environment, isTerminal: stdoutIsTerminal)
        self.readStandardInput = readStandardInput
    }

    /// The process's own streams and environment.
    public static func process() -> Context {
        var environment: [String: String] = [:]
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            if let eq = s.firstIndex(of: "=") { environment[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
            p += 1
        }
        let stdoutIsTerminal = Posix.isTerminal(STDOUT_FILENO), stderrIsTerminal = Posix.isTerminal(STDERR_FILENO)
        let context = Context(
            environment: environment, out: OutputStream(fd: STDOUT_FILENO, toTerminal: stdoutIsTerminal),
            err: OutputStream(fd: STDERR_FILENO, unbuffered: true, toTerminal: stderrIsTerminal),
            stdinIsTerminal: Posix.isTerminal(STDIN_FILENO), stdoutIsTerminal: stdoutIsTerminal, stderrIsTerminal: stderrIsTerminal,
            readStandardInput: { try Posix.readAll(fd: STDIN_FILENO, limit: ImportCommand.sizeLimit) })
        context.canDetach = true
        return context
    }

    package lazy var paths = Paths(environment: environment, home: homeOption)

    /// Whether the clock is `CITEFEED_NOW`'s (tests), fixed, rather than the system's.
    package var hasFixedClock: Bool { environment["CITEFEED_NOW"].map { !$0.isEmpty } ?? false }

    /// The clock: `CITEFEED_NOW` when set, else the system clock.
    package func now() throws(UsageError) -> Timestamp {
        if let cached = cachedNow { return cached }
        var now = Timestamp.systemNow()
        if hasFixedClock, let value = environment["CITEFEED_NOW"] {
            guard let parsed = Timestamp(rfc3339: value) else { throw .invalidNow(value) }
            now = parsed
        }
        cachedNow = now
        return now
    }
    private var cachedNow: Timestamp?

    /// The settings in force; warnings about unknown keys go to stderr once.
    package func settings() throws(SettingsError) -> Settings {
        if let cachedSettings { return cachedSettings }
        let (settings, warnings) = try SettingsFile(path: paths.settings).load(rotation: rotationName)
        for warning in warnings { warn(warning.words) }
        cachedSettings = settings
        return settings
    }
    private var cachedSettings: Settings?

    /// Forgets loaded settings after `defaults write`.
    func reloadSettings() { cachedSettings = nil }

    /// The library, opened (and created) on first use.
    package func library() throws(StoreError) -> Library {
        if let cachedLibrary { return cachedLibrary }
        let library = try Library(path: paths.library)
        cachedLibrary = library
        return library
    }
    private var cachedLibrary: Library?

    /// Closes the library if it was opened, which keeps its WAL small (`Database.deinit`). A
    /// process that ends without closing leaves the WAL as it is, and the next one to open the
    /// library must read all of it again (SQLite rebuilds its index of the WAL on first open)
    /// and cannot start it afresh: it grew with every command (12 MB after 300 `add`s), and
    /// an `add` after a 100k import took 40-100 ms.
    package func close() { cachedLibrary = nil }

    /// The use cases on this home (`Home`), made on first use; what it notices is worded here.
    package lazy var home: Home = {
        let home = Home(
            paths: paths, version: CLI.version, clock: { [unowned self] in try self.now() },
            settings: { [unowned self] in try self.settings() },
            library: { [unowned self] in try self.library() })
        home.notice = { [unowned self] in self.say($0) }
        home.closeLibrary = { [unowned self] in self.close() }
        return home
    }()

    /// Words what the home notices.
    private func say(_ notice: HomeNotice) {
        switch notice {
        case let .outputsLeftAlone(names, directory):
            warn(
                "\(names.joined(separator: " ")) in \(directory) \(names.count == 1 ? "was" : "were") left alone: citefeed did not write \(names.count == 1 ? "that file" : "those files") (\(OutputManifest.name) lists what it wrote); move \(names.count == 1 ? "it" : "them") away, or choose another directory with 'citefeed defaults write outputDirectory DIR'."
            )
        case .starterSetAdded(let added):
            warn("the library was new, so \(added) starter citations were added to it; 'citefeed add' adds your own.", prefix: "note")
        }
    }

    package func warn(_ message: String, prefix: String = "warning") {
        err.line("citefeed: \(prefix): \(message.echoed(limit: .max))")
    }

    /// Reads standard input as UTF-8 text (for a text argument of `-`).
    /// Standard input's bytes, whatever they are.
    func readStandardInputBytes() throws -> [UInt8] {
        do { return try readStandardInput() } catch let error as IOFailure {
            throw InputError.unreadable("standard input", error.message)
        }
    }

    func readStandardInputText() throws -> String {
        let bytes = try readStandardInputBytes()
        guard let text = String(validating: bytes, as: UTF8.self) else { throw InputError.invalidUTF8("standard input") }
        return text
    }
}
