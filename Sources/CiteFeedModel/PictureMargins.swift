/// Room kept clear at a picture's edges, in pixels, for panels and docks: as CSS writes them,
/// `ALL`, `VERTICAL HORIZONTAL`, `TOP HORIZONTAL BOTTOM` or `TOP RIGHT BOTTOM LEFT`.
public struct PictureMargins: Hashable, Sendable, CustomStringConvertible {
    public var top: Int
    public var right: Int
    public var bottom: Int
    public var left: Int

    public static let none = PictureMargins(top: 0, right: 0, bottom: 0, left: 0)
    /// The most on one side.
    public static let largest = 4096

    public init(top: Int, right: Int, bottom: Int, left: Int) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// One to four whole numbers of pixels, 0 to `largest`; `nil` otherwise.
    public init?(_ values: [Int]) {
        guard (1...4).contains(values.count), values.allSatisfy({ (0...Self.largest).contains($0) }) else { return nil }
        switch values.count {
        case 1: self.init(top: values[0], right: values[0], bottom: values[0], left: values[0])
        case 2: self.init(top: values[0], right: values[1], bottom: values[0], left: values[1])
        case 3: self.init(top: values[0], right: values[1], bottom: values[2], left: values[1])
        default: self.init(top: values[0], right: values[1], bottom: values[2], left: values[3])
        }
    }

    /// The shortest form that says the same.
    public var values: [Int] {
        if top == bottom && right == left { return top == right ? [top] : [top, right] }
        return right == left ? [top, right, bottom] : [top, right, bottom, left]
    }

    public var description: String { values.map(String.init).joined(separator: " ") }
}
