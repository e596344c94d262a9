import CiteFeedSupport

extension Codec where Value == [DeckParameters] {
    /// `{"spanish": [21 numbers], …}` in the file (each list as `parameters` reads it), words
    /// `TAG=0.212,1.2931,…` on the command line; kept sorted by tag.
    static var deckParameters: Codec {
        let numbers = Codec<[Double]>.parameters
        return Codec(
            decode: { v throws(SettingValueError) in
                guard case .object(let members) = v else { throw wrongType(v, "an object such as {\"spanish\": [21 numbers]}") }
                var decks: [DeckParameters] = []
                for (tag, list) in members {
                    let name: String
                    do throws(ModelError) { name = try Tag.validateName(tag) } catch { throw .rule("\(quoted(tag)) is not a tag name") }
                    let parameters = try numbers.decode(list)
                    guard !parameters.isEmpty else { throw .rule("give the 21 parameters of \(quoted(name))") }
                    if decks.contains(where: { Tag.key($0.tag) == Tag.key(name) }) { throw .rule("\(quoted(name)) has two lists") }
                    decks.append(DeckParameters(tag: name, parameters: parameters))
                }
                return decks.sorted { Tag.key($0.tag) < Tag.key($1.tag) }
            }, encode: { .object($0.map { ($0.tag, .array($0.parameters.map(JSONValue.double))) }) },
            words: .list { words throws(SettingValueError) in
                var decks: [(String, JSONValue)] = []
                for word in words {
                    guard let equals = word.firstIndex(of: "=") else { throw .rule("use TAG=NUMBERS, such as spanish=0.212,1.2931,…") }
                    let tag = String(word[..<equals]), list = String(word[word.index(after: equals)...])
                    guard case .list(let parse) = numbers.words else { throw .rule("use TAG=NUMBERS") }
                    let parsed = try parse([list])
                    if decks.contains(where: { Tag.key($0.0) == Tag.key(tag) }) { throw .rule("\(quoted(tag)) is given twice") }
                    decks.append((tag, parsed))
                }
                return .object(decks)
            })
    }
}
