import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Readwise's conventions: the tags `favorite` and `discard`, and notes that begin with
/// `.favorite`, `.discard`, a tag (`.stoic`) or a formatting directive (`.h1`–`.h6`, `.c1`–`.c5`,
/// `.qa`), as Readwise reads them. Directives are not back sides; `.qa QUESTION` makes a
/// flashcard: the question is the front and the highlight its back.
enum Readwise {
    static let directives: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6", "c1", "c2", "c3", "c4", "c5"]

    static func apply(to r: inout ImportRecord) {
        var tags: [String] = []
        for tag in r.tags {
            switch tag.lowercased() {
            case "favorite", "favourite": r.favourite = true
            case "discard": r.archived = true
            default: tags.append(tag)
            }
        }
        var note = r.back ?? ""
        var question = false
        // Leading dot words, as Readwise's inline tagging reads them: `.favorite .h1 rest`.
        // Words end at any white space: `.h1` followed by blank lines is a directive too.
        while note.hasPrefix("."),
            let word = note.split(maxSplits: 1, omittingEmptySubsequences: true, whereSeparator: \.isWhitespace).first
        {
            let name = String(word.dropFirst())
            guard name.first?.isLetter == true, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { break }
            switch name.lowercased() {
            case "favorite", "favourite", "fav": r.favourite = true
            case "discard": r.archived = true
            case "qa": question = true
            default: if !directives.contains(name.lowercased()) { tags.append(name) }
            }
            note = String(note.dropFirst(word.count)).trimmingWhitespace()
        }
        r.tags = tags
        if question, !note.isEmpty {
            r.back = r.text
            r.text = note
        } else {
            r.back = note.isEmpty ? nil : note
        }
    }
}
