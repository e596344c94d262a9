import Foundation
import Testing

@testable import CiteFeedSupport

extension Integration {
    /// Sync through the engines people run: a real git repository that three
    /// machines push to and pull from, and two real Syncthing instances. No file has two writers,
    /// so git never conflicts and Syncthing never makes a `.sync-conflict` file.
    @Suite struct SyncEngineTests {
        static let syncthingPair = sharedFolder.appendingPathComponent("tools/syncthing-pair")

        /// Runs `program ARGS` in `directory`; its result must be success.
        @discardableResult
        static func run(_ program: String, _ arguments: [String], in directory: URL? = nil) throws -> RunResult {
            let path = try #require(findProgram(program), "\(program) is needed")
            var environment = ProcessInfo.processInfo.environment
            environment["GIT_AUTHOR_NAME"] = "citefeed test"
            environment["GIT_AUTHOR_EMAIL"] = "test@citefeed.invalid"
            environment["GIT_COMMITTER_NAME"] = "citefeed test"
            environment["GIT_COMMITTER_EMAIL"] = "test@citefeed.invalid"
            environment["GIT_CONFIG_NOSYSTEM"] = "1"
            environment["HOME"] = FileManager.default.temporaryDirectory.path
            let arguments = directory.map { ["-C", $0.path] + arguments } ?? arguments
            let result = try Sandbox.execute(path, program == "git" ? arguments : arguments, stdin: Data(), environment: environment)
            #expect(result.status == 0, "\(program) \(arguments.joined(separator: " ")): \(result)")
            return result
        }

        static func temporary(_ name: String) throws -> URL {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("cf-\(name)-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }

        /// This machine's id in the folder.
        static func machine(_ box: Sandbox) throws -> String {
            let status = try JSONParser.parse(try box.run("sync", "status", "--json").stdout)
            return try #require(status["machine"]?.stringValue)
        }

        @Test(.requires(findProgram("git") != nil, "git")) func threeMachinesThroughABareGitRepositoryNeverConflict() throws {
            let bare = try Self.temporary("git-bare")
            try Self.run("git", ["init", "--quiet", "--bare", "--initial-branch=main", bare.path])
            var machines: [(box: Sandbox, clone: URL)] = []
            for n in 0..<3 {
                let clone = try Self.temporary("git-clone-\(n)")
                try Self.run("git", ["clone", "--quiet", bare.path, clone.path])
                let box = try Sandbox()
                box.now = "2026-03-01T09:3\(n):00+01:00"
                machines.append((box, clone))
            }
            /// One machine's turn, as a timer would run it: pull with rebase, sync, commit its own
            /// directory, push.
            func turn(_ m: (box: Sandbox, clone: URL), pullFirst: Bool = true) throws {
                if pullFirst { try pull(m) }
                let result = try m.box.run("sync", m.clone.path)
                #expect(result.status == 0, "\(result)")
                let own = try Self.machine(m.box)
                try Self.run("git", ["add", "--", own], in: m.clone)
                if try Self.run("git", ["status", "--porcelain"], in: m.clone).stdout.isEmpty == false {
                    try Self.run("git", ["commit", "--quiet", "-m", "citefeed sync"], in: m.clone)
                }
                if !pullFirst { try pull(m) }
                try Self.run("git", ["push", "--quiet", "origin", "HEAD:main"], in: m.clone)
            }
            func pull(_ m: (box: Sandbox, clone: URL)) throws {
                if try Self.run("git", ["ls-remote", "--heads", "origin"], in: m.clone).stdout.contains("main") {
                    try Self.run("git", ["pull", "--quiet", "--rebase", "origin", "main"], in: m.clone)
                }
            }
            _ = try machines[0].box.add("From the laptop", "--author", "Ann", "--back", "Yes")
            _ = try machines[1].box.add("From the desktop", "--tag", "work")
            _ = try machines[2].box.add("From the server")
            for m in machines { try turn(m) }
            // Concurrent edits, a delete, then rounds until everyone has everything.
            for m in machines { try turn(m) }
            let laptop = try #require(
                try machines[1].box.run("list", "--search", "laptop").stdout.split(separator: "\n").dropFirst().first?.split(separator: " ")
                    .first)
            #expect(try machines[0].box.run("edit", "1", "--source", "Notebook").status == 0)
            #expect(try machines[1].box.run("fav", String(laptop)).status == 0)
            #expect(try machines[2].box.run("list").stdout.contains("From the laptop"))
            // Each commits offline, then rebases its commit onto the others' and pushes: never a conflict.
            for m in machines { try turn(m, pullFirst: false) }
            for _ in 0..<2 { for m in machines { try turn(m) } }
            let first = try SyncFolderTests.canonical(machines[0].box)
            for m in machines.dropFirst() {
                let other = try SyncFolderTests.canonical(m.box)
                #expect(other == first, "\(first)\n---\n\(other)")
            }
            let shown = try machines[2].box.run("list", "--search", "laptop", "--json").stdout
            #expect(shown.contains("Notebook") && shown.contains("\"favourite\": true"), "\(shown)")
            // Every machine wrote only its own directory: one directory per machine, nothing else.
            let log = try Self.run("git", ["log", "--name-only", "--format="], in: machines[0].clone).stdout
            let directories = Set(log.split(separator: "\n").compactMap { $0.split(separator: "/").first.map(String.init) })
            #expect(directories.count == 3)
        }

        /// The README's git command, as written there, run by three machines against an empty bare
        /// repository: the first pushes into it, each pulls the others', and they converge.
        @Test(.requires(findProgram("git") != nil, "git")) func theReadmesGitCommandSyncsThreeMachinesFromAnEmptyRepository() throws {
            let readme = try String(contentsOf: packageRoot.appendingPathComponent("doc/sync.md"), encoding: .utf8)
            let section = try #require(readme.range(of: "**git.**"), "doc/sync.md has no git set-up")
            let open = try #require(readme.range(of: "```sh\n", range: section.upperBound..<readme.endIndex))
            let close = try #require(readme.range(of: "```\n", range: open.upperBound..<readme.endIndex))
            let command = String(readme[open.upperBound..<close.lowerBound])
            #expect(command.contains("~/citefeed-sync") && command.contains("citefeed sync"), "\(command)")
            let bare = try Self.temporary("git-readme")
            try Self.run("git", ["init", "--quiet", "--bare", bare.path])
            var machines: [Sandbox] = []
            for n in 0..<3 {
                let box = try Sandbox()
                box.now = "2026-03-01T09:3\(n):00+01:00"
                // Each machine's clone where the README puts it (the sandbox is its HOME), each with
                // a default branch of its own: the command names main.
                try Self.run(
                    "git",
                    [
                        "-c", "init.defaultBranch=\(n == 1 ? "master" : "trunk")", "clone", "--quiet", bare.path,
                        box.home.appendingPathComponent("citefeed-sync").path,
                    ])
                machines.append(box)
            }
            func turn(_ box: Sandbox) throws {
                var environment = box.environment
                environment["PATH"] = Sandbox.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
                for (key, value) in [
                    ("GIT_AUTHOR_NAME", "citefeed test"), ("GIT_AUTHOR_EMAIL", "test@citefeed.invalid"),
                    ("GIT_COMMITTER_NAME", "citefeed test"), ("GIT_COMMITTER_EMAIL", "test@citefeed.invalid"), ("GIT_CONFIG_NOSYSTEM", "1"),
                ] {
                    environment[key] = value
                }
                let result = try Sandbox.execute("/bin/sh", ["-c", command], stdin: Data(), environment: environment)
                #expect(result.status == 0 && !result.stderr.contains("CONFLICT"), "\(result)")
            }
            _ = try machines[0].add("From the laptop", "--back", "Yes")
            _ = try machines[1].add("From the desktop", "--tag", "work")
            _ = try machines[2].add("From the server")
            for _ in 0..<2 { for box in machines { try turn(box) } }
            #expect(try machines[0].run("edit", "1", "--author", "Ann").status == 0)
            _ = try machines[2].add("Later, on the server")
            for _ in 0..<2 { for box in machines { try turn(box) } }
            let first = try SyncFolderTests.canonical(machines[0])
            #expect(first.contains("Later, on the server") && first.contains("From the desktop") && first.contains("Ann"))
            for box in machines.dropFirst() { #expect(try SyncFolderTests.canonical(box) == first) }
            // Nothing left uncommitted or unpushed.
            for box in machines {
                let clone = box.home.appendingPathComponent("citefeed-sync")
                #expect(try Self.run("git", ["status", "--porcelain"], in: clone).stdout.isEmpty)
            }
        }

        @Test(
            .requires(findProgram("syncthing") != nil, "Debian's syncthing (scripts/setup-debian --test)"), .needsShared(syncthingPair),
            .timeLimit(.minutes(5)))
        func twoMachinesThroughTwoRealSyncthingInstances() throws {
            let state = try Self.temporary("syncthing-state"), left = try Self.temporary("syncthing-a"),
                right = try Self.temporary("syncthing-b")
            try Self.run("python3", [Self.syncthingPair.path, "start", state.path, left.path, right.path])
            defer { _ = try? Self.run("python3", [Self.syncthingPair.path, "stop", state.path]) }
            let a = try Sandbox(), b = try Sandbox()
            b.now = "2026-03-01T09:45:00+01:00"
            _ = try a.add("Carried by Syncthing", "--tag", "sync")
            _ = try b.add("The other way", "--back", "back side")
            func round() throws {
                #expect(try a.run("sync", left.path).status == 0)
                #expect(try b.run("sync", right.path).status == 0)
                try Self.run("python3", [Self.syncthingPair.path, "sync", state.path, "90"])
            }
            try round()
            try round()
            #expect(try a.run("edit", "1", "--author", "Left").status == 0)
            let other = try #require(
                try b.run("list", "--search", "Carried").stdout.split(separator: "\n").dropFirst().first?.split(separator: " ").first)
            #expect(try b.run("edit", String(other), "--source", "Right").status == 0)
            try round()
            try round()
            #expect(try SyncFolderTests.canonical(a) == SyncFolderTests.canonical(b))
            #expect(try b.run("show", String(other)).stdout.contains("Left"))
            for folder in [left, right] {
                let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
                #expect(!files.contains { $0.contains(".sync-conflict") }, "\(files)")
            }
        }
    }
}
