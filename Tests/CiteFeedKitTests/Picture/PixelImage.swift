import Foundation
import Testing

@testable import CiteFeedPicture

/// A picture's pixels as 8-bit RGB, decoded by ImageMagick (`convert FILE rgb:-`): the tests
/// read the PNG citefeed wrote, not its own idea of it.
struct PixelImage {
    let width: Int
    let height: Int
    let rgb: [UInt8]

    static let convert = findProgram("convert")
    static let available = convert != nil && findProgram("identify") != nil

    init(png: [UInt8], width: Int, height: Int) throws {
        let convert = try #require(Self.convert, "ImageMagick's convert (scripts/setup-debian --test)")
        let decoded = try Sandbox.execute(
            convert, ["png:-", "-depth", "8", "rgb:-"], stdin: Data(png), environment: ["PATH": "/usr/bin:/bin"])
        try #require(decoded.status == 0, "\(decoded)")
        try #require(decoded.stdoutBytes.count == width * height * 3, "\(decoded.stdoutBytes.count) bytes for \(width)×\(height)")
        self.width = width
        self.height = height
        rgb = [UInt8](decoded.stdoutBytes)
    }

    func colour(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let at = (y * width + x) * 3
        return (rgb[at], rgb[at + 1], rgb[at + 2])
    }

    static func colour(_ c: (UInt8, UInt8, UInt8)) -> Colour {
        Colour(red: Double(c.0) / 255, green: Double(c.1) / 255, blue: Double(c.2) / 255)
    }
}

extension Trait where Self == ConditionTrait {
    /// Pango and Cairo, loaded as a picture command loads them.
    static var needsPangoCairo: Self {
        .requires((try? PangoCairo.shared.get()) != nil, "needs Pango and Cairo (libpangocairo-1.0-0)")
    }
}
