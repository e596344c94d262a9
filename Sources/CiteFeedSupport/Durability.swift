/// Whether what citefeed writes is synced to the disk before it reports success: the library's
/// commits (`PRAGMA synchronous = FULL`), the files it replaces atomically and the sync folder's
/// log. Always, for everyone who runs citefeed: no option, setting or environment variable
/// reaches this switch. The test harness alone turns syncing off, in its own process and before
/// its first command, because its thousands of throw-away homes would otherwise spend their time
/// in `fsync` rather than in the logic under test; what survives a killed process (the WAL, the
/// rename) is the same either way, only a power cut would differ.
package enum Durability {
    nonisolated(unsafe) package static var relaxedForTests = false

    /// Whether to sync now.
    package static var syncs: Bool { !relaxedForTests }
}
