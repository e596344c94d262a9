import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Anki's packages: a deck (`.apkg`) or a whole collection (`.colpkg`), a zip of the collection's
/// SQLite database with its media. Anki writes two forms. Since 2.1.50 (package version 3 in the
/// `meta` entry, a protobuf), `collection.anki21b`: the database compressed with Zstandard,
/// beside a `collection.anki2` that only asks to update Anki. With "Support older Anki
/// versions" ticked (version 2), or before 2.1.50 (no `meta`), `collection.anki21`, or
/// `collection.anki2` from Anki 2.0 (version 1). The database is read by `AnkiCollection`;
/// media (entries named by number) cannot come along, and are counted for the import's note.
enum AnkiPackage {
    /// The newest package version this reads (Anki's `PackageMetadata.Version.LATEST`).
    static let newestVersion: UInt64 = 3
    /// The largest collection read (unpacked): 512 MiB, some five million answers, far above any
    /// learner's; a package that would unpack to more is refused once that much is written.
    static let collectionLimit = 512 << 20
    static let names = ["collection.anki21b", "collection.anki21", "collection.anki2"]

    static func looksLike(_ zip: ZipArchive) -> Bool { zip.entries.contains { names.contains($0.name) } }

    /// Whether the zip `bytes` is one (or is named as one, `name`).
    static func looksLike(name: String, bytes: [UInt8]) -> Bool {
        let lower = name.lowercased()
        if lower.hasSuffix(".apkg") || lower.hasSuffix(".colpkg") { return true }
        return (try? ZipArchive(bytes)).map(looksLike) ?? false
    }

    static func reader(name: String, bytes: [UInt8]) throws -> ImportReader {
        let zip: ZipArchive
        do throws(ZipError) { zip = try ZipArchive(bytes) } catch {
            throw ImportError.malformed(name, "it is not a zip, as Anki's packages are (\(error.reason))")
        }
        var version: UInt64 = 0
        if let meta = zip.entry("meta") {
            guard let raw = try? zip.contents(of: meta, limit: 4096), let fields = ProtobufFields(raw) else {
                throw ImportError.malformed(name, "its meta entry is not the one Anki writes")
            }
            version = fields.varints[1] ?? 0
            guard version <= newestVersion else {
                throw ImportError.malformed(
                    name,
                    "it was made by a newer Anki (package version \(version); citefeed reads up to \(newestVersion)). Export it again in Anki with \"Support older Anki versions\" ticked"
                )
            }
        }
        // Version 3 holds the current form; the older names are a placeholder then.
        let candidates = version == 3 ? ["collection.anki21b"] : version > 0 ? ["collection.anki21", "collection.anki2"] : names
        guard let entry = candidates.lazy.compactMap(zip.entry).first else {
            if version > 0, let other = names.first(where: { zip.entry($0) != nil }) {
                throw ImportError.malformed(
                    name, "its meta says package version \(version), whose collection it lacks; it holds \(other) (a damaged package?)")
            }
            throw ImportError.malformed(
                name, "it is a zip, but not an Anki package: it holds no collection.anki21b, collection.anki21 or collection.anki2")
        }
        let packed: [UInt8]
        do throws(ZipError) { packed = try zip.contents(of: entry, limit: collectionLimit) } catch {
            throw ImportError.malformed(name, error.reason)
        }
        let notSQLite = ImportError.malformed(name, "its \(entry.name) is not an SQLite database")
        // The current form is unpacked into the private file a block at a time: a frame that
        // would unpack to a gigabyte never is held whole.
        func write(_ fd: Int32) throws {
            guard entry.name.hasSuffix("b") else {
                guard ForeignDatabase.looksLike(packed) else { throw notSQLite }
                guard Posix.writeAll(fd: fd, packed) else { throw ImportError.notCopied(name, .system(.write, name)) }
                return
            }
            guard ZStd.looksLike(packed) else { throw ImportError.malformed(name, "its collection.anki21b is not Zstandard data") }
            var stop: ImportError?
            var first = true
            do throws(ZipError) {
                try ZStd.shared.get().decompress(packed, limit: collectionLimit) { chunk in
                    if first, !ForeignDatabase.looksLike(chunk) { stop = notSQLite }
                    first = false
                    if stop == nil, !Posix.writeAll(fd: fd, Array(chunk)) { stop = ImportError.notCopied(name, .system(.write, name)) }
                    return stop == nil
                }
            } catch { throw ImportError.malformed(name, error.reason) }
            if let stop { throw stop }
        }
        let media = zip.entries.filter { !$0.name.isEmpty && $0.name.allSatisfy(\.isASCIIDigit) }.count
        var reader = try ForeignDatabase.reading(name: name, writing: write) { db in try AnkiCollection.reader(db, name: name) }
        if media > 0 { reader.skipped.append(("media file", media)) }
        return reader
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
