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
    /// fortune files as people have them.
    @Suite struct FortuneImportTests {
        @Test func crlfEntries() {
            let records = Importers.fortune("One\r\n%\r\nTwo\r\nlines\r\n%\r\n")
            #expect(records.map(\.text) == ["One", "Two\nlines"])
            #expect(records.map(\.location) == [.line(1), .line(3)])
        }

        @Test func overstrikeAnsiAndBellAreRemoved() {
            let records = Importers.fortune(
                "_\u{8}b_\u{8}o_\u{8}l_\u{8}d and B\u{8}BO\u{8}O\n\u{1B}[1;31mred\u{1B}[0m \u{1B}(Bplain\u{7}\n%\n")
            #expect(records.map(\.text) == ["bold and BO\nred plain"])
        }

        @Test(
            arguments: [
                ("Quote\n\t\t-- Mark Twain", "Quote", "Mark Twain", nil),
                ("Quote\n  — Seneca, Letters from a Stoic", "Quote", "Seneca", "Letters from a Stoic"),
                ("Quote\n\t\t-- Mark Twain, \"Pudd'nhead Wilson's Calendar\"", "Quote", "Mark Twain", "Pudd'nhead Wilson's Calendar"),
                ("Quote\n\t-- Vincent Sardi, Jr.", "Quote", "Vincent Sardi, Jr.", nil),
                ("Quote\n\t\t-- Someone Long,\n\t\t   in a book", "Quote", "Someone Long", "in a book"),
                // Only an attribution line: it is the text (a fortune file's slip), and a line that
                // merely starts with dashes is text too.
                ("\t\t-- Owen Meredith", "-- Owen Meredith", nil, nil),
                ("-- I have seen the FUN --", "-- I have seen the FUN --", nil, nil),
                ("a\n-- b --", "a\n-- b --", nil, nil),
            ] as [(String, String, String?, String?)])
        func attribution(entry: String, text: String, author: String?, source: String?) {
            let record = Importers.fortune(entry + "\n%\n")[0]
            #expect(record.text?.trimmingWhitespace() == text)
            #expect(record.author == author)
            #expect(record.source == source)
        }

        @Test(
            arguments: [
                ("Stay hungry — Steve Jobs, Stanford, 2005", "Stay hungry", "Steve Jobs", "Stanford, 2005"),
                ("One – two — Someone", "One – two", "Someone", nil),
                ("Talk is cheap -- Linus", "Talk is cheap", "Linus", nil),
            ] as [(String, String, String, String?)])
        func trailingAttribution(text: String, quote: String, author: String, source: String?) throws {
            let found = try #require(Importers.trailingAttribution(text))
            #expect(found.0 == quote && found.1 == author && found.2 == source)
        }

        @Test(arguments: ["No attribution here", "Well—no spaces", "— Only a name", "Text — " + String(repeating: "n", count: 81)])
        func noTrailingAttribution(text: String) {
            #expect(Importers.trailingAttribution(text) == nil)
        }

        /// Every file of Debian's fortunes and fortunes-min packages imports without
        /// --skip-invalid; the count (imported and duplicates) is what Debian's strfile counted
        /// in the file's .dat index.
        @Test(.requires(FileManager.default.fileExists(atPath: "/usr/share/games/fortunes/fortunes.dat"), "needs Debian's fortunes-min"))
        func debianFortuneFiles() throws {
            try #require(FileManager.default.fileExists(atPath: "/usr/share/games/fortunes/fortunes.dat"), "needs Debian's fortunes-min")
            let listed = try Sandbox.execute(
                "/usr/bin/dpkg", ["-L", "fortunes-min", "fortunes"], stdin: Data(), environment: ["PATH": "/usr/bin:/bin"])
            let files = listed.stdout.split(separator: "\n").map(String.init).filter {
                $0.hasPrefix("/usr/share/games/fortunes/") && FileManager.default.fileExists(atPath: $0 + ".dat")
            }
            #expect(files.contains("/usr/share/games/fortunes/fortunes") && files.contains("/usr/share/games/fortunes/literature"))
            if !listed.stdout.contains("/literature") { print("fortunes (the package) is not installed: only fortunes-min's file") }
            for file in files {
                let box = try Sandbox()
                let result = try box.run("import", file)
                #expect(result.status == 0, "\(file): \(result)")
                let dat = try Data(contentsOf: URL(fileURLWithPath: file + ".dat"))
                let count = dat[4..<8].reduce(0) { $0 << 8 | Int($1) }  // str_numstr, big-endian
                let numbers = result.stdout.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
                #expect(numbers.count >= 2 && numbers[0] + numbers[1] == count, "\(file): strfile counted \(count): \(result.stdout)")
            }
        }
    }
}
