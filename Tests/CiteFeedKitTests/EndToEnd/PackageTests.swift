import Foundation
import Testing

extension Integration {
    /// The Debian package, the release tarball and `make install`, as `scripts/package`
    /// builds them into `.build/packages/` from the release build. `.ci/run` runs it before the
    /// tests, so the release build is made once; elsewhere these tests are skipped until it has run.
    @Suite(.serialized) struct PackageTests {
        static let version =
            (try? String(contentsOf: packageRoot.appendingPathComponent("VERSION"), encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        static let packages = packageRoot.appendingPathComponent(".build/packages")
        static let deb = packages.appendingPathComponent("citefeed_\(version)_amd64.deb")
        static let tarball = packages.appendingPathComponent("citefeed-\(version)-x86_64-linux.tar.gz")
        static let releaseBinary = packageRoot.appendingPathComponent(".build/release/citefeed")
        static let built = "run scripts/package first (.ci/run does)"
        static let environment = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LC_ALL": "C.UTF-8"]

        static func run(_ program: String, _ arguments: [String], environment: [String: String] = Integration.PackageTests.environment)
            throws -> RunResult
        {
            let path = try #require(program.hasPrefix("/") ? program : findProgram(program), "needs \(program)")
            return try Sandbox.execute(path, arguments, stdin: Data(), environment: environment)
        }

        static func temporaryDirectory() throws -> URL {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("citefeed-package-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            return dir
        }

        /// Every file and link under `dir`, relative to it.
        static func files(under dir: URL) throws -> [String] {
            let found = try run("find", [dir.path, "(", "-type", "f", "-o", "-type", "l", ")", "-printf", "%P\\n"])
            return found.stdout.split(separator: "\n").map(String.init).sorted()
        }

        @Test(.requires(FileManager.default.fileExists(atPath: deb.path) && findProgram("dpkg-deb") != nil, "needs the package: \(built)"))
        func theDebianPackageHoldsTheBinaryManualCompletionsUnitsAndExamples() throws {
            let control = try Integration.PackageTests.run("dpkg-deb", ["--field", Integration.PackageTests.deb.path])
            #expect(control.status == 0, "\(control)")
            #expect(control.stdout.contains("\nVersion: \(Integration.PackageTests.version)\n"), "\(control.stdout)")
            #expect(control.stdout.contains("Architecture: amd64\n"))
            // Depends from dpkg-shlibdeps: the C library and the C++ runtime the binary links.
            let depends = try #require(control.stdout.split(separator: "\n").first { $0.hasPrefix("Depends: ") })
            #expect(depends.contains("libc6 (>= ") && depends.contains("libstdc++6") && depends.contains("libgcc-s1"), "\(depends)")
            #expect(control.stdout.contains("Built-Using: sqlite3 (= "))
            // Pictures load Pango and Cairo only when made (dlopen): recommended, not linked.
            #expect(control.stdout.contains("\nRecommends: libpangocairo-1.0-0, fonts-dejavu-core\n"), "\(control.stdout)")
            #expect(!depends.contains("pango") && !depends.contains("cairo"), "\(depends)")
            let unpacked = try Integration.PackageTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: unpacked) }
            #expect(try Integration.PackageTests.run("dpkg-deb", ["-x", Integration.PackageTests.deb.path, unpacked.path]).status == 0)
            let files = Set(try Integration.PackageTests.files(under: unpacked))
            for path in [
                "usr/bin/citefeed", "usr/share/man/man1/citefeed.1.gz", "usr/share/bash-completion/completions/citefeed",
                "usr/share/zsh/vendor-completions/_citefeed", "usr/share/fish/vendor_completions.d/citefeed.fish",
                "usr/lib/systemd/user/citefeed.service", "usr/lib/systemd/user/citefeed.timer",
                "usr/lib/systemd/user/citefeed-devices.service", "usr/lib/systemd/user/citefeed-devices.path",
                "usr/share/doc/citefeed/copyright", "usr/share/doc/citefeed/changelog.gz",
                "usr/share/doc/citefeed/examples/waybar/config.jsonc", "usr/share/doc/citefeed/examples/cron/citefeed.crontab",
                "usr/share/doc/citefeed/doc/README.md.gz", "usr/share/doc/citefeed/doc/settings.md.gz",
                "usr/share/doc/citefeed/doc/images/waybar.png", "usr/share/doc/citefeed/doc/schema/list.schema.json",
            ] {
                #expect(files.contains(path), "\(path) missing from the package")
            }
            #expect(!files.contains { $0.hasSuffix(".in") }, "a template left unfilled: \(files.filter { $0.hasSuffix(".in") })")
            // The units and the cron line name the installed binary.
            let service = try String(contentsOf: unpacked.appendingPathComponent("usr/lib/systemd/user/citefeed.service"), encoding: .utf8)
            #expect(service.contains("\nExecStartPre=-/usr/bin/citefeed sync\nExecStart=/usr/bin/citefeed rotate --all\n"), "\(service)")
            let crontab = try String(
                contentsOf: unpacked.appendingPathComponent("usr/share/doc/citefeed/examples/cron/citefeed.crontab"), encoding: .utf8)
            #expect(
                crontab.contains("\n*/15 * * * * /usr/bin/citefeed sync >/dev/null; /usr/bin/citefeed rotate --all >/dev/null\n"),
                "\(crontab)")
            // The binary, the manual page and the changelog carry the VERSION file's version.
            let version = try Integration.PackageTests.run(unpacked.appendingPathComponent("usr/bin/citefeed").path, ["--version"])
            #expect(version.stdout.hasPrefix("citefeed \(Integration.PackageTests.version) ("), "\(version)")
            let manual = try Integration.PackageTests.run(
                "/bin/sh", ["-c", "gzip -dc '\(unpacked.path)/usr/share/man/man1/citefeed.1.gz' | head -1"])
            #expect(manual.stdout.contains("\"citefeed \(Integration.PackageTests.version)\""), "\(manual)")
            let changelog = try Integration.PackageTests.run(
                "/bin/sh", ["-c", "gzip -dc '\(unpacked.path)/usr/share/doc/citefeed/changelog.gz' | head -1"])
            #expect(changelog.stdout == "citefeed (\(Integration.PackageTests.version)) unstable; urgency=medium\n", "\(changelog)")
            // The copyright file is machine-readable (DEP-5), with the licence's whole text.
            let copyright = try String(contentsOf: unpacked.appendingPathComponent("usr/share/doc/citefeed/copyright"), encoding: .utf8)
            #expect(copyright.hasPrefix("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"))
            #expect(copyright.contains("\nFiles: *\n") && copyright.contains("\nLicense: Expat\n Permission is hereby granted"))
            #expect(copyright.contains("\n .\n THE SOFTWARE IS PROVIDED \"AS IS\""))
        }

        /// lintian, pedantic: no error and no warning; any override says why.
        @Test(
            .requires(
                FileManager.default.fileExists(atPath: deb.path) && findProgram("lintian") != nil, "needs lintian and the package: \(built)"
            ))
        func lintianFindsNoErrorOrWarning() throws {
            let lintian = try Integration.PackageTests.run(
                "lintian", ["--pedantic", "--no-tag-display-limit", Integration.PackageTests.deb.path])
            let hints = lintian.stdout.split(separator: "\n").filter { $0.hasPrefix("E: ") || $0.hasPrefix("W: ") }
            #expect(lintian.status == 0 && hints.isEmpty, "\(lintian)")
            // Overrides, if any come to be needed, each follow a comment giving the reason.
            let overrides = try Integration.PackageTests.run(
                "/bin/sh",
                [
                    "-c",
                    "dpkg-deb --fsys-tarfile '\(Integration.PackageTests.deb.path)' | tar -xOf - ./usr/share/lintian/overrides/citefeed 2>/dev/null || true",
                ])
            var previous = ""
            for line in overrides.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("citefeed") { #expect(previous.hasPrefix("#"), "an override without its reason: \(line)") }
                previous = String(line)
            }
        }

        /// The tarball: `make install` into a DESTDIR puts every file where the GNU conventions and
        /// systemd look, units naming $(bindir); `make uninstall` takes every file away again.
        @Test(
            .requires(
                FileManager.default.fileExists(atPath: tarball.path) && findProgram("make") != nil, "needs make and the tarball: \(built)"))
        func theTarballInstallsIntoADestdirAndUninstalls() throws {
            let dir = try Integration.PackageTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            #expect(try Integration.PackageTests.run("tar", ["-xzf", Integration.PackageTests.tarball.path, "-C", dir.path]).status == 0)
            let top = dir.appendingPathComponent("citefeed-\(Integration.PackageTests.version)-x86_64-linux")
            let held = Set(try Integration.PackageTests.files(under: top))
            for path in [
                "citefeed", "citefeed.1", "Makefile", "README.md", "LICENSE", "CHANGELOG.md", "completions/citefeed.bash",
                "completions/_citefeed", "completions/citefeed.fish", "contrib/systemd/citefeed.service.in", "contrib/waybar/config.jsonc",
            ] {
                #expect(held.contains(path), "\(path) missing from the tarball")
            }
            let root = dir.appendingPathComponent("root")
            try assertInstallsAndUninstalls(in: top, destdir: root, prefix: "/opt/citefeed", unitDirectory: "opt/citefeed/lib/systemd/user")
            // A relative DESTDIR is relative to where make runs; contrib is left as it was.
            let relative = try Integration.PackageTests.run("make", ["-C", top.path, "DESTDIR=staged", "PREFIX=/usr", "install"])
            #expect(relative.status == 0, "\(relative)")
            #expect(FileManager.default.fileExists(atPath: top.appendingPathComponent("staged/usr/lib/systemd/user/citefeed.service").path))
            #expect(try Integration.PackageTests.files(under: top.appendingPathComponent("contrib")).allSatisfy { !$0.contains("staged") })
            // A bindir the units could not name unquoted is refused before anything is installed.
            let odd = dir.appendingPathComponent("odd")
            let refused = try Integration.PackageTests.run(
                "make", ["-C", top.path, "DESTDIR=" + odd.path, "PREFIX=/opt/my citefeed", "install"])
            #expect(refused.status != 0 && refused.stderr.contains("may hold only letters, digits"), "\(refused)")
            #expect(!FileManager.default.fileExists(atPath: odd.path))
            // Built outside a git checkout, and says so.
            let version = try Integration.PackageTests.run(top.appendingPathComponent("citefeed").path, ["--version"])
            #expect(
                version.stdout == "citefeed \(Integration.PackageTests.version) (built outside a git checkout)\n"
                    || version.stdout.contains("(commit "),
                "\(version)")
        }

        /// The source tree's own `make install`, from the release build; for PREFIX=~/.local the
        /// units go where systemd reads a user's own units.
        @Test(
            .requires(
                FileManager.default.isExecutableFile(atPath: releaseBinary.path) && findProgram("make") != nil,
                "needs make and the release build: \(built)"))
        func theSourceTreeInstallsItsReleaseBuild() throws {
            let dir = try Integration.PackageTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            let home = dir.appendingPathComponent("home")
            let stage = "DIST=" + dir.appendingPathComponent("stage").path
            // Nothing laid out yet: install refuses, and says to run make first.
            let early = try Integration.PackageTests.run(
                "make", ["-C", packageRoot.path, stage, "DESTDIR=" + dir.appendingPathComponent("early").path, "install"])
            #expect(early.status != 0 && early.stderr.contains("run 'make' first"), "\(early)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("early").path))
            let staged = try Integration.PackageTests.run("make", ["-C", packageRoot.path, stage, "stage"])
            #expect(staged.status == 0, "\(staged)")
            try assertInstallsAndUninstalls(
                in: packageRoot, destdir: dir.appendingPathComponent("root"), prefix: home.path + "/.local",
                unitDirectory: String(home.path.dropFirst()) + "/.local/share/systemd/user",
                extra: [stage], home: home.path)
            // install runs nothing of the build: a staged binary that would leave a mark when run
            // is copied and never run (`sudo make install` once ran strip and the binary).
            let marker = dir.appendingPathComponent("ran")
            let binary = dir.appendingPathComponent("stage/citefeed")
            try "#!/bin/sh\ntouch '\(marker.path)'\n".write(to: binary, atomically: true, encoding: .utf8)
            chmod(binary.path, 0o755)
            let copied = try Integration.PackageTests.run(
                "make", ["-C", packageRoot.path, stage, "DESTDIR=" + dir.appendingPathComponent("copy").path, "install"])
            #expect(copied.status == 0 && !FileManager.default.fileExists(atPath: marker.path), "\(copied)")
            // scripts/package stage never empties a folder it did not make.
            let mine = dir.appendingPathComponent("mine")
            try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
            try "my thesis".write(to: mine.appendingPathComponent("thesis.tex"), atomically: true, encoding: .utf8)
            let refused = try Integration.PackageTests.run(
                packageRoot.appendingPathComponent("scripts/package").path, ["stage", mine.path])
            #expect(refused.status == 1 && refused.stderr.contains("was not made by scripts/package stage"), "\(refused)")
            #expect(try Integration.PackageTests.files(under: mine) == ["thesis.tex"])
        }

        func assertInstallsAndUninstalls(
            in directory: URL, destdir: URL, prefix: String, unitDirectory: String, extra: [String] = [], home: String = "/nonexistent"
        ) throws {
            var environment = Integration.PackageTests.environment
            environment["HOME"] = home
            let make = ["-C", directory.path, "DESTDIR=" + destdir.path, "PREFIX=" + prefix] + extra
            let install = try Integration.PackageTests.run("make", make + ["install"], environment: environment)
            #expect(install.status == 0, "\(install)")
            let p = String(prefix.dropFirst())
            let installed = Set(try Integration.PackageTests.files(under: destdir))
            for path in [
                "\(p)/bin/citefeed", "\(p)/share/man/man1/citefeed.1", "\(p)/share/bash-completion/completions/citefeed",
                "\(p)/share/zsh/site-functions/_citefeed", "\(p)/share/fish/vendor_completions.d/citefeed.fish",
                "\(unitDirectory)/citefeed.service", "\(unitDirectory)/citefeed.timer", "\(unitDirectory)/citefeed-devices.path",
                "\(unitDirectory)/citefeed-devices.service", "\(p)/share/doc/citefeed/README.md", "\(p)/share/doc/citefeed/LICENSE",
                "\(p)/share/doc/citefeed/examples/cron/citefeed.crontab", "\(p)/share/doc/citefeed/examples/systemd/citefeed.service",
                "\(p)/share/doc/citefeed/doc/README.md", "\(p)/share/doc/citefeed/doc/images/waybar.png",
                "\(p)/share/doc/citefeed/doc/schema/list.schema.json",
            ] {
                #expect(installed.contains(path), "\(path) not installed: \(installed.sorted())")
            }
            #expect(!installed.contains { $0.hasSuffix(".in") })
            let service = try String(contentsOf: destdir.appendingPathComponent("\(unitDirectory)/citefeed.service"), encoding: .utf8)
            #expect(service.contains("\nExecStart=\(prefix)/bin/citefeed rotate --all\n"), "\(service)")
            let binary = destdir.appendingPathComponent("\(p)/bin/citefeed")
            #expect(
                try Integration.PackageTests.run(binary.path, ["--version"]).stdout.hasPrefix(
                    "citefeed \(Integration.PackageTests.version) ("))
            if let analyze = findProgram("systemd-analyze") {
                // systemd accepts the units, with the installed binary where ExecStart says.
                let units = destdir.appendingPathComponent(unitDirectory)
                let filled = try Integration.PackageTests.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: filled) }
                for name in ["citefeed.service", "citefeed.timer"] {
                    let text = try String(contentsOf: units.appendingPathComponent(name), encoding: .utf8)
                    try text.replacingOccurrences(of: "\(prefix)/bin/citefeed", with: binary.path)
                        .write(to: filled.appendingPathComponent(name), atomically: true, encoding: .utf8)
                }
                let verify = try Integration.PackageTests.run(
                    analyze,
                    [
                        "verify", "--man=no", filled.appendingPathComponent("citefeed.timer").path,
                        filled.appendingPathComponent("citefeed.service").path,
                    ],
                    environment: Integration.PackageTests.environment.merging(["SYSTEMD_LOG_LEVEL": "warning"]) { $1 })
                #expect(verify.status == 0 && !verify.stderr.contains("citefeed"), "\(verify)")
            }
            let uninstall = try Integration.PackageTests.run("make", make + ["uninstall"], environment: environment)
            #expect(uninstall.status == 0, "\(uninstall)")
            // Under a DESTDIR, the tree is empty again: no file, and no folder install made.
            let left = try Integration.PackageTests.run("find", [destdir.path, "-mindepth", "1", "-printf", "%P\\n"])
            #expect(left.status == 0 && left.stdout.isEmpty, "left behind after make uninstall: \(left.stdout)")
        }
    }
}
