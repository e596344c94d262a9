/// The two decisions of fitting a text to a card, apart from how it is measured: the largest
/// font size at which it fits, and, when not even the smallest does, where to cut it.
package enum CardFit {
    /// The largest size in `range` for which `fits` holds (taken to hold for every smaller size
    /// once it holds for one), found by halving; `nil` when not even the smallest fits.
    package static func largestSize(in range: ClosedRange<Int>, fits: (Int) -> Bool) -> Int? {
        guard fits(range.lowerBound) else { return nil }
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(middle) { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The mark put where a text is cut.
    package static let ellipsis = "…"

    /// The longest start of `text` that ends at a word (or, in a text written without spaces,
    /// at a character) and fits with "…" after it; "…" alone when not even the first does.
    /// Found by halving: a text of 20,000 bytes is laid out about a dozen times, each time no
    /// longer than its middle.
    package static func cut(_ text: String, fits: (String) -> Bool) -> String {
        let points = cutPoints(text)
        if let end = lastFitting(points, in: text, fits: fits) { return end }
        // Not even the first word: its first characters.
        return lastFitting(characterPoints(text), in: text, fits: fits) ?? ellipsis
    }

    /// The candidate of the last point that fits, given that fitting stops at some point; `nil`
    /// when the first does not fit.
    private static func lastFitting(_ points: [String.Index], in text: String, fits: (String) -> Bool) -> String? {
        func candidate(_ k: Int) -> String { String(text[..<points[k]]) + ellipsis }
        guard !points.isEmpty, fits(candidate(0)) else { return nil }
        var low = 0, high = points.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(candidate(middle)) { low = middle } else { high = middle - 1 }
        }
        return candidate(low)
    }

    /// Where a word ends: before the space (or line break) after it, spaces not counted twice.
    /// A text with few spaces for its length (Chinese, Japanese) is cut at characters instead.
    static func cutPoints(_ text: String) -> [String.Index] {
        var points: [String.Index] = []
        var previous: Character? = nil
        var index = text.startIndex
        var characters = 0
        for character in text {
            characters += 1
            if character.isWhitespace, let previous, !previous.isWhitespace { points.append(index) }
            previous = character
            index = text.index(after: index)
        }
        if let previous, !previous.isWhitespace { points.append(text.endIndex) }
        // Fewer than one break in 30 characters: not a text of words.
        if points.count * 30 < characters { return characterPoints(text) }
        return points
    }

    /// After each character (not a space).
    static func characterPoints(_ text: String) -> [String.Index] {
        var points: [String.Index] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if !text[index].isWhitespace { points.append(next) }
            index = next
        }
        return points
    }
}
