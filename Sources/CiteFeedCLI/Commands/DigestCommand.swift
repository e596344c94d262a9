import CiteFeedCore
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed digest [--rotation NAME] [--count N] [--to ADDRESS | --maildir DIR | --out FILE]`
struct DigestCommand: Command {
    static let count = Option("count", "N", "how many of the next picks it shows (1-50; default: the setting digestCount, 5)")
    static let to = Option("to", "ADDRESS", "send it to ADDRESS through the local sendmail -t (default: the setting digestTo)")
    static let maildir = Option("maildir", "DIR", "deliver it into the Maildir DIR instead (made when missing)")
    static let out = Option("out", "FILE", "write the message to FILE instead (- for standard output)")

    static let spec = CommandSpec(
        name: "digest", usage: "[--count N] [--to ADDRESS | --maildir DIR | --out FILE] [--rotation NAME]",
        summary: "Mail a digest: the next picks, the cards due today and yesterday's study.",
        details: """
            The digest holds the rotation's next N picks, the ones the bar will show, so the two
            agree; with cards in the library, how many are due today and how yesterday's answers
            went. It is one message of plain text and HTML (in index.html's style), UTF-8, sent
            through the local sendmail -t, which msmtp (msmtp-mta), Postfix and Exim provide, to
            ADDRESS (one plain address such as you@example.org), or delivered into a Maildir, or
            written to a file.
            With the setting digestTo (and digestTime: 07:00 each day, or mon 07:00 each week),
            every rotate (the timer's and cron's) sends it once a period, even when the machine was
            off at that time: at the first rotate after it. One that could not be sent waits beside
            the library, goes at the next rotate, and 'citefeed about' says why it failed. This
            command sends one now and leaves that schedule as it is.
            """,
        options: [count, to, maildir, out, CLI.rotationOption], positionals: (0, 0), positionalName: "")

    enum Destination {
        case settings, address(String), maildir(String), file(String)
    }

    let count: Int?
    let destination: Destination

    init(_ arguments: ParsedArguments) throws {
        count = try arguments(Self.count).map { text throws(UsageError) in
            guard let n = Int(text), (1...50).contains(n) else {
                throw UsageError.invalidValue(text, expected: "N is a whole number from 1 to 50")
            }
            return n
        }
        let chosen = [("--to", arguments(Self.to)), ("--maildir", arguments(Self.maildir)), ("--out", arguments(Self.out))].filter {
            $0.1 != nil
        }
        if chosen.count > 1 { throw UsageError.conflicting(chosen[0].0, chosen[1].0, command: "digest") }
        switch (chosen.first?.0, chosen.first?.1) {
        case ("--to", let address?):
            let address = address.trimmingWhitespace()
            guard MailText.isAddress(address) else {
                throw UsageError.invalidValue(
                    address, expected: "ADDRESS is one plain address such as you@example.org (no name, no list, no spaces)")
            }
            destination = .address(address)
        case ("--maildir", let dir?):
            guard !dir.isEmpty else { throw UsageError.invalidValue(dir, expected: "DIR is a folder's path, not empty") }
            destination = .maildir(dir)
        case ("--out", let file?):
            guard !file.isEmpty else { throw UsageError.invalidValue(file, expected: "FILE is a path, or - for standard output") }
            destination = .file(file)
        default: destination = .settings
        }
    }

    func run(_ context: Context) throws {
        let settings = try context.settings()
        let count = self.count ?? settings.digestCount
        let user = context.environment["USER"].flatMap { MailText.isAddress($0 + "@localhost") ? $0 : nil } ?? "citefeed"
        // Into a Maildir or a file without digestTo: to the user here.
        let to: String
        switch destination {
        case .settings:
            guard !settings.digestTo.isEmpty else { throw DigestCommandError.nowhere(settings.rotation) }
            to = settings.digestTo
        case .address(let address): to = address
        case .maildir, .file: to = settings.digestTo.isEmpty ? user + "@localhost" : settings.digestTo
        }
        let message = try context.home.composeDigest(settings, to: to, count: count)
        let delivery: DigestDelivery
        switch destination {
        case .settings, .address: delivery = .sendmail
        case .maildir(let dir): delivery = .maildir(Posix.absolutePath(dir, home: context.paths.userHome))
        case .file("-"): return context.out.write(bytes: Array(message.utf8))
        case .file(let file):
            // As every --out: a device or a pipe is written to, a link followed, a file replaced
            // keeps its mode, and citefeed's own files (the digest's record too) are refused.
            let protected =
                context.paths.ownFiles + [
                    context.paths.digestRecord(rotation: settings.rotation), context.paths.digestPending(rotation: settings.rotation),
                ]
            let given = Posix.absolutePath(file, home: context.paths.userHome)
            do {
                let output = try UserOutput.resolve(given, protected: protected)
                try output.write(Array(message.utf8), newMode: 0o600)
                return context.err.line("The digest is in \(output.path).")
            } catch { throw OutputError.cannotWriteFile(given, error) }
        }
        let scratch = Posix.parentDirectory(context.paths.library)
        let deadline = Posix.monotonicMilliseconds() + Int64(context.announceLimit) * 1000
        do throws(DigestDeliveryError) {
            try delivery.deliver(message, scratch: scratch, environment: context.environment, deadline: deadline)
        } catch { throw DigestCommandError.notDelivered(error) }
        switch delivery {
        case .sendmail: context.err.line("The digest went to \(to) through sendmail.")
        case .maildir(let dir): context.err.line("The digest is in the Maildir \(dir).")
        }
    }
}

/// Why `citefeed digest` sent nothing.
enum DigestCommandError: CiteFeedError {
    case nowhere(String)
    case notDelivered(DigestDeliveryError)

    var exitStatus: ExitStatus {
        switch self {
        case .nowhere: .usage
        case .notDelivered(.noSendmail): .unavailable
        case .notDelivered(.notAMaildir), .notDelivered(.file): .cannotCreate
        case .notDelivered: .failure
        }
    }

    var message: String {
        switch self {
        case .nowhere(let rotation):
            "Say where the digest goes: --to ADDRESS, --maildir DIR or --out FILE, or set it with 'citefeed defaults write"
                + (rotation.isEmpty ? "" : " --rotation \(rotation)") + " digestTo you@example.org'."
        case .notDelivered(let error): "The digest was not sent: \(error.message)."
        }
    }
}
