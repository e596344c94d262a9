import Foundation
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

extension Integration {
    /// `citefeed completions`: each script is loaded by its real shell and asked what it offers
    /// after a command line, as the shell would when Tab is pressed.
    @Suite struct CompletionsTests {
        /// A shell's path, if it is installed (zsh and fish are Debian's packages of those names).
        static func shell(_ name: String) -> String? {
            ["/usr/bin/\(name)", "/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
        }

        func script(_ shell: String) throws -> URL {
            let box = try Sandbox()
            let result = try box.run("completions", shell)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("citefeed-completion-\(UUID().uuidString).\(shell)")
            try Data(result.stdout.utf8).write(to: url)
            return url
        }

        /// What bash's completion function offers for `words` (the last one is being typed).
        func bash(_ script: URL, _ words: [String], in directory: String = "/", environment: [String: String] = ["PATH": "/usr/bin:/bin"])
            throws -> [String]
        {
            let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
            let program = """
                cd '\(directory)' && source '\(script.path)' && COMP_WORDS=(\(quoted)) && COMP_CWORD=\(words.count - 1) \
                && _citefeed && printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try Sandbox.execute("/bin/bash", ["--norc", "-c", program], stdin: Data(), environment: environment)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(words): \(result)")
            return result.stdout.split(separator: "\n").map(String.init).sorted()
        }

        @Test func bashOffersCommandsOptionsChoicesAndFiles() throws {
            let url = try script("bash")
            defer { try? FileManager.default.removeItem(at: url) }
            #expect(try bash(url, ["citefeed", "stat"]) == ["stats", "status"])
            #expect(try bash(url, ["citefeed", "grade", "g"]) == ["good"])
            #expect(try bash(url, ["citefeed", "--home", "/tmp", "im"]) == ["import"])
            #expect(try bash(url, ["citefeed", "--"]) == ["--help", "--home", "--version"])
            #expect(try bash(url, ["citefeed", "tag", ""]) == ["add", "delete", "edit", "list"])
            #expect(try bash(url, ["citefeed", "tag", "add", "--"]) == ["--color", "--help", "--home"])
            #expect(try bash(url, ["citefeed", "tag", "--"]) == ["--help", "--home", "--json", "--names"])  // tag alone is tag list
            #expect(try bash(url, ["citefeed", "tag", "edit", "Work", "--color", "p"]) == ["pink", "purple"])
            #expect(try bash(url, ["citefeed", "status", "--format", "w"]) == ["waybar"])
            #expect(try bash(url, ["citefeed", "list", "--sort", ""]) == ["author", "created", "text", "updated"])
            #expect(try bash(url, ["citefeed", "add", "--author", ""]) == [])
            #expect(try bash(url, ["citefeed", "defaults", "write", "inter"]) == ["interval"])
            #expect(try bash(url, ["citefeed", "defaults", "write", "mode", ""]) == ["review", "rotate"])
            #expect(try bash(url, ["citefeed", "defaults", "write", "--rotation", "r", "favouritesOnly", "y"]) == ["yes"])
            #expect(try bash(url, ["citefeed", "defaults", "write", "days", "m"]) == ["mon-fri", "mon-sun"])
            #expect(try bash(url, ["citefeed", "defaults", "write", "statusWidth", ""]) == [])
            #expect(try bash(url, ["citefeed", "completions", ""]) == ["bash", "fish", "zsh"])
            #expect(try bash(url, ["citefeed", "help", "ex"]) == ["export"])
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("citefeed-completion-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try Data().write(to: folder.appendingPathComponent("quotes.csv"))
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("quiet"), withIntermediateDirectories: true)
            #expect(try bash(url, ["citefeed", "import", "quo"], in: folder.path) == ["quotes.csv"])
            #expect(try bash(url, ["citefeed", "export", "--out", "q"], in: folder.path) == ["quiet", "quotes.csv"])
            #expect(try bash(url, ["citefeed", "rotate", "--out", "q"], in: folder.path) == ["quiet"])
            #expect(try bash(url, ["citefeed", "--home", "q"], in: folder.path) == ["quiet"])
        }

        /// Rotation and tag names come from the library while completing: citefeed on
        /// PATH is asked, with the CITEFEED_HOME in force.
        /// What an interactive zsh (driven through zsh/zpty) offers when `line` is typed and Tab
        /// pressed, with `fpath` put first in $fpath and compinit run, as a ~/.zshrc does.
        static func zshTab(_ line: String, fpath: String?, binary: String = Sandbox.binary.deletingLastPathComponent().path) throws
            -> String
        {
            let zsh = try #require(Integration.CompletionsTests.shell("zsh"), "zsh is not installed (Debian's zsh)")
            let setup = (fpath.map { "fpath=('\($0)' $fpath); " } ?? "") + "autoload -U compinit; compinit -u -D"
            let program = """
                zmodload zsh/zpty
                zpty -b z 'env PATH=\(binary):/usr/bin:/bin TERM=dumb HOME=/nonexistent zsh -f -i'
                zpty -w z 'PS1="> "; \(setup)'
                sleep 1
                zpty -w -n z $'\(line)\\t'
                sleep 2
                all=""
                while zpty -r -t z chunk; do all+=$chunk; done
                print -r -- "$all"
                zpty -d z
                """
            return try Sandbox.execute(zsh, ["-f", "-c", program], stdin: Data(), environment: ["PATH": "/usr/bin:/bin"]).stdout
        }

        /// Installed as _citefeed in a folder of $fpath (as the package and make install put it),
        /// compinit autoloads it by its #compdef line, and the first Tab already completes.
        @Test(.requires(shell("zsh") != nil, "needs zsh"))
        func zshAutoloadsTheInstalledScript() throws {
            let result = try Sandbox().run("completions", "zsh")
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("citefeed-fpath-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try Data(result.stdout.utf8).write(to: folder.appendingPathComponent("_citefeed"))
            #expect(result.stdout.hasPrefix("#compdef citefeed\n"))
            let shown = try Integration.CompletionsTests.zshTab("citefeed rotat", fpath: folder.path)
            #expect(shown.contains("rotate    rotation"), "\(shown)")
            #expect(try Integration.CompletionsTests.zshTab("citefeed tag ed", fpath: folder.path).contains("citefeed tag edit"))
        }

        @Test(.requires(shell("fish") != nil, "needs fish"))
        func rotationAndTagNamesAreOfferedFromTheLibrary() throws {
            let box = try Sandbox()
            try box.add("A", "--tag", "stoic", "--tag", "two words")
            #expect(try box.run("rotation", "add", "morning").status == 0)
            #expect(try box.run("rotation", "add", "mobile").status == 0)
            #expect(try box.run("tag", "list", "--names").stdout == "stoic\ntwo words\n")
            let env = [
                "PATH": Sandbox.binary.deletingLastPathComponent().path + ":/usr/bin:/bin", "CITEFEED_HOME": box.home.path, "HOME": "/tmp",
            ]
            let bashScript = try script("bash")
            defer { try? FileManager.default.removeItem(at: bashScript) }
            #expect(try bash(bashScript, ["citefeed", "status", "--rotation", "mo"], environment: env) == ["mobile", "morning"])
            #expect(try bash(bashScript, ["citefeed", "rotation", "remove", "mor"], environment: env) == ["morning"])
            #expect(try bash(bashScript, ["citefeed", "list", "--tag", "t"], environment: env) == ["two words"])
            #expect(try bash(bashScript, ["citefeed", "tag", "delete", ""], environment: env) == ["stoic", "two words"])
            #expect(try bash(bashScript, ["citefeed", "defaults", "write", "excludeTags", "s"], environment: env) == ["stoic"])
            // A tag name is offered as it is, never run: bash's compgen -W would expand it.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(try box.run("tag", "add", "$(touch pwned)").status == 0)
            #expect(try bash(bashScript, ["citefeed", "list", "--tag", "$"], in: folder.path, environment: env) == ["$(touch pwned)"])
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned").path))
            let fish = try #require(Integration.CompletionsTests.shell("fish"), "fish is not installed (Debian's fish)")
            let fishScript = try script("fish")
            defer { try? FileManager.default.removeItem(at: fishScript) }
            func offered(_ line: String) throws -> [String] {
                let result = try Sandbox.execute(
                    fish, ["--no-config", "-c", "source '\(fishScript.path)'; complete -C'\(line)'"], stdin: Data(), environment: env)
                return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.sorted()
            }
            #expect(try offered("citefeed upcoming --rotation m") == ["mobile", "morning"])
            #expect(try offered("citefeed defaults write tags ") == ["$(touch pwned)", "stoic", "two words"])
            #expect(try offered("citefeed tag edit s") == ["stoic"])
        }

        /// Every option of every command is offered after `--`, so the script follows the parser.
        @Test func bashOffersEveryOptionOfEveryCommand() throws {
            let url = try script("bash")
            defer { try? FileManager.default.removeItem(at: url) }
            for command in CLI.commands {
                let words = ["citefeed"] + command.spec.name.split(separator: " ").map(String.init) + ["--"]
                let expected = (command.spec.options + ArgumentParser.common).map { "--" + $0.name }.sorted()
                #expect(try bash(url, words) == expected, "\(command.spec.name)")
            }
        }

        /// zsh runs the same function through its bashcompinit layer; zsh itself then keeps the
        /// candidates that start with what was typed, so the function's whole list is checked.
        @Test(.requires(shell("zsh") != nil, "needs zsh"))
        func zshRunsTheSameFunction() throws {
            let zsh = try #require(Integration.CompletionsTests.shell("zsh"), "zsh is not installed (Debian's zsh)")
            let url = try script("zsh")
            defer { try? FileManager.default.removeItem(at: url) }
            func offered(_ words: [String]) throws -> [String] {
                let program = """
                    autoload -U compinit && compinit -u -D && source '\(url.path)' && setopt ksharrays \
                    && COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))) && COMP_CWORD=\(words.count - 1) \
                    && _citefeed && print -rl -- "${COMPREPLY[@]}"
                    """
                let result = try Sandbox.execute(
                    zsh, ["-f", "-c", program], stdin: Data(), environment: ["PATH": "/usr/bin:/bin", "HOME": "/tmp"])
                #expect(result.status == 0 && result.stderr.isEmpty, "\(words): \(result)")
                return result.stdout.split(separator: "\n").map(String.init).sorted()
            }
            #expect(try offered(["citefeed", ""]).contains("status"))
            #expect(try offered(["citefeed", "tag", ""]) == ["add", "delete", "edit", "list"])
            #expect(
                try offered(["citefeed", "status", "--format", ""]) == ["argos", "i3blocks", "json", "plain", "polybar", "tmux", "waybar"])
            #expect(try offered(["citefeed", "--home", "/tmp", "export", "--"]).contains("--favourites"))
        }

        @Test(.requires(shell("fish") != nil, "needs fish"))
        func fishOffersCommandsOptionsAndChoices() throws {
            let fish = try #require(Integration.CompletionsTests.shell("fish"), "fish is not installed (Debian's fish)")
            let url = try script("fish")
            defer { try? FileManager.default.removeItem(at: url) }
            func offered(_ line: String) throws -> [String] {
                let result = try Sandbox.execute(
                    fish, ["--no-config", "-c", "source '\(url.path)'; complete -C'\(line)'"], stdin: Data(),
                    environment: ["PATH": "/usr/bin:/bin", "HOME": "/tmp"])
                #expect(result.status == 0 && result.stderr.isEmpty, "\(line): \(result)")
                return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.sorted()
            }
            #expect(try offered("citefeed statu") == ["status"])
            #expect(try offered("citefeed --home /tmp ta") == ["tag"])
            #expect(try offered("citefeed tag ") == ["add", "delete", "edit", "list"])
            #expect(try offered("citefeed tag add --") == ["--color", "--help", "--home"])
            #expect(try offered("citefeed add --a") == ["--author"])
            #expect(try offered("citefeed status --format w") == ["waybar"])
            #expect(try offered("citefeed defaults write inter") == ["interval"])
            // A setting's value after its key (the settings' declarations say what), not the keys.
            #expect(try offered("citefeed defaults write notify ") == ["no", "yes"])
            #expect(try offered("citefeed defaults write --rotation r mode r") == ["review", "rotate"])
            #expect(try offered("citefeed defaults write feedTitle ") == [])
            #expect(try offered("citefeed help ex") == ["export"])
        }

        @Test func anUnknownShellIsAUsageError() throws {
            let box = try Sandbox()
            expectFailure(try box.run("completions", "tcsh"), status: .usage, containing: "the shell is one of bash, zsh or fish")
            expectFailure(try box.run("completions"), status: .usage, containing: "needs a shell: bash, zsh or fish")
        }
    }
}
