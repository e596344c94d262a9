/// The notes apps `export --format obsidian|logseq|markdown DIR` writes for: a folder of
/// Markdown pages, one per source (or per citation), that later exports keep in step with the
/// library (the exchange layer's `NotesFolder`).
package enum NotesFormat: String, CaseIterable, Sendable {
    /// An Obsidian vault: YAML front matter, each citation a callout with a block id `^cf-UUID`.
    case obsidian
    /// A Logseq graph's pages: page properties, each citation a block with `id:: UUID`.
    case logseq
    /// Plain CommonMark: each citation a block quote.
    case markdown

    /// Whether a page begins with YAML front matter (Obsidian's properties).
    package var hasFrontMatter: Bool { self == .obsidian }
}
