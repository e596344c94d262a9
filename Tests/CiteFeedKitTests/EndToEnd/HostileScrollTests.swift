import Testing

@testable import CiteFeedCore
@testable import CiteFeedModel
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// Scrolling the hostile corpus: every citation of a case, moved through every
/// status format step by step, keeps each format's escaping whole.
extension Integration.HostileCorpusTests {
    static let argosLiteral = "useMarkup=false unescape=false emojize=false ansi=false trim=false"

    static func checkScrolling(_ library: Library, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var all = CitationQuery()
        all.all = true
        let slot = Slot(start: Timestamp(seconds: 0), end: Timestamp(seconds: 3600))
        for citation in try library.citations(all) {
            let pick = PickSnapshot(citation)
            for width in [12, 40] {
                var settings = Settings()
                settings.statusWidth = width
                let renderer = StatusRenderer(settings: settings, scroll: true)
                let reviews = [nil, ReviewDisplay(revealed: false, nextDue: nil), ReviewDisplay(revealed: true, nextDue: nil)]
                let marquees = reviews.map { renderer.marquee(pick, review: $0, width: width, speed: 4) }
                // Every step of one turn, at most 300 (a long citation's frames all look alike).
                for step in 0..<min(marquees[0].period, 300) {
                    for (review, marquee) in zip(reviews, marquees) where review == nil || review?.revealed == (step % 2 == 0) {
                        if let problem = problem(renderer, pick, slot: slot, review: review, step: step, marquee: marquee) {
                            Issue.record(
                                "\(citation.text.prefix(80).debugDescription) width \(width) step \(step): \(problem)",
                                sourceLocation: sourceLocation)
                            return
                        }
                    }
                }
            }
        }
    }

    /// What is wrong with the frame at `step` in any format, or `nil`.
    /// With `marquee` (the pick's, made once) the frames are cut from it, as a follower does.
    static func problem(_ renderer: StatusRenderer, _ pick: PickSnapshot, slot: Slot, review: ReviewDisplay?, step: Int, marquee: Marquee?)
        -> String?
    {
        func render(_ format: StatusFormat, following: Bool = false) -> String {
            renderer.render(format, pick, slot: slot, following: following, review: review, step: step, marquee: marquee)
        }
        let moves = marquee?.moves ?? false
        let plain = render(.plain)
        guard plain.hasSuffix("\n"), !plain.dropLast().contains(where: \.isNewline) else {
            return "plain is not one line: \(plain.debugDescription)"
        }
        let line = String(plain.dropLast())
        let columns = TextWidth.columns(of: line)
        if moves ? columns != renderer.width : columns > renderer.width { return "plain is \(columns) columns: \(line.debugDescription)" }
        let polybar = Array(render(.polybar).utf8)
        if zip(polybar, polybar.dropFirst()).contains(where: { $0 == UInt8(ascii: "%") && $1 == UInt8(ascii: "{") }) {
            return "%{ in polybar"
        }
        // i3blocks' short text is made anew for each frame: every 50th is enough.
        let i3blocks = step % 50 == 0 ? render(.i3blocks) : render(.i3blocks, following: true)
        if i3blocks.filter({ $0 == "\n" }).count != (step % 50 == 0 ? 3 : 1) { return "i3blocks: \(i3blocks.debugDescription)" }
        // tmux: the colour, then text in which every # is doubled, then #[default].
        var tmux = Substring(render(.tmux).dropLast())
        if let tag = pick.tags.first {
            let prefix = "#[fg=" + Palette.hexValue(of: tag.color).lowercased() + "]"
            guard tmux.hasPrefix(prefix), tmux.hasSuffix("#[default]") else { return "tmux colour: \(tmux.debugDescription)" }
            tmux = tmux.dropFirst(prefix.count).dropLast(10)
        }
        if String(tmux).replacingAll("##", with: "").contains("#") || tmux.contains("\n") {
            return "tmux: a single #: \(tmux.debugDescription)"
        }
        // The formats that carry the whole citation as well (tooltip, JSON, menu): for a long
        // one, every 20th frame.
        if pick.text.utf8.count > 1000 && step % 20 != 0 { return nil }
        guard let waybar = try? JSONParser.parse(render(.waybar)), let text = waybar["text"]?.stringValue else {
            return "waybar is not JSON"
        }
        let open = "<span font_family=\"monospace\">"
        guard text.hasPrefix(open), text.hasSuffix("</span>"), Pango.isEscapedText(String(text.dropFirst(open.count).dropLast(7))) else {
            return "waybar text: \(text.debugDescription)"
        }
        if !Pango.isEscapedText(waybar["tooltip"]?.stringValue ?? "<") { return "waybar tooltip is not escaped" }
        guard let json = try? JSONParser.parse(render(.json)), json["line"] == .string(line) else {
            return "json line is not the plain line"
        }
        // argos: the bar's line keeps the frame's width (Argos is told not to trim it).
        let argosFirst = render(.argos).prefix { $0 != "\n" }
        if let bar = argosFirst.firstIndex(of: "|"), TextWidth.columns(of: String(argosFirst[..<bar].dropLast())) != columns {
            return "argos line is not the frame's width: \(argosFirst.debugDescription)"
        }
        // argos: every line is ours: a menu text with the literal attributes, a separator, or an action.
        for argosLine in render(.argos).dropLast().split(separator: "\n", omittingEmptySubsequences: false) {
            if argosLine == "---" { continue }
            guard let bar = argosLine.firstIndex(of: "|") else { return "argos line without attributes: \(argosLine.debugDescription)" }
            let text = argosLine[..<bar]
            let attributes = argosLine[argosLine.index(after: bar)...]
            if text.hasPrefix("-") { return "argos text starts with -: \(argosLine.debugDescription)" }
            if attributes == " " + argosLiteral || attributes == " " + argosLiteral + " font=monospace" { continue }
            let actions = ["Next citation ", "Copy ", "Open the source ", "Reveal the back ", "Again ", "Hard ", "Good ", "Easy "]
            guard actions.contains(String(text)), attributes.hasPrefix(" bash='") else {
                return "argos line: \(argosLine.debugDescription)"
            }
        }
        return nil
    }
}
