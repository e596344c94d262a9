import Foundation
import Testing

@testable import CiteFeedCLI

extension Integration {
    /// The digest read by real mail programs: Python's `email` (policy default: no defects),
    /// html5lib's strict parser for its HTML part, `mailbox.Maildir`, and msmtp delivering it to
    /// an SMTP server on 127.0.0.1 (aiosmtpd). And its schedule: once a period, at the first
    /// rotate after digestTime, kept when the mail program fails.
    @Suite struct DigestMailTests {
        static let python = pythonWith(["html5lib"])
        static let smtp = pythonWith(["aiosmtpd"])

        static func library() throws -> Sandbox {
            let box = try Sandbox()
            try box.add("Courage is grace under <pressure> & more.", "--author", "Hemingway", "--tag", "courage")
            try box.add("Wer „A“ sagt, muss nicht „B“ sagen.", "--author", "Brecht", "--back", "Der Jasager.")
            try box.add("A third citation.")
            try box.add("What is FSRS?", "--back", "A scheduler.")
            #expect(try box.run("card", "4").status == 0)
            return box
        }

        /// Checks a message with Python: no defects anywhere, multipart/alternative of plain
        /// text and HTML, the HTML parsed strictly by html5lib; prints the subject, then the
        /// plain text.
        static let check = """
            import email, email.policy, sys, html5lib
            raw = open(sys.argv[1], "rb").read()
            m = email.message_from_bytes(raw, policy=email.policy.default)
            defects = [(p.get_content_type(), d) for p in m.walk() for d in p.defects]
            defects += [(h, d) for h in m.keys() for d in m[h].defects]
            assert not defects, defects
            assert m.get_content_type() == "multipart/alternative", m.get_content_type()
            parts = [p.get_content_type() for p in m.iter_parts()]
            assert parts == ["text/plain", "text/html"], parts
            for h in ("Date", "Message-ID", "List-Id", "From", "To", "Subject"):
                assert m[h], h
            assert m["Date"].datetime is not None
            html5lib.HTMLParser(strict=True).parse(m.get_body(("html",)).get_content())
            print(m["Subject"])
            print(m.get_body(("plain",)).get_content())
            """

        func checked(_ file: String) throws -> RunResult {
            let py = try #require(Self.python, "needs Python's html5lib")
            return try Sandbox.execute(py, ["-c", Self.check, file], stdin: Data(), environment: ProcessInfo.processInfo.environment)
        }

        @Test(.requires(python != nil, "needs Python's html5lib"))
        func aDigestIsAWellFormedMessage() throws {
            let box = try Self.library()
            box.now = "2026-03-02T07:30:00+01:00"
            let file = box.home.appendingPathComponent("digest.eml").path
            let made = try box.run("digest", "--out", file, "--count", "3")
            #expect(made.status == 0 && made.stderr.contains("The digest is in \(file)"), "\(made)")
            let result = try checked(file)
            #expect(result.status == 0, "\(result)")
            // The same picks as the bar will show, in that order.
            let upcoming = try box.run("upcoming", "3", "--json")
            let texts = try (JSONSerialization.jsonObject(with: Data(upcoming.stdout.utf8)) as! [[String: Any]]).map {
                ($0["citation"] as! [String: Any])["text"] as! String
            }
            var at = result.stdout.startIndex
            for text in texts {
                let found = try #require(result.stdout.range(of: text, range: at..<result.stdout.endIndex), "\(text) in \(result.stdout)")
                at = found.upperBound
            }
            // A new card is not due: cards are due once answered.
            #expect(result.stdout.hasPrefix("Citations: 3 citations, 0 cards due\n"), "\(result.stdout)")
            #expect(result.stdout.contains("No card is due today.") && result.stdout.contains("Yesterday: no answers."))
        }

        /// Delivered into a Maildir, which Python's mailbox reads back.
        @Test(.requires(python != nil, "needs Python's html5lib"))
        func intoAMaildir() throws {
            let box = try Self.library()
            let dir = box.home.appendingPathComponent("Mail/citefeed").path
            #expect(try box.run("digest", "--maildir", dir).status == 0)
            #expect(try box.run("digest", "--maildir", dir).status == 0)
            let read = """
                import mailbox, sys
                box = mailbox.Maildir(sys.argv[1], create=False)
                print(len(box), sorted(m["Subject"] for m in box))
                """
            let result = try Sandbox.execute(try #require(Self.python), ["-c", read, dir], stdin: Data(), environment: [:])
            #expect(result.stdout == "2 ['Citations: 4 citations, 0 cards due', 'Citations: 4 citations, 0 cards due']\n", "\(result)")
            let new = try FileManager.default.contentsOfDirectory(atPath: dir + "/new")
            let temporary = try FileManager.default.contentsOfDirectory(atPath: dir + "/tmp")
            #expect(new.count == 2 && temporary.isEmpty)
            #expect(try checked(dir + "/new/" + new[0]).status == 0)
        }

        /// msmtp, as the sendmail of PATH, hands it to an SMTP server on 127.0.0.1 (aiosmtpd,
        /// writing a Maildir), with the recipient from the To header.
        @Test(.requires(smtp != nil && findProgram("msmtp") != nil, "needs msmtp and Python's aiosmtpd"))
        func throughMsmtpToAnSMTPServer() throws {
            let box = try Self.library()
            let py = try #require(Self.smtp)
            let msmtp = try #require(findProgram("msmtp"))
            let port = 20000 + Int(getpid() % 20000)
            let received = box.home.appendingPathComponent("received").path
            let server = Process()
            server.executableURL = URL(fileURLWithPath: py)
            server.arguments = ["-m", "aiosmtpd", "-n", "-l", "127.0.0.1:\(port)", "-c", "aiosmtpd.handlers.Mailbox", received]
            try server.run()
            // aiosmtpd leaves on SIGTERM only when its loop gets to it; its pipes would keep the
            // test run waiting.
            defer {
                kill(server.processIdentifier, SIGKILL)
                server.waitUntilExit()
            }
            let bin = box.home.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            let sendmail = bin.appendingPathComponent("sendmail").path
            try "#!/bin/sh\nexec '\(msmtp)' --host=127.0.0.1 --port=\(port) --auth=off --tls=off --from=citefeed@localhost \"$@\"\n"
                .write(toFile: sendmail, atomically: true, encoding: .utf8)
            chmod(sendmail, 0o755)
            var sent: RunResult?
            for _ in 0..<50 {  // until the server listens
                sent = try box.run(["digest", "--to", "reader@example.org"], environment: ["PATH": bin.path + ":/usr/bin:/bin"])
                if sent?.status == 0 { break }
                usleep(100_000)
            }
            #expect(
                sent?.status == 0 && sent?.stderr == "The digest went to reader@example.org through sendmail.\n",
                "\(String(describing: sent))")
            let new = try FileManager.default.contentsOfDirectory(atPath: received + "/new")
            #expect(new.count == 1)
            let message = try String(contentsOfFile: received + "/new/" + new[0], encoding: .utf8)
            #expect(message.contains("X-RcptTo: reader@example.org"), "\(message.prefix(600))")
            #expect(try checked(received + "/new/" + new[0]).status == 0)
        }

        /// A stand-in sendmail that keeps what it is given, or fails with `status`.
        static func sendmail(in box: Sandbox, status: Int = 0, hang: Bool = false) throws -> String {
            let bin = box.home.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            let path = bin.appendingPathComponent("sendmail").path
            let kept = box.home.appendingPathComponent("sent").path
            try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
            let body =
                hang
                ? "exec sleep 600\n"
                : status == 0
                    ? "cat > '\(kept)'/$(date +%s%N).eml\n"
                    : "cat > /dev/null; echo 'sendmail: cannot connect to mail.example.org' >&2; exit \(status)\n"
            try ("#!/bin/sh\n[ \"$1 $2\" = '-t -i' ] || exit 99\n" + body).write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o755)
            return bin.path + ":/usr/bin:/bin"
        }

        static func sent(_ box: Sandbox) -> [String] {
            let dir = box.home.appendingPathComponent("sent").path
            return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted().compactMap {
                try? String(contentsOfFile: dir + "/" + $0, encoding: .utf8)
            }
        }

        /// Once a period at the first rotate after digestTime; a machine off at that time sends it
        /// when next on; never twice.
        @Test func onceAPeriod() throws {
            let box = try Self.library()
            let path = try Self.sendmail(in: box)
            let env: [String: String?] = ["PATH": path]
            #expect(try box.run(["defaults", "write", "digestTo", "me@example.org"], environment: env).status == 0)
            box.now = "2026-03-02T06:59:00+01:00"
            #expect(try box.run(["rotate"], environment: env).status == 0)
            #expect(Self.sent(box).count == 1, "the period begun yesterday at 07:00 had not been sent")
            box.now = "2026-03-02T06:59:30+01:00"
            #expect(try box.run(["rotate"], environment: env).status == 0)
            #expect(Self.sent(box).count == 1)
            box.now = "2026-03-02T07:00:00+01:00"
            let at7 = try box.run(["rotate"], environment: env)
            #expect(at7.status == 0 && at7.stderr.isEmpty, "\(at7)")
            #expect(Self.sent(box).count == 2)
            for time in ["2026-03-02T09:00:00+01:00", "2026-03-02T23:00:00+01:00", "2026-03-03T06:00:00+01:00"] {
                box.now = time
                #expect(try box.run(["rotate"], environment: env).status == 0)
            }
            #expect(Self.sent(box).count == 2)
            // Off for two days: one digest when it is on again.
            box.now = "2026-03-05T12:00:00+01:00"
            #expect(try box.run(["rotate", "--all"], environment: env).status == 0)
            #expect(Self.sent(box).count == 3)
            #expect(Self.sent(box).last?.contains("Date: Thu, 05 Mar 2026 11:00:00 +0000") == true)
            let about = try box.run(["about"], environment: env)
            #expect(about.stdout.contains("to me@example.org at 07:00 each day; last sent 2026-03-05 12:00"), "\(about)")
        }

        /// A mail program that fails or hangs: a warning within the limit, the digest kept, sent
        /// at the next rotate, and `about` says why meanwhile.
        @Test func aFailedSendIsKeptForTheNextRotate() throws {
            let box = try Self.library()
            #expect(try box.run("defaults", "write", "digestTo", "me@example.org").status == 0)
            box.now = "2026-03-02T08:00:00+01:00"
            let failing: [String: String?] = ["PATH": try Self.sendmail(in: box, status: 75)]
            let first = try box.run(["rotate"], environment: failing)
            #expect(first.status == 0, "\(first)")
            #expect(
                first.stderr.contains("warning: the digest was not sent: ")
                    && first.stderr.contains("exited with status 75: sendmail: cannot connect"), "\(first)")
            let pending = box.home.appendingPathComponent("digest-pending.eml").path
            let kept = try String(contentsOfFile: pending, encoding: .utf8)
            let about = try box.run(["about"], environment: failing)
            #expect(
                about.stdout.contains("not sent since 2026-03-02 08:00: ") && about.stdout.contains("exited with status 75"), "\(about)")

            let hanging: [String: String?] = ["PATH": try Self.sendmail(in: box, hang: true), "CITEFEED_ANNOUNCE_LIMIT": "2"]
            let start = Date()
            let hung = try box.run(["rotate"], environment: hanging)
            #expect(hung.status == 0 && hung.stderr.contains("did not finish within"), "\(hung)")
            #expect(Date().timeIntervalSince(start) < 30)
            #expect(try String(contentsOfFile: pending, encoding: .utf8) == kept)

            box.now = "2026-03-03T09:00:00+01:00"
            let working: [String: String?] = ["PATH": try Self.sendmail(in: box)]
            let next = try box.run(["rotate"], environment: working)
            #expect(next.status == 0 && next.stderr.isEmpty, "\(next)")
            // Yesterday's, as it was made then, then today's.
            #expect(Self.sent(box).count == 2)
            #expect(Self.sent(box).first == kept)
            #expect(!FileManager.default.fileExists(atPath: pending))
            #expect(!(try box.run(["about"], environment: working)).stdout.contains("not sent since"))
        }

        /// Two rotates at once with a slow mail program: one digest. A mail program that says a
        /// lot and succeeds has sent it. A digest kept for an address no longer set is not sent.
        @Test func oneDigestWhateverHappensAround() throws {
            let box = try Self.library()
            #expect(try box.run("defaults", "write", "digestTo", "me@example.org").status == 0)
            let bin = box.home.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            let kept = box.home.appendingPathComponent("sent").path
            try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
            let sendmail = bin.appendingPathComponent("sendmail").path
            try
                "#!/bin/sh\ncat > '\(kept)'/$$.eml; sleep 1; i=0; while [ $i -lt 3000 ]; do echo 'msmtp: a verbose line of what was said to the server'; i=$((i+1)); done; exit 0\n"
                .write(toFile: sendmail, atomically: true, encoding: .utf8)
            chmod(sendmail, 0o755)
            let env = box.environment.merging(["PATH": bin.path + ":/usr/bin:/bin"]) { $1 }
            box.now = "2026-03-02T08:00:00+01:00"
            let runs = try (0..<2).map { _ in
                let p = Process()
                p.executableURL = Sandbox.binary
                p.arguments = ["rotate"]
                p.environment = env.merging(["CITEFEED_NOW": box.now]) { $1 }
                p.standardOutput = FileHandle.nullDevice
                p.standardError = FileHandle.nullDevice
                try p.run()
                return p
            }
            for p in runs { p.waitUntilExit() }
            #expect(runs.allSatisfy { $0.terminationStatus == 0 })
            #expect(Self.sent(box).count == 1)
            let again = try box.run(["rotate"], environment: ["PATH": bin.path + ":/usr/bin:/bin"])
            #expect(again.status == 0 && again.stderr.isEmpty, "\(again)")
            #expect(Self.sent(box).count == 1)

            // Kept for old@, then digestTo becomes new@: the old one is not sent.
            box.now = "2026-03-03T08:00:00+01:00"
            #expect(try box.run(["rotate"], environment: ["PATH": try Self.sendmail(in: box, status: 1)]).status == 0)
            #expect(FileManager.default.fileExists(atPath: box.home.appendingPathComponent("digest-pending.eml").path))
            #expect(try box.run("defaults", "write", "digestTo", "new@example.org").status == 0)
            box.now = "2026-03-03T09:00:00+01:00"
            #expect(try box.run(["rotate"], environment: ["PATH": try Self.sendmail(in: box)]).status == 0)
            let last = Self.sent(box).filter { $0.contains("To: <new@example.org>") }
            #expect(
                last.count == 1
                    && !Self.sent(box).contains {
                        $0.contains("To: <me@example.org>") && $0.contains("Date: Tue, 03 Mar 2026 07:00:00 +0000")
                    })
            #expect(!FileManager.default.fileExists(atPath: box.home.appendingPathComponent("digest-pending.eml").path))
        }
    }
}
