import Foundation
import Testing

@testable import CiteFeedCLI

extension EndToEnd {
    /// `citefeed digest` and the digest settings refuse what cannot be a destination, with the
    /// library, the settings and the files as they were.
    @Suite struct DigestBadInputTests {
        static func library() throws -> Sandbox {
            let box = try Sandbox()
            try box.add("A citation to mail.", "--author", "Ada")
            return box
        }

        @Test(arguments: [
            ("you@example.org\nBcc: victim@example.org", "one plain address"), ("you@example.org, other@example.org", "one plain address"),
            ("Your Name <you@example.org>", "one plain address"), ("", "one plain address"),
        ])
        func addressesThatAreNotOne(address: String, words: String) throws {
            let box = try Self.library()
            let before = try box.state()
            expectFailure(try box.run("digest", "--to", address), status: .usage, containing: words)
            #expect(try box.state() == before)
        }

        @Test func settingsRefuseSeveralAddressesAndBadTimes() throws {
            let box = try Self.library()
            let before = try box.state()
            expectFailure(
                try box.run("defaults", "write", "digestTo", "a@example.org, b@example.org"), status: .usage,
                containing: "one plain address")
            expectFailure(
                try box.run("defaults", "write", "digestTo", "a@example.org\nBcc: b@example.org"), status: .usage,
                containing: "one plain address")
            expectFailure(try box.run("defaults", "write", "digestTime", "tomorrow"), status: .usage, containing: "mon 07:00")
            expectFailure(try box.run("defaults", "write", "digestCount", "0"), status: .usage, containing: "digestCount")
            #expect(try box.state() == before)
            #expect(try box.run("defaults", "write", "digestTime", "fri 18:30").status == 0)
            #expect(try box.run("defaults", "read", "digestTime").stdout == "fri 18:30\n")
        }

        @Test func nowhereToSendItIsSaid() throws {
            let box = try Self.library()
            expectFailure(try box.run("digest"), status: .usage, containing: "--to ADDRESS, --maildir DIR or --out FILE")
            expectFailure(try box.run("digest", "--to", "a@example.org", "--out", "-"), status: .usage, containing: "--to")
            expectFailure(try box.run("digest", "--count", "51", "--out", "-"), status: .usage, containing: "1 to 50")
        }

        /// A Maildir that is a file, or a folder of other things, is refused; the file stays.
        @Test func aMaildirThatIsNotOne() throws {
            let box = try Self.library()
            let file = box.home.appendingPathComponent("mail")
            try Data("mine\n".utf8).write(to: file)
            expectFailure(try box.run("digest", "--maildir", file.path), status: .cannotCreate, containing: "is a file, not a Maildir")
            #expect(try String(contentsOf: file, encoding: .utf8) == "mine\n")
            let folder = box.home.appendingPathComponent("photos")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: folder.appendingPathComponent("cat.jpg"))
            expectFailure(try box.run("digest", "--maildir", folder.path), status: .cannotCreate, containing: "not a Maildir")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["cat.jpg"])
        }

        static let systemSendmail = ["/usr/sbin/sendmail", "/usr/lib/sendmail"].contains {
            FileManager.default.isExecutableFile(atPath: $0)
        }

        /// Without any sendmail on PATH or in its places, the command says what to install.
        @Test(
            .requires(!systemSendmail, "a sendmail is installed in /usr/sbin or /usr/lib (scripts/setup-debian installs msmtp without it)"))
        func noSendmail() throws {
            let box = try Self.library()
            let empty = box.home.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            let before = try box.state()
            expectFailure(
                try box.run(["digest", "--to", "a@example.org"], environment: ["PATH": empty.path]), status: .unavailable,
                containing: "msmtp-mta")
            #expect(try box.state() == before)
        }

        /// --out is as every --out: a link is written through (the link stays), the digest's own
        /// record and the library's files are refused, a directory is refused.
        @Test func outIsEveryOut() throws {
            let box = try Self.library()
            let target = box.home.appendingPathComponent("target.eml"), link = box.home.appendingPathComponent("link.eml")
            try Data("old\n".utf8).write(to: target)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
            let through = try box.run("digest", "--out", link.path)
            #expect(through.status == 0 && through.stderr == "The digest is in \(target.path).\n", "\(through)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
            #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("From: citefeed <"))
            #expect(try box.run("defaults", "write", "digestTo", "me@example.org").status == 0)
            let before = try box.state()
            for own in ["digest.json", "digest-pending.eml", "library.sqlite", "settings.json"] {
                expectFailure(
                    try box.run("digest", "--out", box.home.appendingPathComponent(own).path), status: .cannotCreate,
                    containing: "citefeed's own files")
            }
            expectFailure(try box.run("digest", "--out", box.home.path), status: .cannotCreate, containing: "it is a directory")
            #expect(try box.state() == before)
            #expect(!FileManager.default.fileExists(atPath: box.home.appendingPathComponent("digest.json").path))
        }
    }
}
