/// Anki's cloze deletions, `{{c1::answer}}` or `{{c1::answer::hint}}` (nested ones too), shown
/// as one card of the note shows them: the cloze of the card's number as a gap (`[…]`, or
/// `[hint]`), every other as its answer; or, `revealed`, every cloze as its answer.
enum AnkiCloze {
    static func render(_ text: String, showing number: Int, revealed: Bool) -> String {
        let scalars = Array(text.unicodeScalars)
        var at = 0
        return String(String.UnicodeScalarView(render(scalars, &at, showing: number, revealed: revealed, nested: false)))
    }

    /// What `scalars` from `at` shows, up to the end, or (`nested`) up to the `}}` that closes the
    /// cloze it is inside, left after it.
    private static func render(_ s: [Unicode.Scalar], _ at: inout Int, showing number: Int, revealed: Bool, nested: Bool)
        -> [Unicode.Scalar]
    {
        var out: [Unicode.Scalar] = []
        while at < s.count {
            if nested, s[at] == "}", at + 1 < s.count, s[at + 1] == "}" {
                at += 2
                return out
            }
            if let (cloze, start) = opening(s, at) {
                at = start
                // The answer up to `::` (a hint follows) or the closing `}}`.
                let inner = render(s, &at, showing: number, revealed: revealed, nested: true)
                let split = separator(inner)
                let answer = split.map { Array(inner[..<$0]) } ?? inner
                let hint = split.map { Array(inner[($0 + 2)...]) }
                if cloze == number && !revealed {
                    out += Array("[".unicodeScalars) + (hint.flatMap { $0.isEmpty ? nil : $0 } ?? ["…"]) + ["]"]
                } else {
                    out += answer
                }
                continue
            }
            out.append(s[at])
            at += 1
        }
        return out
    }

    /// The cloze number of a `{{cN::` at `at`, and where its content starts.
    private static func opening(_ s: [Unicode.Scalar], _ at: Int) -> (Int, Int)? {
        guard at + 5 < s.count, s[at] == "{", s[at + 1] == "{", s[at + 2] == "c" || s[at + 2] == "C" else { return nil }
        var i = at + 3, number = 0
        while i < s.count, let digit = s[i].properties.numericType == .decimal ? Int(String(s[i])) : nil, number < 10000 {
            number = number * 10 + digit
            i += 1
        }
        guard i > at + 3, i + 1 < s.count, s[i] == ":", s[i + 1] == ":" else { return nil }
        return (number, i + 2)
    }

    /// Where the first `::` of a cloze's rendered content is (before its hint).
    private static func separator(_ s: [Unicode.Scalar]) -> Int? {
        var i = 0
        while i + 1 < s.count {
            if s[i] == ":" && s[i + 1] == ":" { return i }
            i += 1
        }
        return nil
    }
}
