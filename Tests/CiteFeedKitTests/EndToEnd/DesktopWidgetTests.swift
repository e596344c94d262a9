import Foundation
import Testing

/// The GNOME Shell extension and the Plasma widget of contrib/ in the real desktops (issue 24),
/// and GNOME's wallpaper following the rotation's picture (issue 39, scripts/test-gnome-wallpaper):
/// `scripts/test-gnome-shell` (a headless GNOME Shell 43 through ../shared's
/// headless-gnome-shell, as root) and `scripts/test-plasma` (plasmoidviewer under Xvfb, read by
/// tesseract) with the built citefeed. Each script says what it checks; it exits 77 where its
/// programs are absent, and the test is then reported as skipped with its reason.
/// `CITEFEED_SCREENSHOTS=DIR` keeps their screenshots in DIR (`scripts/screenshots`).
@Suite(.serialized) struct DesktopWidgetTests {
    static func run(_ script: String, screenshot: String) throws -> RunResult? {
        var arguments = [Sandbox.binary.path]
        if let directory = ProcessInfo.processInfo.environment["CITEFEED_SCREENSHOTS"] { arguments.append(directory + "/" + screenshot) }
        var environment = ProcessInfo.processInfo.environment
        environment["CITEFEED_SHARED"] = sharedFolder.path
        let result = try Sandbox.execute(
            packageRoot.appendingPathComponent(script).path, arguments, stdin: Data(), environment: environment)
        if result.status == 77 && !runningInCI {  // in CI everything is installed: a skip fails
            print("\(script) skipped: \(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
            return nil
        }
        return result
    }

    @Test(
        .requires(getuid() == 0 && findProgram("gnome-shell") != nil, "needs root and gnome-shell (scripts/setup-debian --test)"),
        .needsShared(sharedFolder.appendingPathComponent("tools/headless-gnome-shell")))
    func theGnomeShellExtensionShowsFollowsAndActs() throws {
        guard let result = try Self.run("scripts/test-gnome-shell", screenshot: "gnome-shell.png") else { return }
        #expect(result.status == 0, "\(result)")
    }

    /// `setup wallpaper --install` on GNOME (issue 39): scripts/test-gnome-wallpaper.
    @Test(
        .requires(getuid() == 0 && findProgram("gnome-shell") != nil, "needs root and gnome-shell (scripts/setup-debian --test)"),
        .needsShared(sharedFolder.appendingPathComponent("tools/headless-gnome-shell")))
    func theGnomeWallpaperShowsEachNewPicture() throws {
        guard let result = try Self.run("scripts/test-gnome-wallpaper", screenshot: "gnome-wallpaper.png") else { return }
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("all checks passed"), "\(result)")
    }

    @Test(
        .requires(
            ["plasmoidviewer", "Xvfb", "import", "tesseract"].allSatisfy { findProgram($0) != nil },
            "needs plasma-sdk, Xvfb, ImageMagick and tesseract"))
    func thePlasmaWidgetShowsFollowsAndActs() throws {
        guard let result = try Self.run("scripts/test-plasma", screenshot: "plasma.png") else { return }
        #expect(result.status == 0, "\(result)")
    }
}
