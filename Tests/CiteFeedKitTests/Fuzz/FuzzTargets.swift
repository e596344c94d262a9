// The fuzz targets of `scripts/fuzz`, also compiled into the test target so that every finding
// kept in Tests/Fixtures/fuzz/ runs again with the tests (FuzzRegressionTests). In the fuzzing
// build (`-D CITEFEED_FUZZ`) this file is compiled with all of citefeed's sources as one module.
#if !CITEFEED_FUZZ
    @testable import CiteFeedCLI
    @testable import CiteFeedCore
    @testable import CiteFeedExchange
    @testable import CiteFeedModel
    @testable import CiteFeedOutput
    @testable import CiteFeedService
    @testable import CiteFeedStore
    @testable import CiteFeedSupport
#endif

/// Each target takes any bytes, must not crash, and checks with `precondition` what holds
/// whatever the input (a violated one crashes, which libFuzzer reports like any other crash).
enum FuzzTargets {
    static let all: [String: @Sendable ([UInt8]) -> Void] = [
        "csv": { csv($0) }, "json": { json($0) }, "settings": { settings($0) }, "template": { template($0) },
        "render": { render($0) }, "escaping": { escaping($0) },
        "import-json": { importer(.json, $0) }, "import-csv": { importer(.csv, $0) }, "import-fortune": { importer(.fortune, $0) },
        "import-clippings": { importer(.clippings, $0) }, "import-dummyjson": { importer(.dummyjson, $0) },
        "import-markdown": { importer(.markdown, $0) }, "import-anki": { importer(.anki, $0) }, "import-auto": { importer(nil, $0) },
        "lua": { lua($0) }, "import-koreader": { importer(.koreader, $0) }, "import-notebook": { importer(.notebook, $0) },
        "html": { _ = HTMLText.tokens(String(decoding: $0, as: UTF8.self)) },
        "zip": { zipArchive($0) }, "import-playbooks": { playBooks($0) },
    ]

    static let names = all.keys.sorted()

    /// CSV: every record read is written back and read again to the same fields.
    static func csv(_ bytes: [UInt8]) {
        var reader = CSV.Reader(bytes)
        var count = 0
        while let record = try? reader.next(), count < 10_000 {
            count += 1
            let again = try? CSV.parse(CSV.record(record.fields))
            precondition(again?.count == 1 && again?[0].fields == record.fields, "CSV round trip")
        }
    }

    /// JSON: what parses is written and parses again; streaming reads as many elements.
    static func json(_ bytes: [UInt8]) {
        guard let value = try? JSONParser.parse(bytes) else { return }
        precondition((try? JSONParser.parse(JSONWriter.compact(value))) != nil, "JSON written back does not parse")
        var streamed = 0
        _ = try? JSONParser.parse(bytes, streaming: ["citations"]) { _, _, fraction in
            precondition(fraction >= 0 && fraction <= 1.000_001, "fraction \(fraction)")
            streamed += 1
            return true
        }
        if let list = value.arrayValue { precondition(streamed == list.count, "streamed \(streamed) of \(list.count)") }
    }

    /// An importer as `import` runs it: the file decoded (UTF-8 after any encoding it had);
    /// every record is checked as `add` checks it.
    static func importer(_ format: ImportFormat?, _ input: [UInt8]) {
        guard let decoded = try? ImportText.decode(input) else { return }
        let bytes = decoded.bytes
        precondition((try? UTF8Span(validating: bytes.span)) != nil && !bytes.starts(with: [0xEF, 0xBB, 0xBF]), "decoded, not UTF-8")
        guard let chosen = format ?? Importers.detect(name: "fuzz", bytes: bytes),
            let reader = try? Importers.reader(chosen, name: "fuzz", bytes: bytes)
        else { return }
        try? reader.forEachRecord { record, fraction in
            precondition(fraction >= 0 && fraction <= 1.000_001, "fraction \(fraction)")
            if let text = record.text, let checked = try? CitationInput.text(text) {
                precondition(!checked.isEmpty && CitationInput.characterCount(checked) <= CitationInput.maxText)
            }
            _ = try? CitationInput.author(record.author)
            _ = try? CitationInput.source(record.source)
            for tag in record.tags { _ = try? Tag.validateName(tag) }
        }
        for problem in reader.tags.problems { precondition(!problem.words.isEmpty) }
    }

    /// The zip reader: never crashes, never gives an entry other than the size its
    /// header says, never more than the limit.
    static func zipArchive(_ bytes: [UInt8]) {
        guard let archive = try? ZipArchive(bytes) else { return }
        for entry in archive.entries.prefix(16) {
            guard let contents = try? archive.contents(of: entry, limit: 1 << 20) else { continue }
            precondition(contents.count == entry.size && contents.count <= 1 << 20, "an entry of another size than its header's")
        }
    }

    /// Play Books' notes, as a .docx (a zip, read as it is) or as HTML (decoded text).
    static func playBooks(_ bytes: [UInt8]) {
        if ZipArchive.looksLike(bytes) {
            guard let reader = try? Importers.reader(.playbooks, name: "fuzz.docx", bytes: bytes) else { return }
            try? reader.forEachRecord { record, _ in precondition(record.text?.isEmpty == false, "an empty passage") }
        } else {
            importer(.playbooks, bytes)
        }
    }

    /// settings.json: what loads has every value in its range.
    /// The Lua data reader: never crashes, and a table it reads has only data in it.
    static func lua(_ bytes: [UInt8]) {
        guard let value = try? LuaData.parse(bytes) else { return }
        func check(_ v: LuaValue, depth: Int) {
            precondition(depth <= LuaData.maximumDepth + 1, "deeper than the limit")
            if case .table(let entries) = v {
                for entry in entries {
                    precondition(entry.key != .null, "a nil key")
                    check(entry.key, depth: depth + 1)
                    check(entry.value, depth: depth + 1)
                }
            }
            if case .number(let n) = v { precondition(n.isFinite, "a number that is not finite") }
        }
        check(value, depth: 0)
    }

    static func settings(_ bytes: [UInt8]) {
        guard let (settings, warnings) = try? SettingsFile(path: "settings.json").load(bytes: bytes) else { return }
        precondition((1...500).contains(settings.feedItems) && (10...500).contains(settings.statusWidth))
        precondition((1...10).contains(settings.favouriteWeight) && settings.maxLength >= 0)
        precondition(settings.feedURL.isEmpty || settings.feedURL.isHTTPURL)
        precondition((try? StatusTemplate(parsing: settings.statusTemplate)) != nil)
        for warning in warnings { precondition(!warning.words.echoed(limit: .max).contains("\n")) }
    }

    /// Fields of a citation from any bytes: lines of text (lossy UTF-8), the first ones used.
    static func fields(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\u{1}", omittingEmptySubsequences: false).map(String.init)
    }

    static func snapshot(_ f: [String], _ offset: Int) -> PickSnapshot {
        func field(_ i: Int) -> String? { offset + i < f.count && !f[offset + i].isEmpty ? f[offset + i] : nil }
        return PickSnapshot(
            id: 1, uuid: "00000000-0000-4000-8000-000000000001", text: field(0) ?? "text", back: field(1), author: field(2),
            source: field(3), tags: (field(4) ?? "").split(separator: ",").map { Tag(name: String($0), color: "red") },
            favourite: (field(0)?.count ?? 0) % 2 == 0)
    }

    /// The status template and every bar format: nothing can inject markup or a polybar tag, a
    /// line stays a line.
    static func template(_ bytes: [UInt8]) {
        let f = fields(bytes)
        var settings = Settings()
        if let template = f.first, (try? StatusTemplate(parsing: template)) != nil { settings.statusTemplate = template }
        let renderer = StatusRenderer(settings: settings, width: 10 + (f.count * 7) % 491)
        let pick = snapshot(f, 1)
        let slot = Slot(start: Timestamp(seconds: 0), end: Timestamp(seconds: 3600))
        for candidate in [pick, nil] {
            let polybar = Array(renderer.render(.polybar, candidate, slot: slot).utf8)
            precondition(!zip(polybar, polybar.dropFirst()).contains { $0 == 0x25 && $1 == 0x7B }, "%{ in polybar output")
            let plain = renderer.render(.plain, candidate, slot: slot)
            precondition(plain.utf8.filter { $0 == 0x0A }.count == 1 && plain.hasSuffix("\n"), "plain is not one line")
            precondition(TextWidth.columns(of: String(plain.dropLast())) <= renderer.width, "plain is wider than its width")
            precondition(renderer.render(.i3blocks, candidate, slot: slot).utf8.filter { $0 == 0x0A }.count == 3)
            precondition(renderer.render(.i3blocks, candidate, slot: slot, following: true).utf8.filter { $0 == 0x0A }.count == 1)
            guard let waybar = try? JSONParser.parse(renderer.render(.waybar, candidate, slot: slot)) else {
                preconditionFailure("waybar output is not JSON")
            }
            for key in ["text", "tooltip", "alt"] {
                let value = waybar[key]?.stringValue ?? ""
                precondition(!value.contains("<") && !value.contains(">"), "markup in waybar \(key)")
            }
            precondition((try? JSONParser.parse(renderer.render(.json, candidate, slot: slot))) != nil)
        }
    }

    /// The feeds and the page from picks of any text: the JSON Feed parses and carries each
    /// card exactly; the XML holds no character XML forbids; links are URIs.
    static func render(_ bytes: [UInt8]) {
        let f = fields(bytes)
        var settings = Settings()
        if f.count > 6 { settings.feedTitle = f[6] }
        if f.count > 7 { settings.feedAuthor = f[7] }
        if f.count > 8, f[8].isHTTPURL { settings.feedURL = f[8] }
        let picks = (0..<3).map { i in
            Pick(
                id: Int64(3 - i), slot: Slot(start: Timestamp(seconds: Int64(i) * 3600), end: Timestamp(seconds: Int64(i + 1) * 3600)),
                pickedAt: Timestamp(seconds: Int64(i) * 3600), cycle: 1, reason: .rotate, snapshot: snapshot(f, i * 2))
        }
        let feed = FeedContext(
            settings: settings, outputDirectory: "/tmp/out dir", picks: picks, libraryUUID: "6f1c2e1a-0000-4000-8000-000000000001",
            libraryCreated: Timestamp(seconds: 0), generator: CLI.version)
        for xml in [RSSRenderer.render(feed), AtomRenderer.render(feed), HTMLRenderer.render(feed)] {
            for scalar in xml.unicodeScalars {
                let v = scalar.value
                precondition(v >= 0x20 || v == 0x09 || v == 0x0A || v == 0x0D, "control U+\(v) in XML")
                precondition(!(0xFDD0...0xFDEF).contains(v) && v & 0xFFFE != 0xFFFE, "noncharacter in XML")
            }
            precondition(!xml.contains("<script") && !xml.contains("]]>"))
        }
        guard let json = try? JSONParser.parse(JSONFeedRenderer.render(feed)) else { preconditionFailure("feed.json is not JSON") }
        let items = json["items"]?.arrayValue ?? []
        precondition(items.map { $0["content_text"]?.stringValue } == picks.map(\.snapshot.card), "feed.json changed a card")
        for item in items { precondition(isURI(item["url"]?.stringValue ?? ""), "not a URI: \(item["url"] ?? .null)") }
    }

    /// The escaping helpers: made-safe text is clean and stays the same when made safe again;
    /// an echoed value is one line; an encoded address is a URI.
    static func escaping(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let safe = text.terminalSafe
        precondition(!safe.unicodeScalars.contains { $0.needsTerminalEscape } && safe.terminalSafe == safe)
        let echoed = text.echoed(limit: 50)
        precondition(!echoed.contains("\n") && !echoed.unicodeScalars.contains { $0.needsTerminalEscape } && echoed.count <= 51 + 5 * 50)
        precondition(isURI(("https://example.org/" + text).uriEncoded))
        let neutral = Array(text.polybarNeutralized.utf8)
        precondition(!zip(neutral, neutral.dropFirst()).contains { $0 == 0x25 && $1 == 0x7B })
        let pango = text.pangoEscaped
        precondition(!pango.contains("<") && !pango.contains(">") && !pango.contains("\""))
        precondition(CSV.formulaUnguarded(CSV.formulaGuarded(text)) == text, "CSV guard round trip")
    }

    /// Only the characters RFC 3986 allows, and `%` followed by two hex digits.
    static func isURI(_ s: String) -> Bool {
        let bytes = Array(s.utf8)
        for (i, b) in bytes.enumerated() {
            if b == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, bytes[i + 1].isHexDigit, bytes[i + 2].isHexDigit else { return false }
                continue
            }
            let allowed =
                (0x61...0x7A).contains(b) || (0x41...0x5A).contains(b) || (0x30...0x39).contains(b)
                || "-._~:/?#[]@!$&'()*+,;=".utf8.contains(b)
            if !allowed { return false }
        }
        return true
    }
}
