import CiteFeedModel
import CiteFeedSupport

/// Where citefeed keeps things (README, "Files").
package struct Paths: Sendable, Equatable {
    /// `library.sqlite`.
    package var library: String
    /// `settings.json`.
    package var settings: String
    /// `current.json` beside the library: the pick shown now, so that `status` can answer
    /// without opening the library.
    package var current: String { Posix.parentDirectory(library) + "/current.json" }

    /// The saved pick of `rotation`: `current.json` for the default one, `current-NAME.json`.
    package func current(rotation: String) -> String {
        rotation.isEmpty ? current : Posix.parentDirectory(library) + "/current-\(rotation).json"
    }
    /// Present while a rotation's `publishCommand` has failed since its outputs last changed:
    /// the next `rotate` runs it again even without changes.
    package func publishPending(rotation: String) -> String {
        Posix.parentDirectory(library) + "/publish-pending" + (rotation.isEmpty ? "" : "-" + rotation)
    }
    /// What a rotation was last published with (its publish command, hub, feed address and
    /// directory): when the settings differ, the next announcement publishes everything.
    package func publishedWith(rotation: String) -> String {
        Posix.parentDirectory(library) + "/published" + (rotation.isEmpty ? "" : "-" + rotation)
    }
    /// What became of a rotation's scheduled digests (`DigestRecord`), and the message of one
    /// not yet delivered, kept to be sent at the next `rotate`.
    package func digestRecord(rotation: String) -> String {
        Posix.parentDirectory(library) + "/digest" + (rotation.isEmpty ? "" : "-" + rotation) + ".json"
    }
    package func digestPending(rotation: String) -> String {
        Posix.parentDirectory(library) + "/digest-pending" + (rotation.isEmpty ? "" : "-" + rotation) + ".eml"
    }
    /// The log of announcements run after a bar's command returned (detached).
    package var announceLog: String { Posix.parentDirectory(library) + "/announce.log" }
    /// Held (shared) by every detached announcement while it runs; an exclusive lock on it
    /// waits for them all.
    package var announceLock: String { Posix.parentDirectory(library) + "/announce.lock" }
    /// Held by `sync` while it runs: one sync at a time per library.
    package var syncLock: String { library + ".sync.lock" }
    /// The lines a sync wrote, until they are in the sync folder (`SyncOutbox`).
    package var syncOutbox: String { library + ".sync-outbox" }
    /// Where a folder's or the devices' import copies what it reads (`ImportStaging`).
    package var importStaging: String { Posix.parentDirectory(library) + "/import-staging" }

    /// The files that hold the library and the settings, which no output the user names
    /// (`--out`) may ever replace: the database with its journal, WAL and index, the locks,
    /// the sync outbox and `settings.json`.
    package var ownFiles: [String] {
        [
            library, library + "-wal", library + "-shm", library + "-journal", library + ".lock", syncLock, syncOutbox, settings,
            settings + ".lock", digestRecord(rotation: ""), digestPending(rotation: ""),
        ]
    }
    /// The output directory when the `outputDirectory` setting is not set.
    package var defaultOutputDirectory: String
    /// The user's home directory, for `~` in paths.
    package var userHome: String?

    /// `home` (from `--home`, or else `CITEFEED_HOME`) puts everything in one folder; otherwise
    /// the XDG base directories apply.
    package init(environment: [String: String], home: String? = nil) {
        let userHome = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        self.userHome = userHome
        if let dir = home ?? environment["CITEFEED_HOME"].flatMap({ $0.isEmpty ? nil : $0 }) {
            let base = Paths.trimmed(Posix.absolutePath(dir, home: userHome))
            library = base + "/library.sqlite"
            settings = base + "/settings.json"
            defaultOutputDirectory = base + "/Feeds"
            return
        }
        let data = Paths.xdg(environment["XDG_DATA_HOME"], fallback: ".local/share", home: userHome)
        let config = Paths.xdg(environment["XDG_CONFIG_HOME"], fallback: ".config", home: userHome)
        library = data + "/citefeed/library.sqlite"
        settings = config + "/citefeed/settings.json"
        defaultOutputDirectory = data + "/citefeed/Feeds"
    }

    /// The output directory in force: a named rotation's is NAME/ inside the default one's
    /// unless it sets its own (`SettingsFile` has made that so when the default sets one).
    package func outputDirectory(_ settings: Settings) -> String {
        settings.outputDirectory.map { Paths.trimmed(Posix.absolutePath($0, home: userHome)) }
            ?? defaultOutputDirectory + (settings.rotation.isEmpty ? "" : "/" + settings.rotation)
    }

    /// An XDG variable when it is an absolute path (the spec ignores relative ones), else `~/fallback`.
    private static func xdg(_ value: String?, fallback: String, home: String?) -> String {
        if let value, value.hasPrefix("/") { return trimmed(value) }
        return (home ?? "/tmp") + "/" + fallback
    }

    private static func trimmed(_ path: String) -> String {
        var p = path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        return p
    }
}
