/// Authors as e-readers and stores write them, in one form, so that the same highlight read
/// from two sources merges: "Thaler, Richard H.; Imas, Alex" (Kindle),
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
        var result: [UInt8] = [], letters: [UInt8] = [], ranges: [Range<Int>] = []
        comparable(author, into: &result, letters: &letters, ranges: &ranges)
        return result
    }

    /// `comparable` into `result`, with `letters` and `ranges` as scratch space (all kept by the
    /// caller, so that a large import allocates nothing per key).
    static func comparable(
        _ author: UnsafeBufferPointer<UInt8>, into result: inout [UInt8], letters: inout [UInt8], ranges: inout [Range<Int>]
    ) {
        result.removeAll(keepingCapacity: true)
        letters.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        guard author.allSatisfy({ $0 < 0x80 }) else {
            let text = String(decoding: author, as: UTF8.self).lowercased()
            let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).filter { $0 != "and" }.sorted()
            result = Array(words.joined(separator: " ").utf8)
            return
        }
        // ASCII: lower-cased into `result`, the words' ranges noted, then put in order.
        var start = -1
        for i in 0...author.count {
            var byte: UInt8 = 0x20
            if i < author.count { byte = author[i] >= 0x41 && author[i] <= 0x5A ? author[i] | 0x20 : author[i] }
            let letter = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            if letter {
                if start < 0 { start = letters.count }
                letters.append(byte)
            } else if start >= 0 {
                let word = start..<letters.count
                if !(word.count == 3 && letters[word.lowerBound] == 0x61 && letters[word.lowerBound + 1] == 0x6E
                    && letters[word.lowerBound + 2] == 0x64)
                {
                    ranges.append(word)
                }
                start = -1
            }
        }
        let sorted = ranges.count < 2 || zip(ranges, ranges.dropFirst()).allSatisfy { !letters[$1].lexicographicallyPrecedes(letters[$0]) }
        if !sorted { ranges.sort { [letters] in letters[$0].lexicographicallyPrecedes(letters[$1]) } }
        for (n, word) in ranges.enumerated() {
            if n > 0 { result.append(0x20) }
            result.append(contentsOf: letters[word])
        }
    }
}
