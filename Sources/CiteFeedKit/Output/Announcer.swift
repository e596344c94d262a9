/// Tells the world outside the output directory about a rotation's changes (issue 13): a
/// desktop notification for a new pick (`notify`), the `publishCommand` after the outputs
/// changed, and the WebSub hub (`feedHub`). Each runs a program with arguments, never a
/// shell; each failure is a warning for the caller to print, never an error.
enum Announcer {
    /// How long a notification, a publish command and a hub may take, in seconds.
    static let notifyTimeout = 10
    static let publishTimeout = 120
    static let hubTimeout = 5

    /// A freedesktop notification through `notify-send`: the summary is the author (or, without
    /// one, the feed title), the body the text, then the back after an empty line. The body is
    /// escaped, as servers may read it as markup. Returns a warning, or `nil`.
    static func notify(_ pick: PickSnapshot, settings: Settings, environment: [String: String]) -> String? {
        guard let notifySend = Subprocess.find("notify-send", environment: environment) else {
            return "notify is on, but notify-send is not installed (Debian's libnotify-bin package)"
        }
        let (summary, body) = notification(pick, settings: settings)
        let status = Subprocess.run(notifySend, ["--app-name=citefeed", "--", summary, body], in: "/", environment: environment, timeout: notifyTimeout)
        return status == 0 ? nil : "notify-send failed (\(describe(status, timeout: notifyTimeout))); is a notification daemon running?"
    }

    /// The summary and body of the notification for `pick`.
    static func notification(_ pick: PickSnapshot, settings: Settings) -> (summary: String, body: String) {
        let summary = pick.author.map { $0.isEmpty ? nil : $0 } ?? nil
        var body = pick.text
        if let back = pick.back, !back.isEmpty { body += "\n\n" + back }
        return ((summary ?? settings.feedTitle).foldedToOneLine, body.markupEscaped)
    }

    /// Runs `publishCommand` in `directory` with `directory` as its last argument. Returns a
    /// warning, or `nil` when it succeeded.
    static func publish(_ command: [String], directory: String, environment: [String: String]) -> String? {
        guard let name = command.first else { return nil }
        let executable = name.contains("/") ? name : Subprocess.find(name, environment: environment)
        guard let executable, access(executable, X_OK) == 0 else {
            return "publishCommand: \(quoted(name)) is not an executable program" + (name.contains("/") ? "" : " on PATH")
        }
        let status = Subprocess.run(executable, Array(command.dropFirst()) + [directory], in: directory, environment: environment, timeout: publishTimeout)
        return status == 0 ? nil : "publishCommand \(quoted(name)) failed (\(describe(status, timeout: publishTimeout)))"
    }

    /// Announces each of `feeds` (public addresses) to the WebSub `hub` with a form POST of
    /// `hub.mode=publish` and `hub.url=FEED`, through curl. Returns the warnings.
    static func pingHub(_ hub: String, feeds: [String], environment: [String: String]) -> [String] {
        guard let curl = Subprocess.find("curl", environment: environment) else {
            return ["feedHub is set, but curl is not installed (Debian's curl package), so \(hub) was not told of the change"]
        }
        var warnings: [String] = []
        for feed in feeds {
            let (status, output, _) = Subprocess.capture(
                curl,
                [
                    "-q", "-g", "-sS", "--proto", "=http,https", "--max-time", String(hubTimeout), "-o", "/dev/null", "-w", "%{http_code}",
                    "--data-urlencode", "hub.mode=publish", "--data-urlencode", "hub.url=" + feed, "--url", hub,
                ], environment: environment, limit: 64)
            let code = Int(String(decoding: output, as: UTF8.self)) ?? 0
            if status != 0 {
                warnings.append("the hub \(hub) was not told of \(feed): " + curlProblem(status))
            } else if !(200..<300).contains(code) {
                warnings.append("the hub \(hub) answered \(code) to the news of \(feed)")
            }
        }
        return warnings
    }

    private static func curlProblem(_ status: Int32) -> String {
        switch status {
        case 28: return "no answer within \(hubTimeout) seconds"
        case 6: return "the host name is unknown"
        case 7: return "the server refused the connection"
        default: return "curl failed with exit status \(status)"
        }
    }

    private static func describe(_ status: Int32, timeout: Int) -> String {
        switch status {
        case -1: return "it could not start"
        case -2: return "it took longer than \(timeout) seconds and was stopped"
        case 128...: return "ended by signal \(status - 128)"
        default: return "exit status \(status)"
        }
    }
}

extension String {
    /// `&`, `<` and `>` escaped, for the markup a notification body may be read as.
    var markupEscaped: String {
        guard contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return self }
        var out = ""
        for c in self {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(c)
            }
        }
        return out
    }
}
