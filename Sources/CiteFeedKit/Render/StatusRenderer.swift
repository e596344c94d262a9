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
    public func render(_ format: StatusFormat, _ pick: PickSnapshot?, slot: Slot, following: Bool = false) -> String {
        switch format {
        case .plain: return plain(pick, width: width) + "\n"
        case .polybar: return plain(pick, width: width).polybarNeutralized + "\n"
        case .i3blocks where following: return plain(pick, width: width) + "\n"
        case .i3blocks:
            let color = pick?.tags.first.map { Palette.hexValue(of: $0.color) } ?? ""
            return plain(pick, width: width) + "\n" + plain(pick, width: max(1, width / 2)) + "\n" + color + "\n"
        case .waybar: return JSONWriter.compact(waybar(pick)) + "\n"
        case .json: return JSONWriter.compact(json(pick, slot: slot)) + "\n"
        }
    }

    /// The template filled in, on one line, cut to `width` terminal columns.
    public func plain(_ pick: PickSnapshot?, width: Int) -> String {
        guard let pick else { return TextWidth.truncate(StatusRenderer.emptyLine, to: width) }
        let values = [
            "text": pick.text, "author": pick.author ?? "", "source": pick.source ?? "",
            "tags": pick.tags.map(\.name).joined(separator: ", "), "back": pick.back ?? "",
        ]
        return TextWidth.truncate(template.render(values).foldedToOneLine, to: width, atWord: true)
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

    func json(_ pick: PickSnapshot?, slot: Slot) -> JSONValue {
        .object([
            ("id", pick.map { .int($0.id) } ?? .null), ("uuid", .optional(pick?.uuid)), ("text", .optional(pick?.text)),
            ("back", .optional(pick?.back)), ("author", .optional(pick?.author)), ("source", .optional(pick?.source)),
            ("tags", .array((pick?.tags ?? []).map { .string($0.name) })), ("favourite", .bool(pick?.favourite ?? false)),
            ("slotStart", .string(slot.start.rfc3339UTC)), ("slotEnd", .string(slot.end.rfc3339UTC)),
        ])
    }

    /// A tag name as a CSS class: lower case, anything but letters, digits, `-` and `_` as `-`.
    static func cssName(_ name: String) -> String {
        String(name.lowercased().map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
    }
}
