/// The cards due on each of the coming days as a small bar chart: in a terminal, rows of block
/// characters (eighths of a cell, two cells a day); as SVG, a picture of the same bars with
/// their scale. `stats` draws it; the counts come from `StudyStats.dueByDay`.
package struct DueChart {
    package let counts: [Int]

    package init(_ counts: [Int]) { self.counts = counts }

    package var most: Int { counts.max() ?? 0 }

    /// `height` rows of bars, the scale's top on the first and 0 on the last, and a line marking
    /// today and every seventh day.
    package func terminalLines(height: Int = 4) -> [String] {
        let most = max(self.most, 1)
        let blocks: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        let label = String(most).count
        var lines: [String] = []
        for row in (0..<height).reversed() {
            var line = row == height - 1 ? pad(String(most), label) : row == 0 ? pad("0", label) : String(repeating: " ", count: label)
            line += " │"
            for count in counts {
                // The bar in eighths of a row, at least one eighth for a day with any card.
                let eighths = count == 0 ? 0 : max(1, Int((Double(count) / Double(most) * Double(height * 8)).rounded()))
                let cell = blocks[min(8, max(0, eighths - row * 8))]
                line += String(repeating: cell, count: 2)
            }
            // No spaces after the last bar.
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        var marks = String(repeating: " ", count: label + 2)
        for day in stride(from: 0, to: counts.count, by: 7) {
            let mark = day == 0 ? "today" : "+\(day)"
            let column = label + 2 + day * 2
            if marks.count < column { marks += String(repeating: " ", count: column - marks.count) }
            marks += mark
        }
        lines.append(marks)
        return lines
    }

    private func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }

    /// An SVG picture of the bars (`width` × `height` pixels), each day's count in its title
    /// (shown on hover), the scale and the day marks as text.
    package func svg(width: Int = 640, height: Int = 220, title: String = "Cards due in the next 30 days") -> String {
        let left = 40.0, right = 10.0, top = 30.0, bottom = 30.0
        let plotWidth = Double(width) - left - right, plotHeight = Double(height) - top - bottom
        let step = plotWidth / Double(max(counts.count, 1))
        let most = max(self.most, 1)
        func number(_ x: Double) -> String {
            let rounded = (x * 10).rounded() / 10
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" font-family="sans-serif" font-size="12">
            <title>\(title)</title>
            <rect width="\(width)" height="\(height)" fill="#ffffff"/>
            <text x="\(number(left))" y="18" fill="#222222">\(title) (most on one day: \(self.most))</text>
            <line x1="\(number(left))" y1="\(number(top + plotHeight))" x2="\(number(left + plotWidth))" y2="\(number(top + plotHeight))" stroke="#888888"/>
            <text x="\(number(left - 6))" y="\(number(top + 4))" text-anchor="end" fill="#444444">\(most)</text>
            <text x="\(number(left - 6))" y="\(number(top + plotHeight))" text-anchor="end" fill="#444444">0</text>

            """
        for (day, count) in counts.enumerated() where count > 0 {
            let barHeight = plotHeight * Double(count) / Double(most)
            let x = left + Double(day) * step + step * 0.15
            out +=
                "<rect x=\"\(number(x))\" y=\"\(number(top + plotHeight - barHeight))\" width=\"\(number(step * 0.7))\" height=\"\(number(barHeight))\" fill=\"#3a6ea5\"><title>\(day == 0 ? "today" : "in \(day) day\(day == 1 ? "" : "s")"): \(count)</title></rect>\n"
        }
        for day in stride(from: 0, to: counts.count, by: 7) {
            let x = left + Double(day) * step + step / 2
            out +=
                "<text x=\"\(number(x))\" y=\"\(number(top + plotHeight + 18))\" text-anchor=\"middle\" fill=\"#444444\">\(day == 0 ? "today" : "+\(day)")</text>\n"
        }
        return out + "</svg>\n"
    }
}
