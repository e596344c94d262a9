import Foundation
import Testing

@testable import CiteFeedPicture

/// Pictures made in the tests, kept where `CITEFEED_SCREENSHOTS` says (scripts/screenshots).
enum PictureFiles {
    /// `keep`: one of the README's pictures, copied where `CITEFEED_SCREENSHOTS` says.
    static func write(_ bytes: [UInt8], _ name: String, keep: Bool = false) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("citefeed-pictures")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("\(UUID().uuidString)-\(name)")
        try Data(bytes).write(to: url)
        if keep { Screen.keep(url, as: name) }
        return url
    }

    /// A busy background: ImageMagick's random noise or plasma, seeded.
    /// `smooth`: blurred, a photograph's softness rather than noise (the README's picture).
    static func busyBackground(_ kind: String, size: String = "640x360", smooth: Bool = false) throws -> String {
        let convert = try #require(PixelImage.convert)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("busy-\(kind)-\(UUID().uuidString).png")
        let pattern = (kind == "noise" ? ["xc:gray50", "+noise", "Random"] : ["plasma:fractal"]) + (smooth ? ["-blur", "0x6"] : [])
        let made = try Sandbox.execute(
            convert, ["-seed", "7", "-size", size] + pattern + [url.path], stdin: Data(), environment: ["PATH": "/usr/bin:/bin"])
        try #require(made.status == 0, "\(made)")
        return url.path
    }
}
