import CiteFeedModel
import CiteFeedSupport

/// What citefeed wrote in a notes folder, kept in it as `.citefeed-notes.json` (a dot file,
/// which Obsidian and Logseq leave alone): the format, and for each page its key, its path in
/// the folder, the uuids and front-matter tags it was given, and what the file and the
/// library's part of it were when written. It is how a later export knows which files are its
/// own to delete (no other file is ever removed), whose blocks in a Logseq page are its own,
/// and which pages it need not even read (the file and the library's part as they were).
package struct NotesManifest: Equatable, Sendable {
    package static let fileName = ".citefeed-notes.json"
    static let version = 1

    package struct Page: Equatable, Sendable {
        package var key: String
        /// Relative to the folder.
        package var path: String
        package var uuids: [String]
        package var tags: [String]
        /// The file's size and modification time after citefeed wrote or last read it.
        package var size: Int64
        package var modified: Int64
        /// The page's fingerprint when written (`NotesStamps.digest`).
        package var digest: String
    }

    package var format: NotesFormat
    /// What the pages were written with besides their citations (`NotesStamps.salt`).
    package var salt = ""
    /// When the export read the library, in seconds: a citation changed in that second or
    /// later may not show in its stamp.
    package var readAt: Int64 = 0
    package var pages: [Page] = []

    package init(format: NotesFormat, salt: String = "", readAt: Int64 = 0, pages: [Page] = []) {
        self.format = format
        self.salt = salt
        self.readAt = readAt
        self.pages = pages
    }

    package var json: JSONValue {
        .object([
            ("format", .string("citefeed-notes")), ("version", .int(Int64(NotesManifest.version))),
            ("notesFormat", .string(format.rawValue)), ("salt", .string(salt)), ("readAt", .int(readAt)),
            (
                "pages",
                .array(
                    pages.map { p in
                        .object([
                            ("key", .string(p.key)), ("path", .string(p.path)), ("uuids", .array(p.uuids.map { .string($0) })),
                            ("tags", .array(p.tags.map { .string($0) })), ("size", .int(p.size)), ("modified", .int(p.modified)),
                            ("digest", .string(p.digest)),
                        ])
                    })
            ),
        ])
    }

    /// The file's text: JSON with a page to a line (a pretty one was 2.3 MB for 5,000 pages,
    /// mostly indentation, and took a tenth of a later export to read).
    package var text: String {
        guard case .object(var members) = json, case .array(let pages)? = members.popLast().map(\.1) else { return JSONWriter.pretty(json) }
        var out: [UInt8] = Array("{\n".utf8)
        for (key, value) in members {
            out += "  ".utf8
            JSONWriter.writeString(key, into: &out)
            out += ": ".utf8
            JSONWriter.write(value, into: &out, indent: nil)
            out += ",\n".utf8
        }
        out += "  \"pages\": [".utf8
        for (i, page) in pages.enumerated() {
            out += (i == 0 ? "\n    " : ",\n    ").utf8
            JSONWriter.write(page, into: &out, indent: nil)
        }
        out += (pages.isEmpty ? "]\n}\n" : "\n  ]\n}\n").utf8
        return String(decoding: out, as: UTF8.self)
    }

    /// A manifest read back; `nil` when it is not one (damaged or another program's): the
    /// folder is then searched for citefeed's pages by their keys.
    package init?(_ value: JSONValue) {
        guard value["format"]?.stringValue == "citefeed-notes", let format = value["notesFormat"]?.stringValue.flatMap(NotesFormat.init),
            let pages = value["pages"]?.arrayValue
        else { return nil }
        self.format = format
        salt = value["salt"]?.stringValue ?? ""
        readAt = NotesManifest.number(value["readAt"])
        for page in pages {
            guard let key = page["key"]?.stringValue, let path = page["path"]?.stringValue, NotesManifest.isSafe(path) else { return nil }
            self.pages.append(
                Page(
                    key: key, path: path, uuids: page["uuids"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                    tags: page["tags"]?.arrayValue?.compactMap(\.stringValue) ?? [], size: NotesManifest.number(page["size"]),
                    modified: NotesManifest.number(page["modified"]), digest: page["digest"]?.stringValue ?? ""))
        }
    }

    private static func number(_ value: JSONValue?) -> Int64 {
        if case .int(let n)? = value { return n }
        return -1
    }

    /// A path inside the folder: relative, without `..`, ending in `.md` (a manifest someone
    /// else wrote cannot make citefeed write or delete anything outside the folder).
    static func isSafe(_ path: String) -> Bool {
        !path.hasPrefix("/") && path.hasSuffix(".md") && !path.split(separator: "/").contains { $0 == ".." || $0 == "." || $0.isEmpty }
            && !path.unicodeScalars.contains { $0.value < 0x20 }
    }
}
