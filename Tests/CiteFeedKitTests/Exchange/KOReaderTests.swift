import Foundation
import Testing

@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedSupport

/// Real e-reader files fetched from public repositories (not part of the
/// project): `../shared/corpus/readers`, whose SOURCES.txt says where each comes from.
let readerCorpus = sharedFolder.appendingPathComponent("corpus/readers")

extension Integration {
    /// KOReader's sidecars, both layouts, from the shared corpus.
    @Suite struct KOReaderTests {
        static let folder = readerCorpus.appendingPathComponent("koreader")

        /// The independent counter: Lua itself loads each sidecar, with an empty environment (so it
        /// could call nothing), and counts its highlights by KOReader's rules: the `annotations` with
        /// a `pos0`; without that table, the `highlight` table's entries, else the highlighted
        /// `bookmarks`.
        static let luaCounter = """
            local f = assert(io.open(arg[1], "rb")); local text = f:read("a"); f:close()
            local t = assert(load(text, "sidecar", "t", {}))()
            local function has(s) return type(s) == "string" and s:match("%S") ~= nil end
            local n, notes = 0, 0
            if t.annotations then
              for _, a in pairs(t.annotations) do
                if a.pos0 and has(a.text) then n = n + 1; if has(a.note) then notes = notes + 1 end end
              end
            else
              for _, page in pairs(t.highlight or {}) do for _, h in pairs(page) do if has(h.text) then n = n + 1 end end end
              if n == 0 then
                for _, b in pairs(t.bookmarks or {}) do if (b.highlighted or b.pos0) and has(b.notes) then n = n + 1 end end
              end
            end
            print(n .. " " .. notes)
            """

        static func records(_ name: String) throws -> (records: [ImportRecord], reader: ImportReader) {
            try readHighlights(name, Array(try Data(contentsOf: folder.appendingPathComponent(name))), as: .koreader)
        }

        @Test(.needsShared(folder), .requires(findProgram("lua5.4") != nil, "needs lua5.4 (Debian's lua5.4) as the independent counter"))
        func everySidecarGivesWhatLuaCounts() throws {
            let lua = try #require(findProgram("lua5.4"), "lua5.4 is not installed")
            let script = FileManager.default.temporaryDirectory.appendingPathComponent("count-\(UUID().uuidString).lua")
            try Data(Integration.KOReaderTests.luaCounter.utf8).write(to: script)
            defer { try? FileManager.default.removeItem(at: script) }
            let names = try FileManager.default.contentsOfDirectory(atPath: Integration.KOReaderTests.folder.path).filter {
                $0.hasSuffix(".lua")
            }.sorted()
            #expect(names.count >= 12)
            var total = 0
            for name in names {
                let counted = try Sandbox.execute(
                    lua, [script.path, Integration.KOReaderTests.folder.appendingPathComponent(name).path], stdin: Data(), environment: [:])
                #expect(counted.status == 0, "\(name): \(counted.stderr)")
                let numbers = counted.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
                let (records, _) = try Integration.KOReaderTests.records(name)
                #expect(records.count == numbers.first, "\(name)")
                if name.contains("-new-") { #expect(records.filter { $0.back != nil }.count == numbers.last, "\(name): notes") }
                #expect(records.allSatisfy { $0.author != nil && $0.source != nil && $0.createdAt != nil }, "\(name)")
                total += records.count
            }
            // SOURCES.txt's counts of highlights (for the new layout, those with pos0).
            #expect(total == 4 + 5 + 5 + 0 + 0 + 5 + 4 + 3 + 3 + 0 + 3 + 2)
        }

        /// The new layout beside the old tables (not counted twice), a page bookmark left out, a
        /// note on the back, the chapter after the title, the date in local time, the colour a tag.
        @Test(.needsShared(folder)) func annotationsWinOverTheOldTables() throws {
            let (records, reader) = try Integration.KOReaderTests.records("noted-new-frankenstein.metadata.epub.lua")
            #expect(records.count == 4)
            #expect(reader.skipped.map(\.0) == ["bookmark"] && reader.skipped.map(\.1) == [1])
            let first = try #require(records.first)
            #expect(
                first.text
                    == "But the overflowing misery I now felt, and the excess of agitation that I endured, rendered me incapable of any exertion."
            )
            #expect(first.author == "Mary Shelley" && first.source == "Frankenstein — Chapter XXIII" && first.tags == ["yellow"])
            #expect(first.createdAt == Timestamp.local(year: 2023, month: 12, day: 23, hour: 8, minute: 47, second: 28))
            #expect(records.contains { $0.back == "Sample note without highlight" })
            #expect(reader.tags.byKey["yellow"] == Tag(name: "yellow", color: "yellow"))
        }

        /// The old layout: the passage from `highlight`, the user's note from its bookmark's
        /// `text`, and KOReader's own "Page 7 … @ date" text is no note.
        @Test(.needsShared(folder)) func theOldLayoutTakesNotesFromTheBookmarks() throws {
            let (records, _) = try Integration.KOReaderTests.records("noted-old-prophet.metadata.epub.lua")
            #expect(records.count == 3)
            let love = try #require(records.first { $0.text?.hasPrefix("Love gives naught") == true })
            #expect(love.back == "Sample note" && love.text?.contains("\nLove possesses not") == true)
            let ocean = try #require(records.first { $0.text?.hasPrefix("And then shall I come") == true })
            #expect(ocean.back == nil && ocean.source == "The Prophet — The Coming of the Ship" && ocean.author == "Khalil Gibran")
        }

        /// Authors one a line, and `Last, First` turned round as for Kindle.
        @Test(.needsShared(folder)) func authorsAreJoinedAndTurned() throws {
            #expect(
                try Integration.KOReaderTests.records("booklore-new-86.metadata.epub.lua").records.first?.author == "Shirabii, Asato Asato")
            let curse = try Integration.KOReaderTests.records("johnbarraza-new-winnerscurse.metadata.epub.lua")
            #expect(curse.records.first?.author == "Richard H. Thaler, Alex Imas" && curse.records.first?.tags == ["gray"])
            #expect(curse.reader.tags.byKey["gray"]?.color == "#808080")
            // Text with Lua's backslash-newline continuations.
            #expect(
                try Integration.KOReaderTests.records("booklore-new-86.metadata.epub.lua").records.contains {
                    $0.text?.contains("\n") == true
                })
        }
    }
}
