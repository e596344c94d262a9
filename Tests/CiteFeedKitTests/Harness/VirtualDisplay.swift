import Foundation

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// An X display of its own for a test (Xvfb, `-displayfd`), and pictures of parts of it.
final class VirtualDisplay {
    let server: Background
    /// `:N`, for `DISPLAY`.
    let name: String

    /// A screen of `size` (`WIDTHxHEIGHT`), its log in `home`.
    init(size: String, home: URL) throws {
        let number = Pipe()
        server = try Background(
            findProgram("Xvfb")!, ["-displayfd", "1", "-screen", "0", size + "x24", "-nolisten", "tcp", "-noreset"],
            environment: ["PATH": "/usr/bin:/bin"], log: home.appendingPathComponent("xvfb.log"), stdout: number)
        name =
            ":" + String(decoding: number.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard name.count > 1 else {
            server.stop()
            throw Integration.GraphicalBarTests.BarError(message: "Xvfb did not start: \(server.logTail)")
        }
    }

    /// What a tool that draws or reads on it needs.
    var tools: [String: String] { ["PATH": "/usr/bin:/bin", "DISPLAY": name] }

    /// A PNG of `area` (`WxH+X+Y`) of the screen at `png`; whether ImageMagick's import made it.
    func capture(_ png: URL, area: String) -> Bool {
        (try? Sandbox.execute(
            findProgram("import")!, ["-window", "root", "-crop", area, "+repage", png.path], stdin: Data(), environment: tools))?
            .status == 0
    }

    func stop() { server.stop() }
}
