import Foundation
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedModel
@testable import CiteFeedPicture

extension Integration {
    /// `citefeed picture` and `copy --picture`, run as the built binary.
    @Suite(.needsPangoCairo, .requires(PixelImage.available, "needs ImageMagick's identify"))
    struct PictureCommandTests {
        static func identify(_ path: String) throws -> String {
            try Integration.PictureReaderTests.identify(URL(fileURLWithPath: path))
        }

        /// Every file under the home (path and bytes), to show a failed command wrote nothing; but
        /// SQLite's shared-memory index (`-shm`), which any reader of the library updates.
        static func files(_ box: Sandbox) throws -> [String: Data] {
            var files: [String: Data] = [:]
            for path in try FileManager.default.subpathsOfDirectory(atPath: box.home.path) where !path.hasSuffix("-shm") {
                var isDirectory: ObjCBool = false
                let full = box.home.appendingPathComponent(path).path
                if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                    files[path] = try Data(contentsOf: URL(fileURLWithPath: full))
                }
            }
            return files
        }

        @Test func writesTheShownCitationOrOneByIDAtEachPresetsSize() throws {
            let box = try Sandbox()
            box.separateProcess = true
            try box.add("Simplicity is the ultimate sophistication.", "--author", "Leonardo")
            let out = box.home.appendingPathComponent("shown.png").path
            let shown = try box.run(["picture", "--out", out])
            #expect(shown.status == 0 && shown.stdout == "Wrote \(out) (1920×1080, light).\n" && shown.stderr.isEmpty, "\(shown)")
            #expect(try Self.identify(out).hasPrefix("1920 1080 TrueColor 8 "))
            let kobo = box.home.appendingPathComponent("kobo.png").path
            let byID = try box.run(["picture", "1", "--preset", "kobo-clara", "--out", kobo])
            #expect(byID.stdout == "Wrote \(kobo) (1072×1448, e-ink, 16 grays).\n", "\(byID)")
            #expect(try Self.identify(kobo).hasPrefix("1072 1448 Grayscale 8 "))
            let sized = box.home.appendingPathComponent("sized.svg").path
            #expect(
                try box.run(["picture", "1", "--size", "640x480", "--theme", "dark", "--out", sized]).stdout
                    == "Wrote \(sized) (640×480, dark).\n")
            #expect(try String(contentsOfFile: sized, encoding: .utf8).contains("width=\"640px\" height=\"480px\""))
        }

        @Test func withoutOutItWritesCitationIDHereAndWithADashToStandardOutput() throws {
            let box = try Sandbox()
            box.separateProcess = true
            try box.add("Here.")
            let directory = box.home.appendingPathComponent("work")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let here = try Sandbox.execute(
                "/bin/sh", ["-c", "cd \"$1\" && exec \"$2\" picture 1 --preset square", "sh", directory.path, Sandbox.binary.path],
                stdin: Data(),
                environment: box.environment)
            #expect(here.status == 0 && here.stdout == "Wrote \(directory.path)/citation-1.png (1080×1080, light).\n", "\(here)")
            let piped = try box.run(["picture", "1", "--preset", "square", "--format", "svg", "--out", "-"])
            #expect(piped.status == 0 && piped.stderr.isEmpty)
            #expect(String(decoding: piped.stdoutBytes.prefix(5), as: UTF8.self) == "<?xml")
            let png = try box.run(["picture", "1", "--size", "300x300", "--out", "-"])
            #expect([UInt8](png.stdoutBytes.prefix(8)) == PNGHeader.signature)
        }

        @Test func badInputIsRefusedWithNothingWritten() throws {
            let box = try Sandbox()
            box.separateProcess = true
            try box.add("Careful.")
            let note = box.home.appendingPathComponent("note.png").path
            try Data("text".utf8).write(to: URL(fileURLWithPath: note))
            let before = try Self.files(box), state = try box.state()
            let out = box.home.appendingPathComponent("out.png").path
            let cases: [([String], CiteFeedCLI.ExitStatus, String)] = [
                (["--preset", "poster"], .usage, "--preset takes one of wallpaper, lockscreen, square, portrait, kobo-clara"),
                (["--theme", "neon"], .usage, "--theme takes one of light, dark, sepia, eink, tag"),
                (["--format", "gif"], .usage, "--format takes one of png, svg"),
                (["--size", "199x200"], .usage, "--size takes WIDTHxHEIGHT in pixels, each from 200 to 8192"),
                (["--size", "8193x1000"], .usage, "--size takes WIDTHxHEIGHT in pixels, each from 200 to 8192"),
                (["--size", "wide"], .usage, "--size takes WIDTHxHEIGHT"),
                (["--size", "300x300", "--preset", "square"], .usage, "cannot be used together"),
                (
                    ["--background", "missing.png"], .notFound,
                    "missing.png does not exist (--background, or the setting pictureBackground)."
                ),
                (["--background", note], .dataError, "The background image \(note) is not a PNG file"),
                (["--out", box.home.appendingPathComponent("no/such/dir/p.png").path], .cannotCreate, "Cannot write"),
                (["7"], .notFound, "No citation with id 7"),
            ]
            for (arguments, status, message) in cases {
                let outArguments = arguments.contains("--out") ? [] : ["--out", out]
                expectFailure(try box.run(["picture"] + arguments + outArguments), status: status, containing: message)
            }
            let after = try Self.files(box)
            #expect(after.keys.sorted() == before.keys.sorted(), "nothing written")
            for (path, bytes) in before { #expect(after[path] == bytes, "\(path) changed") }
            #expect(try box.state() == state)
        }

        @Test func anUnwritableOutputIsRefused() throws {
            let box = try Sandbox()
            try box.add("Careful.")
            let locked = box.home.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
            let result = try box.runUnprivileged(["picture", "1", "--out", locked.appendingPathComponent("p.png").path])
            expectFailure(result, status: .cannotCreate, containing: "Cannot write \(locked.path)/p.png")
            #expect(try FileManager.default.contentsOfDirectory(atPath: locked.path).isEmpty)
        }

        @Test func anEmptyRotationHasNothingToShow() throws {
            let box = try Sandbox()
            box.separateProcess = true
            try box.add("Only one.", "--tag", "a")
            #expect(try box.run("rotation", "add", "none").status == 0)
            #expect(try box.run("defaults", "write", "tags", "a", "--rotation", "none").status == 0)
            #expect(try box.run("archive", "1").status == 0)
            let out = box.home.appendingPathComponent("p.png").path
            expectFailure(
                try box.run(["picture", "--rotation", "none", "--out", out]), status: .notFound,
                containing: "Rotation \"none\" has nothing to show")
            #expect(!FileManager.default.fileExists(atPath: out))
        }

        @Test func aPictureIsNotWrittenToATerminal() throws {
            let box = try Sandbox()
            try box.add("x")
            let out = OutputStream(), err = OutputStream()
            let context = Context(environment: box.environment, out: out, err: err, stdoutIsTerminal: true)
            let status = CLI.run(["picture", "1", "--out", "-"], context)
            context.close()
            err.flush()
            #expect(status == CiteFeedCLI.ExitStatus.usage.rawValue)
            #expect(out.captured.isEmpty)
            #expect(err.capturedText.contains("A picture is not written to a terminal; give --out FILE"))
        }

        @Test func settingsGiveTheThemeMarginsAndBackground() throws {
            let box = try Sandbox()
            box.separateProcess = true
            try box.add("Settings.")
            #expect(try box.run("defaults", "write", "pictureTheme", "dark").status == 0)
            #expect(try box.run("defaults", "write", "pictureMargins", "750", "0", "0").status == 0)
            let out = box.home.appendingPathComponent("p.png").path
            expectFailure(
                try box.run(["picture", "1", "--size", "1000x800", "--out", out]), status: .usage,
                containing: "The margins 750 0 0 leave no room")
            #expect(try box.run("defaults", "write", "pictureMargins", "40").status == 0)
            let missing = box.home.appendingPathComponent("gone.png").path
            #expect(try box.run("defaults", "write", "pictureBackground", missing).status == 0)
            expectFailure(
                try box.run(["picture", "1", "--out", out]), status: .notFound, containing: "The background image \(missing) does not exist"
            )
            #expect(try box.run("defaults", "delete", "pictureBackground").status == 0)
            #expect(try box.run(["picture", "1", "--out", out]).stdout.contains("(1920×1080, dark)"))
        }

        /// Without Pango and Cairo a picture says what to install and exits 69, and the rest of
        /// citefeed works: the library file is hidden in a mount namespace of the test's own.
        @Test(.requires(findProgram("unshare") != nil, "needs unshare (util-linux)"))
        func withoutTheLibrariesItSaysWhatToInstall() throws {
            let box = try Sandbox()
            box.separateProcess = true
            try box.add("Still here.")
            let unshare = try #require(findProgram("unshare"))
            let library = try #require(
                ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"].map { $0 + "/libpangocairo-1.0.so.0" }
                    .first { FileManager.default.fileExists(atPath: $0) })
            let script = "mount --bind /dev/null \(library) && exec \"$@\""
            func hidden(_ arguments: [String]) throws -> RunResult {
                let user = getuid() == 0 ? ["-m"] : ["-r", "-m"]
                return try Sandbox.execute(
                    unshare, user + ["sh", "-c", script, "sh", Sandbox.binary.path] + arguments, stdin: Data(), environment: box.environment
                )
            }
            let probe = try hidden(["status"])
            try #require(probe.status == 0, "a mount namespace of our own (unshare -m): \(probe)")
            let out = box.home.appendingPathComponent("p.png").path
            expectFailure(
                try hidden(["picture", "1", "--out", out]), status: .unavailable, containing: "sudo apt install libpangocairo-1.0-0")
            #expect(!FileManager.default.fileExists(atPath: out))
            #expect(try hidden(["status"]).stdout.contains("Still here."))
            #expect(try hidden(["list"]).status == 0)
        }

        /// `status` neither links nor loads Pango or Cairo; `picture` loads them (so the check could
        /// see them), as the dynamic loader reports with LD_DEBUG.
        @Test func statusNeverLoadsTheLibraries() throws {
            let box = try Sandbox()
            box.separateProcess = true
            try box.add("Lean.")
            let status = try box.run(["status"], environment: ["LD_DEBUG": "libs"])
            #expect(status.status == 0)
            #expect(!status.stderr.contains("pango") && !status.stderr.contains("cairo"), "\(status.stderr.suffix(500))")
            let picture = try box.run(
                ["picture", "1", "--out", box.home.appendingPathComponent("p.png").path], environment: ["LD_DEBUG": "libs"])
            #expect(picture.stderr.contains("libpangocairo-1.0.so.0") && picture.stderr.contains("libcairo.so.2"))
            if let readelf = findProgram("readelf") {
                let dynamic = try Sandbox.execute(readelf, ["-d", Sandbox.binary.path], stdin: Data(), environment: [:])
                #expect(dynamic.status == 0 && !dynamic.stdout.contains("pango") && !dynamic.stdout.contains("cairo"))
            }
        }

        @Test func copyPictureHandsAPNGToWlCopyOrXclip() throws {
            let box = try Sandbox()
            try box.add("Share me.")
            let bin = box.home.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            for name in ["wl-copy", "xclip"] {
                let path = bin.appendingPathComponent(name).path
                try "#!/bin/sh\necho \"$@\" > \"$CLIP_OUT.args\"; cat > \"$CLIP_OUT\"\n".write(
                    toFile: path, atomically: true, encoding: .utf8)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            }
            let out = box.home.appendingPathComponent("clip").path
            for (display, arguments) in [
                (["WAYLAND_DISPLAY": "wayland-0"], "--type image/png\n"), (["DISPLAY": ":0"], "-selection clipboard -t image/png\n"),
            ] {
                var environment: [String: String?] = ["PATH": bin.path + ":/usr/bin:/bin", "CLIP_OUT": out]
                for (k, v) in display { environment[k] = v }
                let result = try box.run(["copy", "1", "--picture"], environment: environment)
                #expect(result.status == 0 && result.stdout == "Copied a picture to clipboard!\n", "\(result)")
                #expect(try String(contentsOfFile: out + ".args", encoding: .utf8) == arguments)
                #expect(try Self.identify(out).hasPrefix("1080 1080 "))
            }
            // xsel and OSC 52 carry only text.
            expectFailure(
                try box.run(["copy", "1", "--picture"], environment: ["PATH": "/nonexistent", "DISPLAY": ":0"]), status: .failure,
                containing: "No clipboard that takes a picture: install wl-clipboard (Wayland) or xclip (X11).")
        }

        /// What --out names is written as it is: a device is written to, never replaced; the
        /// library's and the settings' files are refused; a directory is refused before anything is
        /// picked; a full standard output is an error.
        @Test func outputsThatAreNotPlainFiles() throws {
            let box = try Sandbox()
            box.separateProcess = true
            try box.add("Devices.")
            let wrote = try box.run(["picture", "1", "--size", "300x300", "--out", "/dev/null"])
            #expect(wrote.status == 0 && wrote.stdout.hasPrefix("Wrote /dev/null "), "\(wrote)")
            var st = stat()
            #expect(stat("/dev/null", &st) == 0 && st.st_mode & S_IFMT == S_IFCHR, "/dev/null is still a device")
            let full = try box.run(["picture", "1", "--size", "300x300", "--out", "/dev/full"])
            expectFailure(full, status: .cannotCreate, containing: "Cannot write /dev/full: No space left on device.")
            expectFailure(
                try Sandbox.execute(
                    "/bin/sh", ["-c", "exec \"$0\" picture 1 --size 300x300 --out - > /dev/full", Sandbox.binary.path], stdin: Data(),
                    environment: box.environment), status: .ioError,
                containing: "Cannot write the picture to standard output: No space left on device.")
            let state = try box.state()
            for own in [box.libraryPath, box.settingsPath, box.libraryPath + "-wal", box.libraryPath + ".lock"] {
                expectFailure(
                    try box.run(["picture", "1", "--out", own]), status: .cannotCreate,
                    containing: "it is one of citefeed's own files, which hold the library and its settings.")
            }
            #expect(try box.state() == state)
            let directory = box.home.appendingPathComponent("pictures")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            expectFailure(try box.run(["picture", "--out", directory.path]), status: .cannotCreate, containing: "it is a directory")
            expectFailure(
                try box.run(["picture", "--out", directory.path + "/"]), status: .cannotCreate, containing: "it names a directory")
            expectFailure(try box.run(["picture", "1", "--out", "card.jpg"]), status: .usage, containing: "name it .png or .svg")
            let history = try box.run("history")
            #expect(history.stderr.contains("Nothing was shown yet"), "a refused picture picks nothing: \(history)")
            // A link is followed: the file it names is replaced, the link stays.
            let target = box.home.appendingPathComponent("wallpaper.png").path, link = box.home.appendingPathComponent("current.png").path
            try Data("old".utf8).write(to: URL(fileURLWithPath: target))
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
            #expect(try box.run(["picture", "1", "--size", "300x300", "--out", link]).status == 0)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
            #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: target)).prefix(8)) == PNGHeader.signature)
        }

        /// A clipboard tool that never returns is stopped, and one that ends without taking the
        /// picture is not taken for one that copied it.
        @Test func aHangingOrRefusingClipboardToolIsAnError() throws {
            let box = try Sandbox()
            try box.add("Clip.")
            let bin = box.home.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            let tool = bin.appendingPathComponent("wl-copy").path
            let environment: [String: String?] = ["PATH": bin.path + ":/usr/bin:/bin", "WAYLAND_DISPLAY": "wayland-0"]
            try "#!/bin/sh\nexec sleep 60\n".write(toFile: tool, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool)
            expectFailure(
                try box.run(["copy", "1", "--picture"], environment: environment), status: .failure,
                containing: "wl-copy did not finish within 10 seconds and was stopped; nothing was copied.")
            try "#!/bin/sh\nexec 0<&-\nexit 0\n".write(toFile: tool, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool)
            expectFailure(
                try box.run(["copy", "1", "--picture"], environment: environment), status: .failure,
                containing: "wl-copy ended without taking what was to be copied; nothing was copied.")
        }
    }
}

extension Integration {
    /// `picture`'s spec is written out (every command's spec is read when any command runs, and
    /// `status` must not pay for making this one): it names every preset with its size.
    @Suite struct PictureCommandSpecTests {
        @Test func theSpecNamesEveryPresetWithItsSize() {
            #expect(PictureCommand.presetNames == PicturePreset.names)
            let details = PictureCommand.spec.details.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for preset in PicturePreset.all {
                #expect(details.contains("\(preset.name) (\(preset.size.map { "\($0)" } ?? "the screen"))"), "\(preset.name)")
            }
        }
    }
}
