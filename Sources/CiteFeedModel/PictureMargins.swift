/// Room kept clear at a picture's edges, in pixels, for panels and docks: as CSS writes them,
/// `ALL`, `VERTICAL HORIZONTAL`, `TOP HORIZONTAL BOTTOM` or `TOP RIGHT BOTTOM LEFT`.
package struct PictureMargins: Hashable, Sendable, CustomStringConvertible {
    package var top: Int
    package var right: Int
    package var bottom: Int
    package var left: Int

    package static let none = PictureMargins(top: 0, right: 0, bottom: 0, left: 0)
    /// The most on one side.
    package static let largest = 4096

    package init(top: Int, right: Int, bottom: Int, left: Int) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// One to four whole numbers of pixels, 0 to `largest`; `nil` otherwise.
    package init?(_ values: [Int]) {
        guard (1...4).contains(values.count), values.allSatisfy({ (0...Self.largest).contains($0) }) else { return nil }
        switch values.count {
        case 1: self.init(top: values[0], right: values[0], bottom: values[0], left: values[0])
        case 2: self.init(top: values[0], right: values[1], bottom: values[0], left: values[1])
        case 3: self.init(top: values[0], right: values[1], bottom: values[2], left: values[1])
        default: self.init(top: values[0], right: values[1], bottom: values[2], left: values[3])
        }
    }

    /// The shortest form that says the same.
    package var values: [Int] {
        if top == bottom && right == left { return top == right ? [top] : [top, right] }
        return right == left ? [top, right, bottom] : [top, right, bottom, left]
    }

    package var description: String { values.map(String.init).joined(separator: " ") }
}
