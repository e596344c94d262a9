import CiteFeedSupport

/// A line too wide for its bar, moving through it: each step shows a window of exactly
/// `width` terminal columns over the text, followed by a gap and the text again, one column
/// further on. It pauses at the start for `pause` steps, so the beginning can be read.
///
/// Columns are display columns (`TextWidth`: CJK and emoji take two), and no frame splits a
/// grapheme: a wide character cut by either edge of the window shows as a space, so every frame
/// is the same number of columns and a bar in a monospace font never changes width. A line that
/// fits stands still, not padded. Frames are plain text: each format escapes after the cut, so a
/// cut never breaks an escape.
package struct Marquee: Sendable {
    /// What runs between the end of the text and its start again.
    package static let gap = "   •   "

    /// The line, whole (folded to one line by the caller).
    package let text: String
    package let width: Int
    /// Steps shown at the start before it moves.
    package let pause: Int
    /// The loop's graphemes, text and gap, and the column each starts at.
    private let characters: [Character]
    private let starts: [Int]
    /// Columns of text and gap together: one turn of the loop.
    private let length: Int

    /// Whether the line moves (it is wider than `width`).
    package var moves: Bool { length > 0 }

    /// Steps in one turn: the pause, then one step per column until the start comes round.
    package var period: Int { moves ? pause + length - 1 : 1 }

    package init(_ text: String, width: Int, pause: Int) {
        self.text = text
        self.width = max(1, width)
        self.pause = max(1, pause)
        guard TextWidth.columns(of: text) > self.width else {
            characters = []
            starts = []
            length = 0
            return
        }
        var characters: [Character] = []
        var starts: [Int] = []
        var column = 0
        for var character in text + Marquee.gap {
            if character == "\t" { character = " " }  // a tab in a line is a space wide
            let columns = TextWidth.columns(of: character)
            guard columns > 0 else { continue }  // controls and lone marks: folded text has none that show
            characters.append(character)
            starts.append(column)
            column += columns
        }
        self.characters = characters
        self.starts = starts
        length = column
    }

    /// The frame at `step` (any integer; the loop repeats every `period` steps).
    package func frame(_ step: Int) -> String {
        guard moves else { return text }
        let turn = ((step % period) + period) % period
        let offset = turn < pause ? 0 : turn - pause + 1
        // The first grapheme that starts at or after `offset`; one that starts before and ends
        // after it is cut by the left edge and shows as spaces.
        var index = Self.firstIndex(in: starts, atOrAfter: offset)
        let next = index < starts.count ? starts[index] : length
        var used = min(width, next - offset)
        var result = String(repeating: " ", count: used)
        if index == characters.count { index = 0 }
        while used < width {
            let columns = (index + 1 < starts.count ? starts[index + 1] : length) - starts[index]
            if used + columns > width {
                result.append(String(repeating: " ", count: width - used))  // cut by the right edge
                break
            }
            result.append(characters[index])
            used += columns
            index = index + 1 == characters.count ? 0 : index + 1
        }
        return result
    }

    /// The index of the first start at or after `column` (binary search; `starts` is sorted).
    private static func firstIndex(in starts: [Int], atOrAfter column: Int) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < column { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
