import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed.1`, the manual page, made from the same tables as `--help` and the completions:
/// the commands' specs, the options, the settings' declarations and `ExitStatus`, so none of them can drift.
/// `citefeed man` prints it; `doc/citefeed.1` is a copy kept equal by a test.
enum ManPage {
    static func render() -> String {
        var roff = """
            .TH CITEFEED 1 "" "citefeed \(CLI.version)" "User Commands"
            .SH NAME
            citefeed \\- keep a library of citations and rotate one into your bar and feeds
            .SH SYNOPSIS
            .B citefeed
            [\\fB\\-\\-home\\fR \\fIDIR\\fR] [\\fB\\-\\-rotation\\fR \\fINAME\\fR] \\fICOMMAND\\fR [\\fIARGUMENTS\\fR...]
            .br
            .B citefeed help
            [\\fICOMMAND\\fR]
            .br
            .B citefeed
            \\fICOMMAND\\fR \\fB\\-\\-help\\fR
            .br
            .B citefeed \\-\\-version
            .SH DESCRIPTION

            """
        roff += text(
            """
            citefeed keeps a personal library of citations (quotes, coping cards, flashcards: a text,
            an optional back side, author, source, coloured tags, favourite, archive) in an SQLite
            database, and rotates one of them, on a schedule, into a status line for desktop bars
            (waybar, i3blocks, polybar, KDE and GNOME command widgets) and into RSS 2.0, Atom and
            JSON Feed files with an index.html, for a feed reader. Several rotations, each with its
            own filters, weights, schedule and outputs, can run from one library.
            """)
        roff += ".SH COMMANDS\n"
        for command in CLI.commands {
            let spec = command.spec
            roff += ".SS \"" + escape("citefeed " + spec.name) + "\"\n"
            if !spec.usage.isEmpty { roff += ".B citefeed " + escape(spec.name) + "\n" + synopsis(spec.usage) + "\n.PP\n" }
            roff += text(spec.summary)
            if !spec.details.isEmpty { roff += ".PP\n" + text(spec.details) }
            for option in spec.options { roff += optionItem(option) }
        }
        roff += ".SH OPTIONS\nEvery command takes these as well:\n"
        for option in ArgumentParser.common { roff += optionItem(option) }
        roff += optionItem(CLI.rotationOption.spec, note: " (before the command, for the commands that take it)")
        roff +=
            ".SH SETTINGS\n"
            + text(
                """
                Settings live in settings.json, which keeps only the keys you changed; 'citefeed defaults
                write KEY VALUE...' changes one, 'citefeed defaults delete KEY' restores its default. A
                named rotation keeps the keys it changes under "rotations", and takes the default
                rotation's value for the others.
                """)
        roff += SettingsReference.roff()
        roff += ".SH ENVIRONMENT\n"
        for (name, meaning) in environment { roff += ".TP\n.B " + escape(name) + "\n" + escape(meaning) + "\n" }
        roff += ".SH FILES\n"
        for (name, meaning) in files { roff += ".TP\n.I " + escape(name) + "\n" + escape(meaning) + "\n" }
        roff += ".SH EXIT STATUS\n"
        for status in ExitStatus.allCases { roff += ".TP\n.B \(status.rawValue)\n" + escape(status.summary) + "\n" }
        roff += ".SH SEE ALSO\n.BR waybar (5),\n.BR notify\\-send (1),\n.BR crontab (5),\n.BR systemd.timer (5),\n.BR sqlite3 (1)\n"
        return roff
    }

    static let environment: [(String, String)] = [
        ("CITEFEED_HOME", "keep the library, settings and outputs in this directory (as --home)."),
        ("CITEFEED_ROTATION", "the rotation the rotation commands work on, when --rotation is not given."),
        ("CITEFEED_NOW", "replaces the clock, as an RFC 3339 time (2026-03-01T09:30:00+01:00)."),
        ("XDG_DATA_HOME, XDG_CONFIG_HOME, XDG_STATE_HOME", "where the library, settings and saved picks go without CITEFEED_HOME."),
        (
            "CITEFEED_LOCK_PATIENCE",
            "how long a command waits for another that keeps the library or the settings locked before it gives up with status 75, in milliseconds (1-600000; default 5000)."
        ),
        (
            "CITEFEED_ANNOUNCE_LIMIT",
            "how long one command's notifications, publish commands and hub requests may take together, in seconds (1-3600; default 150)."
        ),
        ("TZ", "the local time zone that slots, active hours and days follow."),
        ("NO_COLOR", "turns colour off."),
        ("PATH", "where notify-send, curl, the clipboard tools and the publishCommand are found."),
    ]

    static let files: [(String, String)] = [
        ("library.sqlite", "the library: citations, tags, the history of picks (SQLite, WAL)."),
        ("settings.json", "the settings that differ from the defaults, sorted."),
        (
            "current.json, current-NAME.json",
            "the current slot's pick of the default rotation and of rotation NAME, which status answers from."
        ),
        (
            "Feeds/",
            "the outputs: feed.xml, feed.atom, feed.json, index.html, status.txt and status.json; a named rotation's in Feeds/NAME/ unless it sets outputDirectory."
        ),
        (
            "publish-pending, publish-pending-NAME",
            "present from before a rotation's publishCommand runs until it succeeds: the next rotate runs it again."
        ),
        (
            "published, published-NAME",
            "what a rotation was last published with; when its publishCommand, feedHub or feedURL differ, the next rotate publishes everything."
        ),
        ("announce.log", "what the announcements run after a bar's command did, and their failures (citefeed about shows the last one)."),
    ]

    /// One option as a tagged paragraph.
    static func optionItem(_ option: OptionSpec, note: String = "") -> String {
        var label = "\\fB\\-\\-" + escape(option.name) + "\\fR"
        if let value = option.value { label += " \\fI" + escape(value) + "\\fR" }
        if option.repeatable { label += "..." }
        return ".TP\n" + label + "\n" + escape(option.help + note) + "\n"
    }

    /// A usage line: option names bold, the rest as it is.
    static func synopsis(_ usage: String) -> String {
        usage.split(separator: " ").map { word -> String in
            let w = String(word)
            guard let dash = w.firstIndex(of: "-"), w[dash...].hasPrefix("--") else { return escape(w) }
            var end = w.index(dash, offsetBy: 2)
            while end < w.endIndex && (w[end].isLetter || w[end] == "-") { end = w.index(after: end) }
            return escape(String(w[..<dash])) + "\\fB" + escape(String(w[dash..<end])) + "\\fR" + escape(String(w[end...]))
        }.joined(separator: " ")
    }

    /// Help text as roff: lines joined into filled paragraphs, blank lines between paragraphs,
    /// indented lines (examples, tables) kept as they are.
    static func text(_ help: String) -> String {
        var roff = ""
        var verbatim = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                if verbatim {
                    roff += ".fi\n"
                    verbatim = false
                }
                if !roff.isEmpty && !roff.hasSuffix(".PP\n") { roff += ".PP\n" }
                continue
            }
            if line.hasPrefix(" ") && !verbatim {
                roff += ".nf\n"
                verbatim = true
            } else if !line.hasPrefix(" ") && verbatim {
                roff += ".fi\n"
                verbatim = false
            }
            roff += escape(String(line)) + "\n"
        }
        if verbatim { roff += ".fi\n" }
        while roff.hasSuffix(".PP\n") { roff.removeLast(4) }
        return roff
    }

    /// Text made safe for roff: backslashes, a leading dot or quote, hyphens of options, and
    /// every non-ASCII character as a named Unicode escape (so no input encoding is assumed).
    static func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            default:
                if scalar.isASCII {
                    out.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
