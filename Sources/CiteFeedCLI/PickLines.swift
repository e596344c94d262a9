import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// Lines of `upcoming` and `history`: local time, id, star, text cut to the width, author.
enum PickLines {
    static func table(
        _ rows: [(time: Timestamp, id: Int64, favourite: Bool, text: String, author: String?, note: String?)], terminal: Terminal
    ) -> TerminalText {
        let idWidth = max(2, rows.map { String($0.id).count }.max() ?? 2)
        var out: TerminalText = ""
        for row in rows {
            var attribution = row.author.map { " — " + $0.foldedToOneLine.terminalSafe } ?? ""
            if let note = row.note { attribution += " (\(note))" }
            let room = max(20, terminal.width - 16 - 2 - idWidth - 5 - TextWidth.columns(of: attribution))
            let text = "“" + TextWidth.truncate(row.text.foldedToOneLine.terminalSafe, to: room - 2) + "”"
            let star = row.favourite ? terminal.paint("★", "33") : " "
            out += "\(row.time.localShort)  \(String(row.id).leftPadded(to: idWidth))  \(star)  \(text)\(terminal.dim(attribution))\n"
        }
        return out
    }
}
