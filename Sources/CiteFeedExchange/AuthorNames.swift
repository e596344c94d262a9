/// Authors as e-readers and stores write them, in one form, so that the same highlight read
/// from two sources merges (issue 22): "Thaler, Richard H.; Imas, Alex" (Kindle),
/// "Thaler, Richard H.\nImas, Alex" (KOReader) and "Richard H. Thaler, Alex Imas" (Kobo) are all
/// "Richard H. Thaler, Alex Imas".
///
/// Names are separated by `;` or line breaks. A name with one comma is `Last, First` ("Le Guin,
/// Ursula K." is "Ursula K. Le Guin"); in a list of several commas, a single word before a comma
/// is a surname turned round with the words after it ("Thaler, Richard H., Imas, Alex").
/// Sources that write names as they are said, joined by commas (Kobo, Apple Books, Zotero), use
/// `listed`, which turns nothing. Duplicates compare authors by `comparable`, their words in
/// any order, so "Thaler, Richard H." stored by an older import is "Richard H. Thaler".
enum AuthorNames {
    static func normalised(_ raw: String) -> String? {
        var names: [String] = []
        for group in raw.split(whereSeparator: { $0 == ";" || $0.isNewline }) {
            let parts = group.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
            names += parts.count == 2 ? [parts[1] + " " + parts[0]] : paired(parts)
        }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    /// A list of names joined by commas where a name may itself be `Last, First`, as KOReader's
    /// Markdown and HTML exports write its authors ("Jane Doe, John Roe"; "Thaler, Richard H.,
    /// Imas, Alex"): a single word before a comma is a surname, turned round with what follows.
    static func commaList(_ raw: String) -> String? {
        let names = paired(raw.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty })
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    private static func paired(_ parts: [String]) -> [String] {
        var names: [String] = []
        var i = 0
        while i < parts.count {
            if !parts[i].contains(" "), i + 1 < parts.count {
                names.append(parts[i + 1] + " " + parts[i])
                i += 2
            } else {
                names.append(parts[i])
                i += 1
            }
        }
        return names
    }

    /// Names as they are said, separated by `;`, line breaks or commas, joined by ", ".
    static func listed(_ raw: String) -> String? {
        let names = raw.split(whereSeparator: { $0 == ";" || $0 == "," || $0.isNewline }).map { String($0).trimmingWhitespace() }
            .filter { !$0.isEmpty }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    /// The author as duplicates compare it: its words, lower-cased, without "and", in order.
    static func comparable(_ author: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var words: [ArraySlice<UInt8>] = []
        if author.allSatisfy({ $0 < 0x80 }) {
            let lower = author.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            var start = 0
            for i in 0...lower.count {
                let letter = i < lower.count && ((lower[i] >= 0x61 && lower[i] <= 0x7A) || (lower[i] >= 0x30 && lower[i] <= 0x39))
                if !letter {
                    if i > start { words.append(lower[start..<i]) }
                    start = i + 1
                }
            }
        } else {
            let text = String(decoding: author, as: UTF8.self).lowercased()
            words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { ArraySlice(Array($0.utf8)) }
        }
        var result: [UInt8] = []
        for word in words.filter({ $0 != [0x61, 0x6E, 0x64] }).sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            if !result.isEmpty { result.append(0x20) }
            result += word
        }
        return result
    }
}
