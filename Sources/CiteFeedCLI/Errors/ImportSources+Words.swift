import CiteFeedExchange
import CiteFeedSupport

/// What a folder import passed over, in the words of its notes.
extension ImportSources.PassedOver {
    var words: String {
        switch self {
        case .tooDeep(let folder): "\(folder): deeper than 16 folders, not looked in"
        case .unreadable(let failure): failure.message
        case let .notUTF8(folder, count): "\(folder): \(count) name\(count == 1 ? "" : "s") not in UTF-8, passed over (rename to import)"
        }
    }
}

/// Why a folder import left a file out, as a dry run says it.
extension ImportSources.LeftOut {
    var words: String {
        switch self {
        case .notKOReaderMetadata: "not KOReader's metadata.*.lua"
        case .tooLarge(let limit): "larger than \(Posix.describe(bytes: limit))"
        case .wordWithoutPlayBooks: "a Word document without Play Books' notes"
        case .notReaderFile: "not a kind of file e-readers and reading tools write (import a quote collection by its name)"
        case .empty: "empty"
        case .notText: "not text"
        case .nothingFound: "no highlights or quotations found in it"
        case .quoteCollection(let format):
            "read as \(format.rawValue), a quote collection, which a folder import leaves out (import it by its name)"
        }
    }
}
