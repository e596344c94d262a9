import Testing

@testable import CiteFeedModel

/// The keys sync stores its registers and notes under: the same as the library's triggers
/// write in SQL (`'c:' || uuid`), read back to the entity they name.
@Suite struct SyncEntityTests {
    @Test func keysRoundTrip() {
        let entities: [SyncEntity] = [
            .citation("6f1c2e1a-0000-4000-8000-000000000001"), .tag("stoic"), .undo("m-12"), .settings(""), .settings("cards"),
        ]
        #expect(entities.map(\.key) == ["c:6f1c2e1a-0000-4000-8000-000000000001", "t:stoic", "x:m-12", "s:", "s:cards"])
        for entity in entities { #expect(SyncEntity(key: entity.key) == entity) }
        // A name may hold the separator; the prefix alone says the kind.
        #expect(SyncEntity(key: "t:a:b") == .tag("a:b"))
        #expect(SyncEntity.tag("stoic").field("name") == "t:stoic|name")
    }

    /// A key of no known kind (a later citefeed's) names nothing.
    @Test(arguments: ["", "c", "q:x", "cc:x", ":x"]) func unknownKeysNameNothing(_ key: String) {
        #expect(SyncEntity(key: key) == nil)
    }
}
