import CiteFeedExchange
import CiteFeedModel
import CiteFeedSupport

/// Why a notes folder could not be written, in the command line's words.
extension NotesError: CiteFeedError {
    package var exitStatus: ExitStatus {
        switch self {
        case .notAFolder, .unsafeFolder, .otherFormat: return .usage
        case .noParent: return .notFound
        case .notWritable: return .cannotCreate
        case .file: return .ioError
        }
    }

    package var message: String {
        switch self {
        case .notAFolder(let path):
            return "\(path) is not a folder: give the folder of your notes (an Obsidian vault, a Logseq graph, or a folder of their own)."
        case .noParent(let path):
            return "No folder \(path), nor the folder it would be made in, \(Posix.parentDirectory(path)): make that first."
        case .notWritable(let path):
            return "Cannot write in \(path): it is not writable by you; give a folder of your own."
        case let .unsafeFolder(path, reason):
            let what =
                switch reason {
                case .syncFolder(let sync): "it is in the sync folder, \(sync), whose files other machines read as citefeed's"
                case .outputDirectory(let output): "it is in the output directory, \(output), which citefeed replaces and publishes"
                case .libraryDirectory(let library): "it is in the library's directory, \(library)"
                }
            return "Cannot keep notes in \(path): \(what). Give a folder of its own, such as ~/Notes/citefeed."
        case let .otherFormat(path, format):
            return
                "\(path) holds citefeed's \(format.rawValue) notes: export to it with --format \(format.rawValue), or give another folder for another format."
        case .file(let failure):
            return "The notes were not all written: \(failure.message)."
        }
    }
}

extension NotesPageProblem {
    /// What is wrong with a page's markers, for the warning that names it.
    var words: String {
        switch self {
        case .unclosedFrontMatter: "its front matter has no closing ---"
        case .noRegion: "citefeed's markers (<!-- citefeed:begin … --> and <!-- citefeed:end -->) are gone"
        case .secondBegin(let line): "line \(line) begins citefeed's part a second time"
        case .endWithoutBegin(let line): "line \(line) ends citefeed's part, which had not begun"
        case .beginWithoutEnd(let line): "citefeed's part, begun on line \(line), never ends"
        case .blockTwice(let uuid): "the citation \(uuid) is on it twice"
        case .notAFile: "it is a link, a folder or a pipe, which citefeed does not write through"
        }
    }
}
