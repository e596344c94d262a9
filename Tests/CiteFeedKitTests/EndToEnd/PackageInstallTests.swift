import Foundation
import Testing

extension Integration {
    /// The Debian package installed for real with apt-get, used by a fresh user, and purged.
    /// Root only (CI runs as root); never where citefeed is installed already,
    /// which the test would remove.
    @Suite struct PackageInstallTests {
        static let installed: Bool = {
            guard let query = findProgram("dpkg-query"),
                let result = try? Sandbox.execute(
                    query, ["-W", "-f=${Status}", "citefeed"], stdin: Data(), environment: Integration.PackageTests.environment)
            else { return false }
            return result.stdout.contains("installed") && !result.stdout.contains("not-installed")
        }()

        /// The files a package could leave behind: under /usr, /etc, /opt and /var/lib (dpkg's own
        /// list of the package's files among them), leaving out apt's caches and the backups that
        /// useradd and userdel make of /etc/passwd and its kin.
        static func systemFiles() throws -> Set<String> {
            let found = try Integration.PackageTests.run(
                "find",
                [
                    "/usr", "/etc", "/opt", "/var/lib", "-xdev", "(", "-path", "/var/lib/apt", "-o", "-path", "/var/cache", ")", "-prune",
                    "-o",
                    "-print",
                ])
            return Set(found.stdout.split(separator: "\n").map(String.init).filter { !($0.hasPrefix("/etc/") && $0.hasSuffix("-")) })
        }

        @Test(
            .requires(getuid() == 0, "installs a package: root only"),
            .requires(
                FileManager.default.fileExists(atPath: Integration.PackageTests.deb.path),
                "needs the package: \(Integration.PackageTests.built)"),
            .disabled(if: installed, "citefeed is installed on this machine; the test would purge it"))
        func aptInstallsThePackageAFreshUserRotatesAndPurgeLeavesNothing() throws {
            let before = try Integration.PackageInstallTests.systemFiles()
            var apt = Integration.PackageTests.environment
            apt["DEBIAN_FRONTEND"] = "noninteractive"
            let install = try Integration.PackageTests.run(
                "apt-get", ["install", "-y", "-q", "--no-install-recommends", Integration.PackageTests.deb.path], environment: apt)
            #expect(install.status == 0, "\(install)")
            var purged = false
            defer {
                if !purged { _ = try? Integration.PackageTests.run("apt-get", ["purge", "-y", "-q", "citefeed"], environment: apt) }
            }
            // man finds the page in its system directory.
            let man = try Integration.PackageTests.run("man", ["-w", "citefeed"])
            #expect(man.stdout == "/usr/share/man/man1/citefeed.1.gz\n", "\(man)")
            var manEnvironment = Integration.PackageTests.environment
            manEnvironment["MANWIDTH"] = "80"
            manEnvironment["MANPAGER"] = "cat"
            let page = try Integration.PackageTests.run("man", ["citefeed"], environment: manEnvironment)
            #expect(page.status == 0 && page.stdout.contains("citefeed - keep a library of citations"), "\(page)")
            // bash-completion loads the completion from its system directory on first use (its
            // loader returns 124: "try again, the completion is defined now").
            let program = """
                source /usr/share/bash-completion/bash_completion; _completion_loader citefeed; [ $? = 124 ] \
                && COMP_WORDS=(citefeed rotat) && COMP_CWORD=1 && _citefeed && printf '%s\\n' "${COMPREPLY[@]}"
                """
            let completion = try Integration.PackageTests.run("/bin/bash", ["--norc", "-c", program])
            #expect(completion.stdout.split(separator: "\n").sorted() == ["rotate", "rotation"], "\(completion)")
            // zsh finds it in its vendor-completions folder (on Debian's default $fpath): Tab completes.
            if Integration.CompletionsTests.shell("zsh") != nil || runningInCI {
                let shown = try Integration.CompletionsTests.zshTab("citefeed rotat", fpath: nil, binary: "/usr/bin")
                #expect(shown.contains("rotate    rotation"), "\(shown)")
            }
            // systemd accepts the user units where the package put them.
            let runtime = try Integration.PackageTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: runtime) }
            chmod(runtime.path, 0o700)
            var systemd = Integration.PackageTests.environment
            systemd["XDG_RUNTIME_DIR"] = runtime.path
            systemd["SYSTEMD_LOG_LEVEL"] = "warning"
            let units = ["citefeed.timer", "citefeed.service", "citefeed-devices.path", "citefeed-devices.service"].map {
                "/usr/lib/systemd/user/" + $0
            }
            let verify = try Integration.PackageTests.run(
                "systemd-analyze", ["--user", "verify", "--man=no"] + units, environment: systemd)
            #expect(verify.status == 0 && !verify.stderr.contains("citefeed"), "\(verify)")
            // A fresh user: citefeed rotate makes the library, with the starter set, and the feeds.
            let user = "cftest\(getpid() % 10000)"
            #expect(try Integration.PackageTests.run("useradd", ["--create-home", "--shell", "/bin/sh", user]).status == 0)
            defer { _ = try? Integration.PackageTests.run("userdel", ["--remove", user]) }
            let rotate = try Integration.PackageTests.run(
                "runuser", ["-u", user, "--", "env", "-i", "HOME=/home/\(user)", "PATH=/usr/bin:/bin", "TZ=UTC", "citefeed", "rotate"])
            #expect(
                rotate.status == 0 && rotate.stdout.hasPrefix("Wrote feed.xml") && rotate.stderr.contains("20 starter citations"),
                "\(rotate)")
            #expect(FileManager.default.fileExists(atPath: "/home/\(user)/.local/share/citefeed/Feeds/feed.xml"))
            _ = try Integration.PackageTests.run("userdel", ["--remove", user])
            // apt-get purge takes away every file the package brought.
            let purge = try Integration.PackageTests.run("apt-get", ["purge", "-y", "-q", "citefeed"], environment: apt)
            purged = true
            #expect(purge.status == 0, "\(purge)")
            let after = try Integration.PackageInstallTests.systemFiles()
            #expect(after.subtracting(before).sorted() == [], "left behind by the package")
            #expect(before.subtracting(after).sorted() == [], "taken away by the package")
        }
    }
}
