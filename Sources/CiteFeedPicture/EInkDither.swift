/// E-ink's 16 gray levels (0, 17, …, 255) from an 8-bit gray picture, by Floyd–Steinberg error
/// diffusion on alternate directions (serpentine), so that smooth grays and smoothed text edges
/// keep their tone instead of breaking into bands. Levels already on the scale stay exactly.
package enum EInkDither {
    package static let levels = 16

    /// The gray of a pixel of Cairo's RGB24 (`0x00RRGGBB`), as the eye weighs the channels
    /// (Rec. 709, in integers that keep white 255).
    @inline(__always)
    package static func gray(_ pixel: UInt32) -> Int {
        let r = Int((pixel >> 16) & 255), g = Int((pixel >> 8) & 255), b = Int(pixel & 255)
        return (54 * r + 183 * g + 19 * b) >> 8
    }

    /// Dithers `gray` (rows of `width`) in place.
    package static func dither(_ gray: inout [UInt8], width: Int, height: Int) {
        precondition(gray.count == width * height)
        // Errors in sixteenths, for this row and the next, with a pixel of room on each side.
        var current = [Int32](repeating: 0, count: width + 2)
        var next = [Int32](repeating: 0, count: width + 2)
        gray.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<height {
                let leftToRight = y % 2 == 0
                let row = y * width
                for step in 0..<width {
                    let x = leftToRight ? step : width - 1 - step
                    let wanted = Int32(pixels[row + x]) * 16 + current[x + 1]
                    let value = min(max((wanted + 8) >> 4, 0), 255)
                    let level = (value + 8) / 17 * 17
                    pixels[row + x] = UInt8(level)
                    let error = wanted - level * 16
                    guard error != 0 else { continue }
                    let ahead = leftToRight ? 1 : -1
                    current[x + 1 + ahead] += error * 7 / 16
                    next[x + 1 - ahead] += error * 3 / 16
                    next[x + 1] += error * 5 / 16
                    next[x + 1 + ahead] += error / 16
                }
                swap(&current, &next)
                for i in next.indices { next[i] = 0 }
            }
        }
    }
}
