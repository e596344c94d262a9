import Foundation
import Testing

extension Integration {
    /// The GNOME Shell extension and the Plasma widget of contrib/ in the real desktops,
    /// and GNOME's wallpaper following the rotation's picture (scripts/test-gnome-wallpaper):
    /// `scripts/test-gnome-shell` (a headless GNOME Shell 43 through ../shared's
    /// headless-gnome-shell, as root) and `scripts/test-plasma` (plasmoidviewer under Xvfb, read by
    /// tesseract) with the built citefeed. Each script says what it checks.
    /// `CITEFEED_SCREENSHOTS=DIR` keeps their screenshots in DIR (`scripts/screenshots`).
    @Suite(.serialized) struct DesktopWidgetTests {
        /// What each script needs: a test whose programs are missing is shown as skipped, with its
        /// reason, through `.requires` (in CI, where all are installed, it runs and fails); a
        /// script's own skip (exit 77) is then a failure, never a silent pass.
        static let gnomePrograms = ["gnome-shell", "gdbus", "python3", "timeout", "glib-compile-schemas"]
        static let gnomeWallpaperPrograms = ["gnome-shell", "gdbus", "gsettings", "python3", "timeout", "flock", "cmp", "tesseract"]
        static let plasmaPrograms = ["plasmoidviewer", "Xvfb", "dbus-run-session", "setsid", "import", "tesseract"]
        static func installed(_ programs: [String]) -> Bool { programs.allSatisfy { findProgram($0) != nil } }

        static func run(_ script: String, screenshot: String) throws -> RunResult {
            var arguments = [Sandbox.binary.path]
            if let directory = ProcessInfo.processInfo.environment["CITEFEED_SCREENSHOTS"] {
                arguments.append(directory + "/" + screenshot)
            }
            var environment = ProcessInfo.processInfo.environment
            environment["CITEFEED_SHARED"] = sharedFolder.path
            return try Sandbox.execute(packageRoot.appendingPathComponent(script).path, arguments, stdin: Data(), environment: environment)
        }

        @Test(
            .requires(
                getuid() == 0 && installed(gnomePrograms),
                "needs root and \(gnomePrograms.joined(separator: ", ")) (scripts/setup-debian --test)"),
            .needsShared(sharedFolder.appendingPathComponent("tools/headless-gnome-shell")))
        func theGnomeShellExtensionShowsFollowsAndActs() throws {
            let result = try Self.run("scripts/test-gnome-shell", screenshot: "gnome-shell.png")
            #expect(result.status == 0, "\(result)")
        }

        /// `setup wallpaper --install` on GNOME: scripts/test-gnome-wallpaper.
        @Test(
            .requires(
                getuid() == 0 && installed(gnomeWallpaperPrograms),
                "needs root and \(gnomeWallpaperPrograms.joined(separator: ", ")) (scripts/setup-debian --test)"),
            .needsPangoCairo, .needsShared(sharedFolder.appendingPathComponent("tools/headless-gnome-shell")))
        func theGnomeWallpaperShowsEachNewPicture() throws {
            let result = try Self.run("scripts/test-gnome-wallpaper", screenshot: "gnome-wallpaper.png")
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("all checks passed"), "\(result)")
        }

        @Test(
            .requires(
                installed(plasmaPrograms), "needs \(plasmaPrograms.joined(separator: ", ")) (plasma-sdk, Xvfb, ImageMagick, tesseract)"))
        func thePlasmaWidgetShowsFollowsAndActs() throws {
            let result = try Self.run("scripts/test-plasma", screenshot: "plasma.png")
            #expect(result.status == 0, "\(result)")
        }
    }
}
