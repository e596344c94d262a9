import CiteFeedModel
import CiteFeedSupport

/// A digest as an Internet message: `multipart/alternative` of plain text and HTML (the HTML
/// in `index.html`'s style and citation markup), UTF-8 in quoted-printable, headers in RFC
/// 2047's words where they are not ASCII, with `Date`, `Message-ID`, `List-Id` (RFC 2919) and
/// `Auto-Submitted` (RFC 3834). Lines end in LF. The same digest gives the same bytes.
package enum DigestRenderer {
    package static func message(_ d: Digest) -> String {
        let boundary =
            "=_citefeed_" + String(UUIDString.nameBased(namespace: "6ba7b811-9dad-11d1-80b4-00c04fd430c8", name: d.messageID).prefix(18))
        let listLabel = (d.rotation.isEmpty ? "default" : d.rotation).lowercased().filter {
            $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-")
        }
        let headers: [(String, String)] = [
            ("From", "citefeed <\(d.from)>"),
            ("To", "<\(d.to)>"),
            ("Subject", MailText.headerText(subject(d), nameLength: 7)),
            ("Date", d.date.rfc822),
            ("Message-ID", "<\(d.messageID)>"),
            (
                "List-Id",
                MailText.headerText("\(d.title) digest", nameLength: 7)
                    + " <\(listLabel.isEmpty ? "rotation" : listLabel).digest.citefeed.localhost>"
            ),
            ("Auto-Submitted", "auto-generated"),
            ("MIME-Version", "1.0"),
            ("Content-Type", "multipart/alternative; boundary=\"\(boundary)\""),
        ]
        var out = headers.map { "\($0.0): \($0.1)\n" }.joined()
        out += "\nThis is a message in MIME format: a plain text part, then the same in HTML.\n"
        for (type, body) in [("text/plain", plainText(d)), ("text/html", html(d))] {
            out += "\n--\(boundary)\nContent-Type: \(type); charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
            out += MailText.quotedPrintable(body) + "\n"
        }
        out += "\n--\(boundary)--\n"
        return out
    }

    /// `Citations: 5 citations, 12 cards due`.
    static func subject(_ d: Digest) -> String {
        var parts = [d.picks.count == 1 ? "1 citation" : "\(d.picks.count) citations"]
        if let study = d.study { parts.append(study.dueToday == 1 ? "1 card due" : "\(study.dueToday) cards due") }
        return "\(d.title): " + parts.joined(separator: ", ")
    }

    static func studyLines(_ study: Digest.Study) -> [String] {
        let y = study.yesterday
        var lines = [
            study.dueToday == 0
                ? "No card is due today." : study.dueToday == 1 ? "1 card is due today." : "\(study.dueToday) cards are due today."
        ]
        if y.answers == 0 {
            lines.append("Yesterday: no answers.")
        } else {
            var line = "Yesterday: \(y.answers) answer\(y.answers == 1 ? "" : "s")"
            if let retention = y.retention {
                line += ", \(Int((retention * 100).rounded()))% of \(y.reviewAnswers) review\(y.reviewAnswers == 1 ? "" : "s") recalled"
            }
            lines.append(line + ".")
        }
        return lines
    }

    static func plainText(_ d: Digest) -> String {
        var out = "\(d.title), \(d.day)\n"
        if d.picks.isEmpty { out += "\nNo citation is eligible in this rotation.\n" }
        for p in d.picks {
            out += "\n“" + p.text.trimmingWhitespace() + "”\n"
            if let back = p.back?.trimmingWhitespace(), !back.isEmpty { out += "\n" + back + "\n" }
            if !p.attribution.isEmpty { out += "  — " + p.attribution + "\n" }
            if !p.tags.isEmpty { out += "  " + p.tags.map { "#" + $0.name }.joined(separator: " ") + "\n" }
        }
        if let study = d.study { out += "\nStudy\n" + studyLines(study).joined(separator: "\n") + "\n" }
        out += "\n-- \n" + footer(d) + "\n"
        return out
    }

    static func footer(_ d: Digest) -> String {
        "Sent by citefeed \(d.generator) for " + (d.rotation.isEmpty ? "the default rotation" : "the rotation \(d.rotation)")
            + ". These are the next picks the bar will show."
    }

    static func html(_ d: Digest) -> String {
        let title = "\(d.title), \(d.day)".xmlEscaped
        var html =
            HTMLRenderer.head(language: d.language.xmlEscaped, generator: d.generator.xmlEscaped, title: title) + """
                <body>
                <div class="header">
                <h1>\(d.title.xmlEscaped)</h1>
                <p>\(d.day.xmlEscaped)</p>
                </div>
                <div class="main">

                """
        if d.picks.isEmpty { html += "<p>No citation is eligible in this rotation.</p>\n" }
        for (i, p) in d.picks.enumerated() {
            html += HTMLRenderer.citation(FeedItem.html(p), tags: p.tags, note: "", anchor: nil, current: i == 0)
        }
        if let study = d.study {
            html += "<h2>Study</h2>\n" + studyLines(study).map { "<p>\($0.xmlEscaped)</p>\n" }.joined()
        }
        html += """
            </div>
            <div class="footer">
            <p>\(footer(d).xmlEscaped)</p>
            </div>
            </body>
            </html>

            """
        return html
    }
}
