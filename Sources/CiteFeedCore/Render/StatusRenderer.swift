import CiteFeedModel
import CiteFeedSupport

package struct StatusRenderer: Sendable {
    package static let emptyLine = "No citations to show — add one with: citefeed add \"…\""

    package var template: StatusTemplate
    package var width: Int
    /// Scrolling: columns per second, or `nil` when a long line is cut instead.
    package var scrollSpeed: Int?
    /// The rotation shown ("" for the default one), for the commands of widget menus.
    package var rotation: String
    /// How a widget menu runs citefeed (`argos`): the program and any options before the
    /// command, such as `["/usr/bin/citefeed", "--home", "…"]`.
    package var actionCommand = ["citefeed"]

    /// A renderer for `settings`; `scroll`: whether a long line moves (for `status`, `--scroll`
    /// or the `scroll` setting; the caller decides, as the written `status.txt` and
    /// `status.json` never scroll).
    package init(settings: Settings, width: Int? = nil, scroll: Bool = false) {
        template = (try? StatusTemplate(parsing: settings.statusTemplate)) ?? StatusTemplate.textOnly
        self.width = width ?? settings.statusWidth
        scrollSpeed = scroll ? settings.scrollSpeed : nil
        rotation = settings.rotation
    }

    /// The output for `format`, ending in a newline. `pick` is `nil` when nothing is eligible.
    /// `following`: for `status --follow`, where i3blocks (`interval=persist`) reads every line
    /// as a new full text, so its format is the full text alone. `step`: when scrolling, how many
    /// steps (1/`scrollSpeed` s each) the line has moved; `marquee`: the moving line, when the
    /// caller keeps it from step to step (`marquee(_:review:width:speed:)` of the same pick).
    package func render(
        _ format: StatusFormat, _ pick: PickSnapshot?, slot: Slot, following: Bool = false, review: ReviewDisplay? = nil, step: Int = 0,
        marquee: Marquee? = nil
    ) -> String {
        let line = marquee?.frame(step) ?? shown(pick, review: review, width: width, step: step)
        switch format {
        case .plain: return line + "\n"
        case .polybar: return line.polybarNeutralized + "\n"
        case .i3blocks where following: return line + "\n"
        case .i3blocks:
            let color = pick?.tags.first.map { Palette.hexValue(of: $0.color) } ?? ""
            return line + "\n" + shown(pick, review: review, width: max(1, width / 2), step: step) + "\n" + color + "\n"
        case .waybar: return JSONWriter.compact(review.map { reviewWaybar(pick, $0, line: line) } ?? waybar(pick, line: line)) + "\n"
        case .json: return JSONWriter.compact(json(pick, slot: slot, review: review, line: line)) + "\n"
        case .tmux: return tmux(pick, line: line) + "\n"
        case .argos: return argos(pick, review: review, line: line)
        }
    }

    /// The line a bar shows: `plain`, or with scrolling on and the line too long, the frame of
    /// its `Marquee` at `step` (pausing two seconds at the start).
    package func shown(_ pick: PickSnapshot?, review: ReviewDisplay?, width: Int, step: Int) -> String {
        guard let scrollSpeed else { return plain(pick, width: width, review: review) }
        return marquee(pick, review: review, width: width, speed: scrollSpeed).frame(step)
    }

    /// The moving line for `pick`, to be framed step by step (`status --follow` keeps it).
    package func marquee(_ pick: PickSnapshot?, review: ReviewDisplay?, width: Int, speed: Int) -> Marquee {
        Marquee(whole(pick, review: review, bound: StatusRenderer.scrollBound).text, width: width, pause: 2 * speed)
    }

    /// Code points of each field a scrolling line shows at most (a long text moves through its
    /// first 4,096; a line cut to a width needs far fewer, `bound(width:)`).
    static let scrollBound = 4_096

    /// Code points of each field a line cut to `width` columns reads: enough for every column
    /// (a character is at least one code point) and for the white space folding takes out, so
    /// that the line's cost follows the bar's width, never the citation's length.
    static func bound(width: Int) -> Int { 8 * max(width, 1) + 64 }

    /// The template filled in, on one line, cut to `width` terminal columns. In review mode:
    /// the card's front (the template without its back), its back once revealed
    /// ("→ back"), or, with no card due, when the next one is. Where the line is too long, holds
    /// another field (the author) and the rest of the template leaves the text at least half
    /// the width, the text alone is shortened, so the author stays on the line as the tooltip
    /// keeps it.
    package func plain(_ pick: PickSnapshot?, width: Int, review: ReviewDisplay? = nil) -> String {
        let bound = StatusRenderer.bound(width: width)
        let line = whole(pick, review: review, bound: bound)
        if TextWidth.columns(of: line.text) <= width { return line.text }
        if let pick, review.map({ !$0.revealed }) ?? true, template.holdsOnce("text") {
            var front = pick
            if review != nil { front.back = nil }
            let rest = filled(front, bound: bound, text: "")
            let room = width - TextWidth.columns(of: rest)
            // Only where the rest holds a field (an author, a source): the template's quotes
            // alone are cut with the line, as they always were.
            let bare = template.render([:]).foldedToOneLine
            if rest != bare && room >= width / 2 {
                let text = TextWidth.truncate(StatusRenderer.head(front.text, bound).foldedToOneLine, to: room, atWord: true)
                let shortened = filled(front, bound: bound, text: text)
                if TextWidth.columns(of: shortened) <= width { return shortened }
            }
        }
        return TextWidth.truncate(line.text, to: width, atWord: line.atWord)
    }

    /// The line uncut (but each field read to at most `bound` code points), and whether a cut
    /// should keep words whole.
    func whole(_ pick: PickSnapshot?, review: ReviewDisplay?, bound: Int) -> (text: String, atWord: Bool) {
        if let review {
            guard let pick else { return (StatusRenderer.doneLine(review), false) }
            if review.revealed { return ("→ " + StatusRenderer.head(pick.back ?? pick.text, bound).foldedToOneLine, true) }
            var front = pick
            front.back = nil
            return whole(front, review: nil, bound: bound)
        }
        guard let pick else { return (StatusRenderer.emptyLine, false) }
        return (filled(pick, bound: bound), true)
    }

    /// The template filled with `pick`'s fields (`text` in place of its own, when given), each
    /// read to at most `bound` code points, folded to one line.
    func filled(_ pick: PickSnapshot, bound: Int, text: String? = nil) -> String {
        func head(_ value: String?) -> String { StatusRenderer.head(value ?? "", bound) }
        let values = [
            "text": text ?? head(pick.text), "author": head(pick.author), "source": head(pick.source),
            "tags": head(pick.tags.map(\.name).joined(separator: ", ")), "back": head(pick.back),
        ]
        return template.render(values, limit: 1 << 16).foldedToOneLine
    }

    /// A tooltip's or menu's text: the first `scrollBound` code points, and "…" where cut.
    static func tooltip(_ text: String) -> String { StatusRenderer.head(text, scrollBound) }

    /// The first `bound` code points of `value`, and "…" where that cut it (a line that then
    /// fits still shows it was cut).
    static func head(_ value: String, _ bound: Int) -> String { value.cut(toScalars: bound) }

    /// waybar's `text`: the line Pango-escaped; when scrolling, in a monospace span so that the
    /// module keeps its width while the line moves.
    func waybarText(_ line: String) -> String {
        scrollSpeed == nil ? line.pangoEscaped : "<span font_family=\"monospace\">" + line.pangoEscaped + "</span>"
    }

    /// What the bar says when no card is due.
    static func doneLine(_ review: ReviewDisplay) -> String {
        "No card due" + (review.nextDue.map { " — the next at \($0.localShort)" } ?? "")
    }

    /// waybar in review mode: classes `card` and `front` or `revealed`, or `done`.
    func reviewWaybar(_ pick: PickSnapshot?, _ review: ReviewDisplay, line: String) -> JSONValue {
        let text = waybarText(line)
        guard let pick else {
            return .object([
                ("text", .string(text)), ("tooltip", .string(text)), ("class", .array([.string("done")])), ("alt", .string("done")),
            ])
        }
        let classes: [JSONValue] =
            [.string("card"), .string(review.revealed ? "revealed" : "front")]
            + pick.tags.map { .string("tag-" + StatusRenderer.cssName($0.name)) }
        let tooltip =
            review.revealed ? StatusRenderer.tooltip(pick.card) : StatusRenderer.tooltip(pick.text) + "\n\n(click to see the back)"
        return .object([
            ("text", .string(text)), ("tooltip", .string(tooltip.pangoEscaped)), ("class", .array(classes)),
            ("alt", .string(review.revealed ? "revealed" : "front")),
        ])
    }

    func waybar(_ pick: PickSnapshot?, line: String) -> JSONValue {
        guard let pick else {
            return .object([
                ("text", .string(waybarText(line))), ("tooltip", .string(StatusRenderer.emptyLine.pangoEscaped)),
                ("class", .array([.string("empty")])), ("alt", .string("empty")),
            ])
        }
        var classes: [JSONValue] = [.string("citation")]
        if pick.favourite { classes.append(.string("favourite")) }
        classes += pick.tags.map { .string("tag-" + StatusRenderer.cssName($0.name)) }
        return .object([
            ("text", .string(waybarText(line))), ("tooltip", .string(StatusRenderer.tooltip(pick.card).pangoEscaped)),
            ("class", .array(classes)), ("alt", .string((pick.tags.first?.name ?? "citation").pangoEscaped)),
        ])
    }

    /// The slot object (`CitationJSON`): the slot, the citation shown (or `null`), for a review
    /// rotation its `review` state, and the `line` a bar shows (cut or, scrolling, this frame),
    /// unescaped, for widgets that show it as plain text.
    func json(_ pick: PickSnapshot?, slot: Slot, review: ReviewDisplay? = nil, line: String) -> JSONValue {
        guard case .object(let members) = CitationJSON.slot(slot, pick: pick, review: review) else { return .null }
        return .object(members + [("line", .string(line))])
    }

    /// A tag name as a CSS class: lower case, anything but letters, digits, `-` and `_` as `-`.
    static func cssName(_ name: String) -> String {
        String(name.lowercased().map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
    }
}
