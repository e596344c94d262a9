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
    /// The largest collection read (unpacked): far above any learner's.
    static let collectionLimit = 1 << 30
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
            throw ImportError.malformed(
                name, "it is a zip, but not an Anki package: it holds no collection.anki21b, collection.anki21 or collection.anki2")
        }
        var collection: [UInt8]
        do throws(ZipError) {
            collection = try zip.contents(of: entry, limit: collectionLimit)
            if entry.name.hasSuffix("b") {
                guard ZStd.looksLike(collection) else { throw ZipError("its collection.anki21b is not Zstandard data") }
                collection = try ZStd.shared.get().decompress(collection, limit: collectionLimit)
            }
        } catch {
            throw ImportError.malformed(name, error.reason)
        }
        guard ForeignDatabase.looksLike(collection) else {
            throw ImportError.malformed(name, "its \(entry.name) is not an SQLite database")
        }
        let media = zip.entries.filter { !$0.name.isEmpty && $0.name.allSatisfy(\.isASCIIDigit) }.count
        var reader = try ForeignDatabase.reading(bytes: collection, name: name) { db in try AnkiCollection.reader(db, name: name) }
        if media > 0 { reader.skipped.append(("media file", media)) }
        return reader
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
