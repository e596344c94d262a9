import CiteFeedModel

/// One thing in the part of a page citefeed keeps in step: a citation's block, the "Archived"
/// heading, or the user's own lines between them.
enum NotesItem: Equatable {
    /// The user's lines (blank lines around them are the layout's, not kept).
    case text([Substring])
    /// A citation's block, by uuid.
    case block(String)
    /// The "Archived" heading.
    case archivedHeading

    /// The items of a page after the library's blocks are put in: `active` in their order,
    /// then, when `archived` is not empty, the heading and `archived` in theirs. The user's
    /// text goes with the block (or heading) it follows, wherever that block goes; text after a
    /// block that leaves the page stays after what came before it. So an edited citation is
    /// rewritten where it is, a new one takes its place in the library's order, and not a line
    /// of the user's is lost.
    static func merged(_ items: [NotesItem], active: [String], archived: [String]) -> [NotesItem] {
        let wanted = Set(active).union(archived)
        var leading: [NotesItem] = []
        var following: [NotesItem: [NotesItem]] = [:]
        var anchor: NotesItem?
        for item in items {
            switch item {
            case .text:
                if let anchor { following[anchor, default: []].append(item) } else { leading.append(item) }
            case .block(let uuid):
                if wanted.contains(uuid) { anchor = item }
            case .archivedHeading:
                if !archived.isEmpty { anchor = item }
            }
        }
        var out = leading
        func put(_ item: NotesItem) {
            out.append(item)
            out += following[item] ?? []
        }
        for uuid in active { put(.block(uuid)) }
        if !archived.isEmpty {
            put(.archivedHeading)
            for uuid in archived { put(.block(uuid)) }
        }
        return out
    }
}

extension NotesItem: Hashable {}

/// Why a page cannot be kept in step: the user broke its markers. The page is left as it is,
/// and its citations go to a new page.
package enum NotesPageProblem: Error, Equatable, Sendable {
    case unclosedFrontMatter
    case noRegion
    case secondBegin(line: Int)
    case endWithoutBegin(line: Int)
    case beginWithoutEnd(line: Int)
    case blockTwice(String)
    /// The page is a link, a folder or a pipe: citefeed does not write through it.
    case notAFile
}
