import CiteFeedModel
import CiteFeedSupport

/// The bar formats of SPEC.md "Status formats", each a pure function of the pick, the slot and
/// the settings.
public enum StatusFormat: String, CaseIterable, Sendable {
    case plain, waybar, i3blocks, polybar, json
}

public struct StatusRenderer: Sendable {
    public static let emptyLine = "No citations to show — add one with: citefeed add \"…\""

    public var template: StatusTemplate
    public var width: Int

    public init(settings: Settings, width: Int? = nil) {
        template = (try? StatusTemplate(parsing: settings.statusTemplate)) ?? (try! StatusTemplate(parsing: "{text}"))
        self.width = width ?? settings.statusWidth
    }

    /// The output for `format`, ending in a newline. `pick` is `nil` when nothing is eligible.
    /// `following`: for `status --follow`, where i3blocks (`interval=persist`) reads every line
    /// as a new full text, so its format is the full text alone.
    public func render(_ format: StatusFormat, _ pick: PickSnapshot?, slot: Slot, following: Bool = false, review: ReviewDisplay? = nil) -> String {
        switch format {
        case .plain: return plain(pick, width: width, review: review) + "\n"
        case .polybar: return plain(pick, width: width, review: review).polybarNeutralized + "\n"
        case .i3blocks where following: return plain(pick, width: width, review: review) + "\n"
        case .i3blocks:
            let color = pick?.tags.first.map { Palette.hexValue(of: $0.color) } ?? ""
            return plain(pick, width: width, review: review) + "\n" + plain(pick, width: max(1, width / 2), review: review) + "\n" + color + "\n"
        case .waybar: return JSONWriter.compact(review.map { reviewWaybar(pick, $0) } ?? waybar(pick)) + "\n"
        case .json: return JSONWriter.compact(json(pick, slot: slot, review: review)) + "\n"
        }
    }

    /// The template filled in, on one line, cut to `width` terminal columns. In review mode
    /// (issue 14): the card's front (the template without its back), its back once revealed
    /// ("→ back"), or, with no card due, when the next one is.
    public func plain(_ pick: PickSnapshot?, width: Int, review: ReviewDisplay? = nil) -> String {
        if let review {
            guard let pick else { return TextWidth.truncate(StatusRenderer.doneLine(review), to: width) }
            if review.revealed { return TextWidth.truncate("→ " + (pick.back ?? pick.text).foldedToOneLine, to: width, atWord: true) }
            var front = pick
            front.back = nil
            return plain(front, width: width)
        }
        guard let pick else { return TextWidth.truncate(StatusRenderer.emptyLine, to: width) }
        let values = [
            "text": pick.text, "author": pick.author ?? "", "source": pick.source ?? "",
            "tags": pick.tags.map(\.name).joined(separator: ", "), "back": pick.back ?? "",
        ]
        // 64 KiB is far more than any width (at most 500 columns) needs, even after folding.
        return TextWidth.truncate(template.render(values, limit: 1 << 16).foldedToOneLine, to: width, atWord: true)
    }

    /// What the bar says when no card is due.
    static func doneLine(_ review: ReviewDisplay) -> String {
        "No card due" + (review.nextDue.map { " — the next at \($0.localShort)" } ?? "")
    }

    /// waybar in review mode: classes `card` and `front` or `revealed`, or `done`.
    func reviewWaybar(_ pick: PickSnapshot?, _ review: ReviewDisplay) -> JSONValue {
        let text = plain(pick, width: width, review: review).pangoEscaped
        guard let pick else {
            return .object([("text", .string(text)), ("tooltip", .string(text)), ("class", .array([.string("done")])), ("alt", .string("done"))])
        }
        let classes: [JSONValue] = [.string("card"), .string(review.revealed ? "revealed" : "front")]
            + pick.tags.map { .string("tag-" + StatusRenderer.cssName($0.name)) }
        let tooltip = review.revealed ? pick.card : pick.text + "\n\n(click to see the back)"
        return .object([
            ("text", .string(text)), ("tooltip", .string(tooltip.pangoEscaped)), ("class", .array(classes)),
            ("alt", .string(review.revealed ? "revealed" : "front")),
        ])
    }

    func waybar(_ pick: PickSnapshot?) -> JSONValue {
        guard let pick else {
            return .object([
                ("text", .string(plain(nil, width: width).pangoEscaped)), ("tooltip", .string(StatusRenderer.emptyLine.pangoEscaped)),
                ("class", .array([.string("empty")])), ("alt", .string("empty")),
            ])
        }
        var classes: [JSONValue] = [.string("citation")]
        if pick.favourite { classes.append(.string("favourite")) }
        classes += pick.tags.map { .string("tag-" + StatusRenderer.cssName($0.name)) }
        return .object([
            ("text", .string(plain(pick, width: width).pangoEscaped)), ("tooltip", .string(pick.card.pangoEscaped)),
            ("class", .array(classes)), ("alt", .string((pick.tags.first?.name ?? "citation").pangoEscaped)),
        ])
    }

    /// The slot object (`CitationJSON`): the slot, the citation shown (or `null`), and for a
    /// review rotation its `review` state.
    func json(_ pick: PickSnapshot?, slot: Slot, review: ReviewDisplay? = nil) -> JSONValue {
        CitationJSON.slot(slot, pick: pick, review: review)
    }

    /// A tag name as a CSS class: lower case, anything but letters, digits, `-` and `_` as `-`.
    static func cssName(_ name: String) -> String {
        String(name.lowercased().map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
    }
}
