import Foundation
import Testing

@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// Changing a setting, adding and removing a rotation, rotating them all and
/// studying are use cases of the façade (no CiteFeedCLI here): each refreshes what it affects.
@Suite struct HomeSettingsTests {
    typealias TestHome = HomeTests.TestHome

    @Test func aSettingWrittenOrDeletedRefreshesTheOutputs() throws {
        let test = try TestHome()
        let home = test.home
        _ = try home.rotate(test.settings(""))
        #expect(try test.output("", "feed.xml").contains("<title>Citations</title>"))
        try home.writeSetting(.feedTitle, try SettingKey.feedTitle.parse(words: ["Mine"], home: nil), rotation: "")
        #expect(try test.output("", "feed.xml").contains("<title>Mine</title>"))
        #expect(try test.settings("").isSet(.feedTitle))
        // A value that does not fit another key's is refused, and nothing changes.
        #expect(throws: SettingsError.self) { try home.writeSetting(.offset, .string("2h"), rotation: "") }
        #expect(try test.output("", "feed.xml").contains("<title>Mine</title>"))
        #expect(try home.deleteSetting(.feedTitle, rotation: ""))
        #expect(try !home.deleteSetting(.feedTitle, rotation: ""))
        #expect(try test.output("", "feed.xml").contains("<title>Citations</title>"))
    }

    @Test func rotationsAreAddedRotatedTogetherAndRemoved() throws {
        let test = try TestHome()
        let home = test.home
        let directory = try home.addRotation("desk")
        #expect(directory.hasSuffix("/Feeds/desk"))
        #expect(throws: SettingsError.rotationExists("desk")) { _ = try home.addRotation("desk") }
        var seen: [String] = []
        let failures = try home.rotateAll(try SettingsFile(path: home.paths.settings).loadAll()) { settings, result in
            if case .success = result { seen.append(settings.rotation) }
        }
        #expect(failures.isEmpty && seen == ["", "desk", "work"])
        #expect(Posix.fileExists(directory + "/feed.xml"))
        let (removedFrom, removed, _) = try home.removeRotation("desk", deleteOutputs: true)
        #expect(removedFrom == directory && removed?.contains("feed.xml") == true)
        #expect(!Posix.fileExists(directory))
        #expect(try SettingsFile(path: home.paths.settings).rotationNames() == ["work"])
    }

    /// One rotation whose directory cannot be written fails alone; the others are kept.
    @Test func rotateAllUndoesAFailingRotationAlone() throws {
        let test = try TestHome()
        let home = test.home
        let blocked = test.folder.appendingPathComponent("blocked").path
        try Data().write(to: URL(fileURLWithPath: blocked))  // a file where a directory should be
        try home.writeSetting(.outputDirectory, .string(blocked + "/out"), rotation: "work")
        var results: [String: Bool] = [:]
        let failures = try home.rotateAll(try SettingsFile(path: home.paths.settings).loadAll()) { settings, result in
            if case .success = result { results[settings.rotation] = true } else { results[settings.rotation] = false }
        }
        #expect(results == ["": true, "work": false])
        #expect(failures.map(\.settings.rotation) == ["work"] && failures.first?.error is OutputError)
        #expect(Posix.fileExists(home.paths.outputDirectory(try test.settings("")) + "/feed.xml"))
        #expect(home.announcements["work"] == nil)
    }

    /// An answer given in a study session refreshes every review bar, and so does its undo.
    @Test func studyAnswersRefreshTheReviewBars() throws {
        let test = try TestHome()
        let home = test.home
        let library = try home.library()
        let ids = try library.write {
            try ["one", "two"].map { text in
                try library.add(NewCitation(text: text, back: "back of \(text)", tags: ["zzz"]), now: try home.now()).id
            }
        }
        try home.writeSetting(.mode, .string("review"), rotation: "work")
        _ = try home.rotate(test.settings("work"))
        let shown = try #require(OutputDirectory.readCurrent(home.paths.current(rotation: "work"))?.pick?.id)
        #expect(ids.contains(shown))
        let study = try home.study(deck: nil) { try home.now() }
        #expect(try study.hasCards() && study.counts().new == 2)
        let first = try #require(try study.nextCard())
        #expect(first == shown)
        let answer = try study.grade(first, .good)
        let after = try #require(OutputDirectory.readCurrent(home.paths.current(rotation: "work"))?.pick?.id)
        #expect(after != first)  // the bar moved on to the other card
        try study.undo(answer)
        #expect(OutputDirectory.readCurrent(home.paths.current(rotation: "work"))?.pick?.id == first)
    }
}
