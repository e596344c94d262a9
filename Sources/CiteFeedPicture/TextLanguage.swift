/// The language to lay a text out in where it matters to the glyphs: Chinese, Japanese and
/// Korean share the Han characters but draw several of them differently, and fontconfig picks
/// the font by language. Kana says Japanese and Hangul Korean; Han alone is read in the user's
/// own language where that is one of the three (`LC_ALL`, `LC_CTYPE`, `LANG`), else as
/// Simplified Chinese. Other texts keep Pango's default.
package enum TextLanguage {
    package static func of(_ text: String, locale: String?) -> String? {
        var han = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return "ja"
            case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return "ko"
            case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: han = true
            default: continue
            }
        }
        guard han else { return nil }
        let user = (locale ?? "").lowercased().split(separator: ".").first.map(String.init) ?? ""
        for (prefix, language) in [("zh_tw", "zh-tw"), ("zh_hk", "zh-hk"), ("zh_mo", "zh-hk"), ("zh", "zh-cn"), ("ja", "ja"), ("ko", "ko")]
        where user.hasPrefix(prefix) {
            return language
        }
        return "zh-cn"
    }

    /// The locale whose language text is in, from the environment as the C library reads it.
    package static func locale(environment: [String: String]) -> String? {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = environment[name], !value.isEmpty { return value }
        }
        return nil
    }
}
