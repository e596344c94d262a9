import CiteFeedModel
import CiteFeedSupport

/// File names for new pages: the title made safe on every system a vault is synced to (none of
/// `* " \ / < > : | ? # ^ [ ]` or control characters, which Obsidian's links or Windows refuse;
/// no leading dot, no trailing dot or space; at most 120 bytes), `.md` after it, and a number
/// (`Title 2.md`) when the name is taken, ignoring case, by a file in the folder or a page
/// citefeed gave it earlier.
struct NotesNames {
    private var taken: Set<String>

    init(directory: String, taken: [String]) {
        self.taken = Set((Posix.directoryEntries(directory) + taken).map { $0.lowercased() })
    }

    /// A free name for a page titled `title`, taken from now on.
    mutating func new(_ title: String) -> String {
        let base = NotesNames.safe(title)
        var name = base + ".md"
        var n = 2
        while taken.contains(name.lowercased()) {
            name = "\(base) \(n).md"
            n += 1
        }
        taken.insert(name.lowercased())
        return name
    }

    static func safe(_ title: String) -> String {
        var out = ""
        var space = false
        for scalar in title.unicodeScalars {
            let bad =
                "*\"\\/<>:|?#^[]".unicodeScalars.contains(scalar) || scalar.properties.generalCategory == .control
                || scalar.properties.isWhitespace || scalar.value == 0x200B || scalar.value == 0xFEFF
            if bad {
                space = !out.isEmpty
            } else {
                if space { out += " " }
                space = false
                out.unicodeScalars.append(scalar)
            }
        }
        while out.hasPrefix(".") { out.removeFirst() }
        out = out.cut(toUTF8: 120)
        while let last = out.last, last == "." || last == " " { out.removeLast() }
        return out.isEmpty ? "Untitled" : out
    }
}
