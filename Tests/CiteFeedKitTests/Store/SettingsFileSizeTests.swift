import Foundation
import Testing

@testable import CiteFeedModel
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// The settings file is never written larger than it can be read back (else one value
/// could make settings.json too large, and every command after that would fail).
@Suite struct SettingsFileSizeTests {
    @Test func aChangeThatWouldMakeTheFileTooLargeIsNotMade() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cf-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = SettingsFile(path: dir.appendingPathComponent("settings.json").path)
        try file.write(.interval, .string("15m"))
        let before = try Data(contentsOf: URL(fileURLWithPath: file.path))
        #expect(throws: SettingsError.wouldBeTooLarge(path: file.path)) {
            try file.write(.search, .string(String(repeating: "x", count: SettingsFile.sizeLimit)))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == before)
        #expect(try file.load().settings.interval.description == "15m")
    }

    /// Each setting's value has its limit, whatever reads it.
    @Test(arguments: SettingKey.allCases)
    func everySettingRefusesAValueOverItsLimit(_ key: SettingKey) {
        let value = JSONValue.string(String(repeating: "a", count: key.valueLimit))
        #expect(throws: SettingValueError.rule("use at most \(key.valueLimit) bytes (this value has \(key.valueLimit + 2))")) {
            try key.setting.read(value)
        }
    }
}
