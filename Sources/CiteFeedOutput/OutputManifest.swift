import CiteFeedCore
import CiteFeedModel
import CiteFeedSupport

/// `.citefeed-outputs` in an output directory: the files citefeed wrote there, and whether it
/// made the directory, so that it never replaces or removes anything else.
package struct OutputManifest: Sendable, Equatable {
    package static let name = ".citefeed-outputs"
    package var files: Set<String>
    package var created: Bool

    var bytes: [UInt8] {
        Array(JSONWriter.pretty(.object([("created", .bool(created)), ("files", .array(files.sorted().map(JSONValue.string)))])).utf8)
    }

    static func read(in directory: String) -> OutputManifest? {
        guard let bytes = (try? Posix.readFile(directory + "/" + name, limit: 1 << 16)).flatMap({ $0 }),
            let json = try? JSONParser.parse(bytes), let files = json["files"]?.arrayValue?.compactMap(\.stringValue)
        else { return nil }
        // Only names citefeed writes: a list edited by hand cannot make it replace or remove
        // anything else.
        return OutputManifest(
            files: Set(files).intersection(OutputSet.names + OutputSet.pictureNames), created: json["created"] == .bool(true))
    }

    /// For a directory written before the list existed: the six outputs are adopted when they are
    /// citefeed's own (a feed or page there carries its generator mark); else none is.
    static func adopting(in directory: String, created: Bool) -> OutputManifest {
        let marks = [
            ("feed.xml", "<generator>citefeed "), ("feed.atom", ">citefeed</generator>"),
            ("index.html", "<meta name=\"generator\" content=\"citefeed "),
        ]
        let ours = marks.contains { file, mark in
            Posix.readText(directory + "/" + file, limit: 64 << 20)?.containsBytes(mark) ?? false
        }
        return OutputManifest(files: ours ? Set(OutputSet.names.filter { Posix.fileExists(directory + "/" + $0) }) : [], created: created)
    }

    /// Removes the temporary files (`.NAME.tmp-XXXXXX`) of outputs that a killed run left, once
    /// they are a minute old (a run going on now may be writing its own).
    static func removeStaleTemporaryFiles(in directory: String) {
        let prefixes = (OutputSet.names + OutputSet.pictureNames + [name]).map { "." + $0 + ".tmp-" }
        let now = time(nil)
        for entryName in Posix.directoryEntries(directory) {
            guard prefixes.contains(where: { entryName.hasPrefix($0) && entryName.count == $0.count + 6 }) else { continue }
            var st = stat()
            let full = directory + "/" + entryName
            if lstat(full, &st) == 0, st.st_mode & S_IFMT == S_IFREG, now - st.st_mtim.tv_sec > 60 { unlink(full) }
        }
    }
}
