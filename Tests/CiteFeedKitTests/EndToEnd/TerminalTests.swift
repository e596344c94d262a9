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

extension EndToEnd {
    /// What citefeed does on a terminal: run under util-linux `script`, which gives it a
    /// pseudo-terminal and passes our standard input to it.
    @Suite struct TerminalTests {
        func onTerminal(_ box: Sandbox, _ command: String, input: String = "", environment extra: [String: String] = [:]) throws
            -> RunResult
        {
            var env = box.environment
            for (k, v) in extra { env[k] = v }
            return try Sandbox.execute(
                "/usr/bin/script", ["-qec", "\(Sandbox.binary.path) \(command)", "/dev/null"],
                stdin: Data(input.utf8), environment: env)
        }

        @Test func tagDeleteAsksAndArchives() throws {
            let box = try Sandbox()
            try box.add("x", "--tag", "t")
            let result = try onTerminal(box, "tag delete t", input: "a\n")
            #expect(result.status == 0, "\(result)")
            #expect(
                result.stdout.contains("Tag \"t\" is on 1 citation. Keep the citations (k), archive them too (a), or cancel (c)? [k/a/C] "))
            #expect(try box.library().citation(id: 1).isArchived)
            #expect(try box.library().tags().isEmpty)
        }

        @Test func tagDeleteAsksAndKeeps() throws {
            let box = try Sandbox()
            try box.add("x", "--tag", "t")
            #expect(try onTerminal(box, "tag delete t", input: "k\n").status == 0)
            #expect(try !box.library().citation(id: 1).isArchived)
            #expect(try box.library().tags().isEmpty)
        }

        @Test func tagDeleteCancelledChangesNothing() throws {
            let box = try Sandbox()
            try box.add("x", "--tag", "t")
            let before = try box.state()
            let result = try onTerminal(box, "tag delete t", input: "\n")
            #expect(result.status == 0 && result.stdout.contains("Nothing deleted."))
            #expect(try box.state() == before)
        }

        @Test func copyFallsBackToOSC52OnATerminal() throws {
            let box = try Sandbox()
            try box.add("Hi", "--author", "Me")
            let result = try onTerminal(box, "copy 1", environment: ["PATH": "/nonexistent"])
            #expect(result.status == 0, "\(result)")
            // “Hi” — Me in base64.
            #expect(result.stdout.contains("\u{1B}]52;c;\(Base64.encode(Array("“Hi” — Me".utf8)))\u{07}Copied to clipboard!"))
        }

        /// `study` on a terminal: the keys reveal the back, move on, mark a favourite (as `fav`
        /// does) and copy; the closing line counts the cards seen.
        @Test func studyShowsCardsAndAnswersKeys() throws {
            let box = try Sandbox()
            try box.add("First card front", "--back", "First back", "--author", "Ann", "--tag", "calm")
            try box.add("Second card")
            try box.add("Third card", "--favourite")
            let result = try onTerminal(box, "study --cram --order sequential", input: " nfcq", environment: ["PATH": "/nonexistent"])
            #expect(result.status == 0, "\(result)")
            let screens = result.stdout.replacing("\r\n", with: "\n").split(separator: "\u{1B}[H\u{1B}[2J").map(String.init)
            #expect(screens.count == 6, "\(screens)")
            #expect(screens[1].contains("Card 1 of 3") && screens[1].contains("First card front") && screens[1].contains("— Ann"))
            #expect(!screens[1].contains("First back") && screens[2].contains("First back"))
            #expect(screens[3].contains("Card 2 of 3") && screens[3].contains("Second card"))
            #expect(screens[4].contains("★") && screens[4].contains("Added to favourites."))
            #expect(screens[4].contains("\u{1B}]52;c;\(Base64.encode(Array("“Second card”".utf8)))\u{07}"))
            #expect(screens[5].contains("Copied to clipboard!") && screens[5].contains("Studied 2 of 3 cards."))
            #expect(try box.library().citation(id: 2).favourite)
            #expect(try box.library().citation(id: 1).favourite == false)
        }

        /// (Ctrl-C is a key too once `study` has the terminal, but keys given here reach the
        /// terminal before that, when Ctrl-C still interrupts; so q quits.)
        @Test func studyGoesRound() throws {
            let box = try Sandbox()
            for text in ["One", "Two", "Three"] { try box.add(text) }
            let result = try onTerminal(box, "study --cram --order sequential", input: "pq")
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("Card 3 of 3") && result.stdout.contains("Three"))
            #expect(result.stdout.contains("Studied 2 of 3 cards."))
        }

        /// SIGTERM (a logout, `kill`) and SIGHUP (the terminal window closed) end `study` with the
        /// terminal put back as it was: canonical mode and echo on again.
        @Test(arguments: [("TERM", 143), ("HUP", 129)])
        func studyPutsTheTerminalBackWhenKilled(signal: String, status: Int) throws {
            let box = try Sandbox()
            try box.add("card", "--back", "answer")
            let script = box.home.appendingPathComponent("study-killed.sh")
            try """
            \(Sandbox.binary.path) study < /dev/tty > /dev/tty & pid=$!
            sleep 1
            stty -a | grep -o '[-]*icanon'
            kill -\(signal) $pid
            wait $pid
            echo status=$?
            stty -a | grep -o '[-]*icanon'
            stty -a | grep -o '[-]*echo ' | head -1

            """.write(to: script, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
            process.arguments = ["20", "/usr/bin/script", "-qec", "sh \(script.path)", "/dev/null"]
            process.environment = box.environment
            // Standard input stays open (at its end, script would type Ctrl-D, which quits study).
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            try input.fileHandleForWriting.close()
            let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" }).map {
                String($0.unicodeScalars.filter { $0.value >= 0x20 }.map(Character.init))
            }
            let reports = lines.filter { $0.hasSuffix("icanon") || $0.hasPrefix("status=") || $0.hasSuffix("echo ") }
            #expect(reports.suffix(4) == ["-icanon", "status=\(status)", "icanon", "echo "], "\(lines)")
        }

        @Test func studyWithNothingToShow() throws {
            let box = try Sandbox()
            let empty = try onTerminal(box, "study --cram", input: "q")
            #expect(empty.status == 0 && empty.stdout.contains("No citations to study yet"), "\(empty)")
            #expect(try box.library().citations(CitationQuery()).isEmpty)  // no starter set
            try box.add("Plain")
            let noCards = try onTerminal(box, "study", input: "q")
            #expect(noCards.status == 0 && noCards.stdout.contains("No cards to study yet"), "\(noCards)")
            let none = try onTerminal(box, "study --cram --favourites", input: "q")
            #expect(none.status == 0 && none.stdout.contains("No citations match."), "\(none)")
            // A deck without cards (--tag and --favourites choose the cards reviewed).
            let deck = try onTerminal(box, "study --favourites", input: "q")
            #expect(deck.status == 0 && deck.stdout.contains("No cards to study yet"), "\(deck)")
            let order = try onTerminal(box, "study --order sequential", input: "q")
            #expect(order.status == 64 && order.stdout.contains("--order is for --cram"), "\(order)")
            let unknown = try onTerminal(box, "study --cram --tag nope", input: "q")
            #expect(unknown.status != 0 && unknown.stdout.contains("nope"), "\(unknown)")
        }

        @Test func longImportShowsAProgressBarAndErasesIt() throws {
            let box = try Sandbox()
            let file = box.home.appendingPathComponent("big.csv")
            try Data(BulkImportTests.csv(3000).utf8).write(to: file)
            // CITEFEED_PROGRESS_DELAY=0: draw from the start, however fast the import is.
            let result = try onTerminal(box, "import \(file.path)", environment: ["CITEFEED_PROGRESS_DELAY": "0"])
            #expect(result.status == 0, "\(result)")
            let output = result.stdout.replacing("\r\n", with: "\n")
            #expect(output.contains("\r\u{1B}[Kimporting [") && output.contains(" records"), "\(result)")
            #expect(output.contains("importing [########################] 100%  building the search index…"))
            // The bar is erased before the summary, which stands alone on its line.
            #expect(output.hasSuffix("\r\u{1B}[Kimported 3000, skipped 0 duplicates\n"), "\(result)")
            // An import that ends before the delay draws nothing (a delay no debug build reaches,
            // so the test does not depend on this machine's speed).
            let quick = try onTerminal(box, "import \(file.path)", environment: ["CITEFEED_PROGRESS_DELAY": "600000"])
            #expect(quick.stdout.replacing("\r\n", with: "\n") == "imported 0, skipped 3000 duplicates\n", "\(quick)")
        }

        @Test func colourOnATerminalUnlessNoColor() throws {
            let box = try Sandbox()
            try box.add("x", "--tag", "t", "--favourite")
            let coloured = try onTerminal(box, "list")
            #expect(coloured.stdout.contains("\u{1B}[38;2;255;59;48mt\u{1B}[0m"), "\(coloured)")  // the tag in red
            #expect(coloured.stdout.contains("\u{1B}[33m★\u{1B}[0m"))
            let plain = try onTerminal(box, "list", environment: ["NO_COLOR": "1"])
            #expect(plain.status == 0 && !plain.stdout.contains("\u{1B}["))
        }
    }
}

extension EndToEnd {
    @Suite struct Base64Tests {
        @Test(arguments: [
            ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
        ])
        func rfc4648Vectors(text: String, encoded: String) {
            #expect(Base64.encode(Array(text.utf8)) == encoded)
        }
    }
}
