import CiteFeedCore
import CiteFeedModel
import CiteFeedSupport

/// Tells the world outside the output directory about a rotation's changes:
/// a desktop notification for a new pick (`notify`), the `wallpaperCommand` after the
/// pictures changed, the `publishCommand` after the outputs changed, and the WebSub
/// hub (`feedHub`). Each runs a program with arguments, never a
/// shell, in a process group of its own; each failure is a warning for the caller to print,
/// never an error. All of one command's announcements share one time limit.
package enum Announcer {
    /// How long a notification, a publish command and one hub request may take, in seconds.
    static let notifyTimeout = 10
    static let publishTimeout = 120
    static let wallpaperTimeout = 30
    static let hubTimeout = 5
    /// How long all of a command's announcements may take together, in seconds (unless
    /// `CITEFEED_ANNOUNCE_LIMIT` says otherwise): `rotate --all` with four slow publish commands
    /// must still end.
    package static let defaultLimit = 150

    /// Added to the warning of a publish command that failed: up to 0.1.0, the output
    /// directory was appended as its last argument, which made rsync's destination the source.
    static let changeNote =
        "note that citefeed no longer appends the output directory as its last argument (changed after 0.1.0): the command runs in that directory, which is {dir} in its arguments and $CITEFEED_OUTPUT_DIR in its environment"

    /// Runs `jobs` in order within `limit` seconds, warning through `warn`. A publish command
    /// that succeeds removes its job's pending marker (which its caller wrote before); one that
    /// fails, or is not reached in time, leaves it for the next `rotate`.
    /// Returns, for each job, whether its publish command and its hub succeeded (`nil`: none).
    @discardableResult
    package static func run(_ jobs: [AnnouncementJob], limit: Int, environment: [String: String], warn: (String) -> Void) -> [Outcome] {
        let deadline = Posix.monotonicMilliseconds() + Int64(limit) * 1000
        let outOfTime = "not run: the announcements' limit of \(limit) seconds was used up"
        var outcomes: [Outcome] = []
        for job in jobs {
            var outcome = Outcome()
            defer { outcomes.append(outcome) }
            if let notification = job.notification {
                if Posix.monotonicMilliseconds() >= deadline {
                    warn(job.label + "the notification was " + outOfTime)
                } else if let warning = notify(notification, environment: environment, deadline: deadline) {
                    warn(job.label + warning)
                }
            }
            if let command = job.wallpaperCommand {
                if Posix.monotonicMilliseconds() >= deadline {
                    warn(job.label + "wallpaperCommand " + outOfTime)
                } else if let warning = runCommand(
                    "wallpaperCommand", command, directory: job.directory, environment: wallpaperEnvironment(environment, job.directory),
                    placeholders: wallpaperPlaceholders(job.directory), deadline: min(deadline, after(wallpaperTimeout)))
                {
                    warn(job.label + warning)
                }
            }
            if let command = job.publishCommand {
                outcome.published = false
                if Posix.monotonicMilliseconds() >= deadline {
                    warn(job.label + "publishCommand " + outOfTime + "; the next rotate runs it again")
                } else if let warning = publish(command, directory: job.directory, environment: environment, deadline: deadline) {
                    warn(job.label + warning + "; the next rotate runs it again")
                } else {
                    outcome.published = true
                    // Only this run's marker: a newer run's stays for its own outputs.
                    let now = Posix.readText(job.marker, limit: 1 << 16)
                    if job.markerToken.isEmpty || now == job.markerToken { unlink(job.marker) }
                }
            }
            if let hub = job.hub, !job.feeds.isEmpty {
                outcome.told = false
                if Posix.monotonicMilliseconds() >= deadline {
                    warn(job.label + "the hub \(hub) was " + outOfTime)
                } else if let warning = pingHub(hub, feeds: job.feeds, environment: environment, deadline: deadline) {
                    warn(job.label + warning)
                } else {
                    outcome.told = true
                }
            }
        }
        return outcomes
    }

    /// What became of a job's publish command and hub (`nil`: it had none).
    package struct Outcome {
        package var published: Bool?
        package var told: Bool?
    }

    /// A freedesktop notification through `notify-send`. Returns a warning, or `nil`.
    static func notify(_ notification: AnnouncementJob.Notification, environment: [String: String], deadline: Int64) -> String? {
        guard let notifySend = Subprocess.find("notify-send", environment: environment) else {
            return "notify is on, but notify-send is not installed (Debian's libnotify-bin package)"
        }
        let until = min(deadline, Posix.monotonicMilliseconds() + Int64(notifyTimeout) * 1000)
        let given = seconds(until)
        let status = Subprocess.run(
            notifySend, ["--app-name=citefeed", "--", notification.summary, notification.body], in: "/", environment: environment,
            deadline: until)
        return status == 0 ? nil : "notify-send failed (\(describe(status, seconds: given))); is a notification daemon running?"
    }

    /// The notification for `pick`: the summary is the author (or, without one, the feed
    /// title), the body the text, then the back after an empty line. The body is escaped, as
    /// servers may read it as markup.
    package static func notification(_ pick: PickSnapshot, settings: Settings) -> AnnouncementJob.Notification {
        let summary = pick.author.map { $0.isEmpty ? nil : $0 } ?? nil
        var body = pick.text
        if let back = pick.back, !back.isEmpty { body += "\n\n" + back }
        return AnnouncementJob.Notification(
            summary: (summary ?? settings.feedTitle).foldedToOneLine, body: body.markupEscaped(quotes: false))
    }

    /// Runs `publishCommand` in `directory`, with `{dir}` in its arguments replaced by it and
    /// `CITEFEED_OUTPUT_DIR` set to it; nothing is appended. Returns a warning, or `nil` when
    /// it succeeded.
    static func publish(_ command: [String], directory: String, environment: [String: String], deadline: Int64) -> String? {
        var environment = environment
        environment["CITEFEED_OUTPUT_DIR"] = directory
        return runCommand(
            "publishCommand", command, directory: directory, environment: environment, placeholders: [("{dir}", directory)],
            deadline: min(deadline, after(publishTimeout))
        ).map { $0 + "; " + changeNote }
    }

    /// The words `wallpaperCommand` may hold, each replaced by its path in `directory`.
    static func wallpaperPlaceholders(_ directory: String) -> [(String, String)] {
        [
            ("{wallpaper}", directory + "/" + FeedContext.pictureName("wallpaper")),
            ("{lockscreen}", directory + "/" + FeedContext.pictureName("lockscreen")), ("{dir}", directory),
        ]
    }

    /// `environment` with the pictures' paths a wallpaper command may read instead of its words.
    static func wallpaperEnvironment(_ environment: [String: String], _ directory: String) -> [String: String] {
        var environment = environment
        let paths = wallpaperPlaceholders(directory)
        environment["CITEFEED_WALLPAPER"] = paths[0].1
        environment["CITEFEED_LOCKSCREEN"] = paths[1].1
        environment["CITEFEED_OUTPUT_DIR"] = directory
        return environment
    }

    /// Runs the command of the setting `setting` in `directory` until `until`, each of
    /// `placeholders` in its arguments replaced. Returns a warning, or `nil` when it succeeded.
    static func runCommand(
        _ setting: String, _ command: [String], directory: String, environment: [String: String], placeholders: [(String, String)],
        deadline until: Int64
    ) -> String? {
        guard let name = command.first else { return nil }
        // `find` searches absolute PATH entries only: "." would find a program in the output
        // directory, where the command runs.
        let executable = name.hasPrefix("/") ? name : Subprocess.find(name, environment: environment)
        guard let executable, access(executable, X_OK) == 0 else {
            return "\(setting): \(quoted(name)) is not an executable program" + (name.contains("/") ? "" : " on PATH")
        }
        let arguments = command.dropFirst().map { expand($0, placeholders) }
        let given = seconds(until)
        let status = Subprocess.run(executable, arguments, in: directory, environment: environment, deadline: until)
        guard status != 0 else { return nil }
        return "\(setting) \(quoted(name)) failed (\(describe(status, seconds: given)))"
    }

    /// `word` with each of `placeholders` replaced by its value, in one pass (a value that holds
    /// a placeholder's name, such as a directory named `{dir}`, stays as it is).
    static func expand(_ word: String, _ placeholders: [(String, String)]) -> String {
        var result = ""
        var rest = Substring(word)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            rest = rest[open...]
            if let (name, value) = placeholders.first(where: { rest.hasPrefix($0.0) }) {
                result += value
                rest = rest.dropFirst(name.count)
            } else {
                result.append("{")
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    /// `seconds` from now, as a deadline.
    private static func after(_ seconds: Int) -> Int64 { Posix.monotonicMilliseconds() + Int64(seconds) * 1000 }

    /// Announces each of `feeds` (public addresses) to the WebSub `hub` with a form POST of
    /// `hub.mode=publish` and `hub.url=FEED`, through curl, stopping at the first failure (a
    /// hub that does not answer must not cost 5 seconds per feed). Returns a warning, or `nil`.
    static func pingHub(_ hub: String, feeds: [String], environment: [String: String], deadline: Int64) -> String? {
        guard let curl = Subprocess.find("curl", environment: environment) else {
            return "feedHub is set, but curl is not installed (Debian's curl package), so \(hub) was not told of the change"
        }
        for (index, feed) in feeds.enumerated() {
            let seconds = max(1, min(Int64(hubTimeout), (deadline - Posix.monotonicMilliseconds() + 999) / 1000))
            let (status, output, _) = Subprocess.capture(
                curl,
                [
                    "-q", "-g", "-sS", "--proto", "=http,https", "--max-time", String(seconds), "-o", "/dev/null", "-w", "%{http_code}",
                    "--data-urlencode", "hub.mode=publish", "--data-urlencode", "hub.url=" + feed, "--url", hub,
                ], environment: environment, limit: 64)
            let code = Int(String(decoding: output, as: UTF8.self)) ?? 0
            let rest = feeds.count - index - 1
            let skipped = rest == 0 ? "" : "; \(rest) more feed\(rest == 1 ? " was" : "s were") not announced"
            if status != 0 {
                return "the hub \(hub) was not told of \(feed): " + curlProblem(status, seconds: seconds) + skipped
            } else if !(200..<300).contains(code) {
                return "the hub \(hub) answered \(code) to the news of \(feed)" + skipped
            }
        }
        return nil
    }

    private static func curlProblem(_ status: Int32, seconds: Int64) -> String {
        switch status {
        case 28: return "no answer within \(seconds) seconds"
        case 6: return "the host name is unknown"
        case 7: return "the server refused the connection"
        default: return "curl failed with exit status \(status)"
        }
    }

    /// The seconds from now to `until`, rounded up: the time a program is given.
    private static func seconds(_ until: Int64) -> Int { Int(max(1, (until - Posix.monotonicMilliseconds() + 999) / 1000)) }

    private static func describe(_ status: Int32, seconds: Int) -> String {
        switch status {
        case -1: return "it could not start"
        case -2: return "it took longer than the \(seconds) second\(seconds == 1 ? "" : "s") it had, and was stopped"
        case 128...: return "ended by signal \(status - 128)"
        default: return "exit status \(status)"
        }
    }
}
