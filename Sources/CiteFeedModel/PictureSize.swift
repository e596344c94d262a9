/// A picture's size in pixels, 200×200 to 8192×8192.
package struct PictureSize: Hashable, Sendable, CustomStringConvertible {
    package var width: Int
    package var height: Int

    package static let smallest = 200
    package static let largest = 8192

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `WxH` (also with `×`), within the bounds; `nil` otherwise.
    package init?(parsing text: String) {
        let parts = text.lowercased().split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "×" }
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
        self.init(width: width, height: height)
    }

    package var isWithinBounds: Bool {
        (Self.smallest...Self.largest).contains(width) && (Self.smallest...Self.largest).contains(height)
    }

    package var description: String { "\(width)×\(height)" }
}
