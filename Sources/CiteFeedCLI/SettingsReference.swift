import CiteFeedModel

/// The settings as the manual and the README describe them, made from their declarations
/// (`SettingKey.setting`), so neither can drift from what `defaults` does.
enum SettingsReference {
    /// The default in words: the value as `defaults read` shows it, "empty", or the entry's own
    /// words where it depends on the library or the paths.
    static func defaultWords(_ setting: Setting) -> (text: String, isValue: Bool) {
        if let words = setting.defaultText { return (words, false) }
        let shown = setting.key.defaultValue.map(SettingKey.display) ?? ""
        return shown.isEmpty ? ("empty", false) : (shown, true)
    }

    /// The summary and, after it, the manual's further sentences.
    static func meaning(_ setting: Setting) -> String {
        setting.summary + (setting.manual.map { ". " + $0 } ?? "")
    }

    /// The SETTINGS section's items.
    static func roff() -> String {
        var roff = ""
        for key in SettingKey.allCases {
            let setting = key.setting
            var text = meaning(setting)
            if !text.hasSuffix(".") { text += "." }
            let (shown, isValue) = defaultWords(setting)
            roff += ".TP\n.B " + ManPage.escape(key.rawValue) + "\n" + ManPage.escape(text) + " Default: "
            roff += (isValue ? "\\fB" + ManPage.escape(shown) + "\\fR" : ManPage.escape(shown)) + ".\n"
        }
        return roff
    }

    /// The README's table, between the markers that `SettingsReferenceTests` keeps it in.
    static func markdown() -> String {
        var lines = ["| key | default | meaning |", "| --- | --- | --- |"]
        for key in SettingKey.allCases {
            let setting = key.setting
            let (shown, isValue) = defaultWords(setting)
            let cell = isValue ? "`" + shown + "`" : shown
            lines.append("| `\(key.rawValue)` | \(cell.replacing("|", with: "\\|")) | \(meaning(setting).replacing("|", with: "\\|")) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
