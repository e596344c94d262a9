import CiteFeedModel
import CiteFeedSupport

/// The formats of tmux's status line and of script widgets.
extension StatusRenderer {
    /// tmux's `status-right` (or `-left`) through `#(citefeed status --format tmux)`: the line in
    /// the first tag's colour as `#[fg=#RRGGBB]…#[default]`, every `#` of the citation escaped so
    /// that tmux draws it and runs nothing (`#(`, `#{`, `#[` and the `#H`-style aliases are tmux's).
    /// tmux reads the output twice: it expands formats in it (a run of `#` halved, except a run
    /// before `[`, kept for the drawing), then draws it (`##` is `#`, `#[` a style). So a run of
    /// k `#` becomes 4k, or 2k before `[`; tmux 3.3's behaviour, checked by a test in real tmux.
    func tmux(_ pick: PickSnapshot?, line: String) -> String {
        var text = ""
        var run = 0
        for character in line {
            if character == "#" {
                run += 1
                continue
            }
            if run > 0 { text += String(repeating: "#", count: run * (character == "[" ? 2 : 4)) }
            run = 0
            text.append(character)
        }
        // Before the closing #[default], a last run is one before [.
        let tag = pick?.tags.first
        text += String(repeating: "#", count: run * (tag == nil ? 4 : 2))
        guard let tag else { return text }
        // The colour in lower case: tmux expands #F, #D, #H… (aliases) even inside #[…].
        return "#[fg=" + Palette.hexValue(of: tag.color).lowercased() + "]" + text + "#[default]"
    }

    /// Argos (GNOME), and BitBar/xbar-style script widgets (Kargos on Plasma): the first line is
    /// the panel's, the lines after `---` the menu's. Each line is `text | attributes`, and
    /// attributes run commands (`bash=`, `href=`), so a citation's text never holds the `|` that
    /// starts them (it shows as `∣`), never starts with the dashes of a submenu or separator, and
    /// comes with attributes that turn off what the widget would read in it (markup, backslash
    /// escapes, `:emoji:` names, ANSI colours, trimming). The only commands are citefeed's own,
    /// with the citation's id: `next`, `copy`, `open`, and in review `reveal` and `grade`.
    func argos(_ pick: PickSnapshot?, review: ReviewDisplay?, line: String) -> String {
        let literal = "useMarkup=false unescape=false emojize=false ansi=false trim=false"
        func item(_ text: String) -> String { StatusRenderer.argosText(text) + " | " + literal }
        func action(_ label: String, _ words: [String], refresh: Bool = true) -> String {
            let command = (actionCommand + words).map(\.plainShellWord).joined(separator: " ")
            return label + " | bash=" + command.shellWord + " terminal=false" + (refresh ? " refresh=true" : "")
        }
        let rotation = self.rotation.isEmpty ? [] : ["--rotation", self.rotation]
        // The bar's line as it is, never trimmed: a frame keeps its width.
        var lines = [
            StatusRenderer.argosText(line, folding: false) + " | " + literal + (scrollSpeed == nil ? "" : " font=monospace"), "---",
        ]
        guard let pick else {
            lines.append(item(review.map(StatusRenderer.doneLine) ?? StatusRenderer.emptyLine))
            return lines.joined(separator: "\n") + "\n"
        }
        let showsBack = review.map(\.revealed) ?? true
        for paragraph in StatusRenderer.tooltip(pick.text).split(whereSeparator: \.isNewline) {
            lines += TextWidth.wrap(String(paragraph), to: 60).map(item)
        }
        if showsBack, let back = pick.back {
            lines.append(item(""))
            for paragraph in StatusRenderer.tooltip(back).split(whereSeparator: \.isNewline) {
                lines += TextWidth.wrap("→ " + paragraph, to: 60).map(item)
            }
        }
        let byline = [pick.author, pick.source].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        if !byline.isEmpty { lines += TextWidth.wrap("— " + byline, to: 60).map(item) }
        if !pick.tags.isEmpty { lines.append(item("[" + pick.tags.map(\.name).joined(separator: ", ") + "]")) }
        lines.append("---")
        if let review {
            if !review.revealed { lines.append(action("Reveal the back", ["reveal"] + rotation)) }
            for grade in ["again", "hard", "good", "easy"] {
                lines.append(action(grade.prefix(1).uppercased() + grade.dropFirst(), ["grade", grade] + rotation))
            }
        } else {
            lines.append(action("Next citation", ["next"] + rotation))
        }
        lines.append(action("Copy", ["copy", String(pick.id)], refresh: false))
        if pick.sourceURL != nil { lines.append(action("Open the source", ["open", String(pick.id)], refresh: false)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A citation's text as the text part of an Argos line: one line, no `|`, not starting with
    /// `-`, no control characters.
    /// `folding`: lines folded into one and trimmed (a menu's text); a bar's frame is one line
    /// already, its spaces part of its width.
    static func argosText(_ text: String, folding: Bool = true) -> String {
        var out = String.UnicodeScalarView()
        var leading = true
        for scalar in (folding ? text.foldedToOneLine : text).unicodeScalars {
            switch scalar {
            case "|": out.append("∣")
            case "-" where leading: out.append("‐")
            case _ where scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value): out.append(" ")
            default: out.append(scalar)
            }
            // Argos trims a line before it looks for the dashes of a separator or a submenu.
            leading = leading && (scalar == "-" || scalar == " ")
        }
        return out.isEmpty ? " " : String(out)
    }
}
