import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// What an import compares each record with to find duplicates (README, "Import and export"):
/// the library's citations (same `DuplicateKey`, or same uuid) and the records imported before
/// it. A large import computes every citation's key once, up front (`loadLibrary`). A few
/// records into a large library look each record up instead, its words as a phrase in the
/// full-text index and its uuid in the uuid index, so that such an import costs what its rows
/// cost, not what the library's do (100k citations: the keys alone take some 100 ms).
struct ImportDuplicates {
    private var maker = DuplicateKey.Maker()
    private var seen = KeySet()
    private var uuids = KeySet()
    /// Whether the library's keys and uuids are in the sets; otherwise each record is looked up.
    private(set) var holdsLibrary = false
    /// Citations in the library, once loaded.
    private(set) var libraryCount = 0

    /// Every citation's key and uuid, with room for `expected` records more.
    mutating func loadLibrary(_ library: Library, expected: Int) throws(StoreError) {
        try library.forEachTextAndAuthor { text, author in seen.insert(maker.key(text: text, author: author)) }
        libraryCount = seen.count
        // Every uuid of the library is valid (`add` makes them, imports check them).
        try library.forEachUUID { if let bits = UUIDString.bits(of: $0) { uuids.insert(bits) } }
        // Room for every record at once: growing a set rehashes all it holds.
        seen.reserveCapacity(libraryCount + expected)
        uuids.reserveCapacity(libraryCount + expected)
        holdsLibrary = true
    }

    /// Whether `citation` is a duplicate of one in the library or of an earlier record; when it
    /// is not, it is remembered.
    mutating func isDuplicate(_ citation: CheckedCitation, in library: Library) throws(StoreError) -> Bool {
        if !holdsLibrary, try libraryHolds(citation, library) { return true }
        // One hash per set when the record is new (the usual case).
        if !seen.insert(citation.key) { return true }
        if !uuids.insert(citation.uuidBits) {
            seen.remove(citation.key)
            return true
        }
        return false
    }

    /// Takes back a citation that `isDuplicate` remembered (its source's import failed).
    mutating func forget(_ citation: CheckedCitation) {
        seen.remove(citation.key)
        uuids.remove(citation.uuidBits)
    }

    /// The key of a library citation, to compare with a record's.
    mutating func key(text: String, author: String?) -> DuplicateKey { maker.key(text: text, author: author) }

    private mutating func libraryHolds(_ citation: CheckedCitation, _ library: Library) throws(StoreError) -> Bool {
        if try library.hasCitation(uuid: citation.uuid) { return true }
        return try library.citationsHolding(phrase: citation.citation.text).contains {
            maker.key(text: $0.text, author: $0.author) == citation.key
        }
    }

    /// Whether every duplicate of `text` is found by its words in the full-text index (SQLite's
    /// `unicode61` tokenizer, of Unicode 6.1): the text has a word of Unicode 6.1, and its every
    /// letter with a case is of Unicode 6.1, which that tokenizer folds as `DuplicateKey` does.
    /// Text that has no such word, or letters of later scripts, makes the import load the keys.
    static func canLookUp(_ text: String) -> Bool {
        var hasWord = false
        for scalar in text.unicodeScalars where scalar.value >= 0x30 {
            let properties = scalar.properties
            let known = properties.age.map { $0.major < 6 || ($0.major == 6 && $0.minor <= 1) } ?? false
            if properties.changesWhenCaseMapped && !known { return false }
            if !hasWord && known {
                switch properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber, .letterNumber,
                    .otherNumber:
                    hasWord = true
                default: break
                }
            }
        }
        return hasWord
    }
}
