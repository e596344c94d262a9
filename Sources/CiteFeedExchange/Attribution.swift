import CiteFeedModel
import CiteFeedSupport

/// The attribution line of citefeed's text exports (`— Author, Source` in `txt`, `-- …` in
/// `fortune`, the last line of an Anki note's back), written so that it reads back as it was.
/// `Author, Source` splits at the first comma, as fortune files and most quotation lists have
/// it; where that would not give the author back (an author with a comma, `Le Guin, Ursula
/// K.`; a source without an author) the two are parted by ` · ` instead, which no author or
/// source of the wild files these formats hold was seen to use: `Le Guin, Ursula K. · The Left
/// Hand of Darkness`, `Le Guin, Ursula K. ·`, `· Meditations`.
enum Attribution {
    static let separator = " · "

    /// The words after the dash; `nil` when there is neither author nor source.
    /// (The ` · ` form too where the source has ` · ` itself, a web page's "Title · Site", so
    /// that the first ` · ` is the one between them; an author with ` · ` cannot be told apart.)
    static func words(author: String?, source: String?) -> String? {
        switch (author, source) {
        case (nil, nil): nil
        case (let author?, nil): author.contains(",") || author.hasSuffix(" ·") ? author + " ·" : author
        case (nil, let source?): "· " + source
        case (let author?, let source?):
            author.contains(",") || source.contains(separator) || source.hasSuffix(" ·")
                ? author + separator + source : author + ", " + source
        }
    }

    /// The words of a citation with neither author nor source whose last line (`last`) would
    /// be read as an attribution: `·`, which reads back as none.
    static func words(author: String?, source: String?, after last: Substring?) -> String? {
        if let words = words(author: author, source: source) { return words }
        let line = last.map { String($0).trimmingWhitespace() } ?? ""
        return Importers.attributionDashes.contains(where: { line.hasPrefix($0) }) ? "·" : nil
    }

    /// `words` read back when they are of the ` · ` form; `nil` otherwise (the caller splits at
    /// the first comma).
    static func parse(_ words: String) -> (author: String?, source: String?)? {
        func value(_ s: Substring) -> String? {
            let trimmed = String(s).trimmingWhitespace()
            return trimmed.isEmpty ? nil : trimmed
        }
        if words == "·" { return (nil, nil) }
        if words.hasPrefix("· ") { return (nil, value(words.dropFirst(2))) }
        if let range = words.firstRange(of: separator) {
            return (value(words[..<range.lowerBound]), value(words[range.upperBound...]))
        }
        if words.hasSuffix(" ·") { return (value(words.dropLast(2)), nil) }
        return nil
    }
}
