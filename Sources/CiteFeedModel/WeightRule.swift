import CiteFeedSupport

/// One entry of the `weights` setting: citations with this tag, by this author, or from a
/// source containing this text are shown `weight` times per cycle (0: never). A citation that
/// matches several rules has their product, times `favouriteWeight` for a favourite; the
/// product stops at `WeightRule.maximumProduct`. Names match ignoring case: tags as tags do,
/// authors as whole names, sources as a part of the source (as the `sources` filter does).
package struct WeightRule: Hashable, Sendable, CustomStringConvertible {
    package enum Kind: String, CaseIterable, Sendable {
        case tag, author, source
    }

    package var kind: Kind
    package var name: String
    package var weight: Int

    package static let maximumWeight = 10
    /// The most showings per cycle that weights give one citation (before `favouriteWeight`).
    package static let maximumProduct = 1000
    package static let maximumRules = 100

    package init(kind: Kind, name: String, weight: Int) {
        self.kind = kind
        self.name = name
        self.weight = weight
    }

    /// `tag:stoic=3`, `author:Seneca=0`, `source:Meditations=2` (the last `=` separates the
    /// weight, so a name may contain one).
    package init(parsing word: String) throws(SettingValueError) {
        guard let equals = word.lastIndex(of: "=") else {
            throw SettingValueError(reason: "write KIND:NAME=WEIGHT, such as tag:stoic=3 or author:Seneca=0")
        }
        let weightText = String(word[word.index(after: equals)...])
        guard let weight = Int(weightText.trimmingWhitespace()) else {
            throw SettingValueError(reason: "the weight of \(quoted(word)) is not a whole number")
        }
        try self.init(key: String(word[..<equals]), weight: weight)
    }

    /// A rule from its key (`tag:stoic`) and weight, checked.
    init(key: String, weight: Int) throws(SettingValueError) {
        guard let colon = key.firstIndex(of: ":"), let kind = Kind(rawValue: key[..<colon].lowercased()) else {
            throw SettingValueError(reason: "\(quoted(key)) does not start with tag:, author: or source:")
        }
        var name = String(key[key.index(after: colon)...]).trimmingWhitespace()
        guard !name.isEmpty else { throw SettingValueError(reason: "\(quoted(key)) names no \(kind.rawValue)") }
        if let bad = name.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            throw SettingValueError(reason: "\(quoted(key)) contains the control character \(ModelError.scalarName(bad.value))")
        }
        if kind == .tag {
            do { name = try Tag.validateName(name) } catch { throw .invalid(error) }
        }
        guard (0...WeightRule.maximumWeight).contains(weight) else {
            throw SettingValueError(reason: "the weight of \(quoted(key)) is \(weight); use 0 (never) to \(WeightRule.maximumWeight)")
        }
        self.init(kind: kind, name: name, weight: weight)
    }

    /// The stored key, `tag:stoic`.
    package var key: String { kind.rawValue + ":" + name }
    package var description: String { key + "=" + String(weight) }

    /// The same rule, whatever the case of its name (a later rule replaces it).
    func sameTarget(_ other: WeightRule) -> Bool { kind == other.kind && name.lowercased() == other.name.lowercased() }
}
