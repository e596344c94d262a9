import CiteFeedSupport

/// What was shown: the citation as it was when picked (README, "Rotation, status and feeds"), so feeds
/// re-render identically even after the citation is edited or its tags renamed.
package struct PickSnapshot: Hashable, Sendable {
    package var id: Int64
    package var uuid: String
    package var text: String
    package var back: String?
    package var author: String?
    package var source: String?
    package var tags: [Tag]
    package var favourite: Bool

    package init(_ c: Citation) {
        self.init(
            id: c.id, uuid: c.uuid, text: c.text, back: c.back, author: c.author, source: c.source, tags: c.tags, favourite: c.favourite)
    }

    package init(id: Int64, uuid: String, text: String, back: String?, author: String?, source: String?, tags: [Tag], favourite: Bool) {
        self.id = id
        self.uuid = uuid
        self.text = text
        self.back = back
        self.author = author
        self.source = source
        self.tags = tags
        self.favourite = favourite
    }

    /// The address the source is or ends with (`sourceAddress`), as a valid URI (`linkURI`).
    package var sourceURL: String? { source?.sourceAddress?.linkURI }

    /// `author, source`, leaving out what is missing (empty when both are).
    package var attribution: String { [author, source].compactMap { $0 }.joined(separator: ", ") }

    /// The whole card as plain text: the text, the back, and `— author, source`, in paragraphs
    /// (tooltips and the plain text of feed items).
    package var card: String {
        var text = self.text
        if let back { text += "\n\n" + back }
        if !attribution.isEmpty { text += "\n\n— " + attribution }
        return text
    }

    /// The citation object (`CitationJSON`), as the library keeps a pick and `current.json` holds it.
    package var json: JSONValue { CitationJSON.citation(self) }

    /// The snapshot as `add` would take its fields (text, back, author, source, tag names and
    /// colours), normalised as `add` leaves them: what another machine's pick line says was
    /// shown goes through this before anything renders it.
    package func checked() throws(ModelError) -> PickSnapshot {
        var checked = self
        checked.text = try CitationInput.text(text)
        checked.back = try CitationInput.back(back)
        checked.author = try CitationInput.author(author)
        checked.source = try CitationInput.source(source)
        checked.tags = []
        var keys = Set<String>()
        for tag in tags.prefix(Citation.maxTags) {
            let tag = Tag(name: try Tag.validateName(tag.name), color: try Palette.normalize(tag.color))
            if keys.insert(Tag.key(tag.name)).inserted { checked.tags.append(tag) }
        }
        return checked
    }

    /// Each field cut to its limit in UTF-8 bytes (at a code point), as `current.json` keeps
    /// it: a citation stored before the limits were bytes (or put in the database by hand) then
    /// costs `status`, which reads that file every second, no more than one within them.
    package var bounded: PickSnapshot {
        func cut(_ value: String?, _ limit: Int) -> String? { value?.cut(toUTF8: limit * CitationInput.bytesPerCharacter) }
        var copy = self
        copy.text = cut(text, CitationInput.maxText) ?? ""
        copy.back = cut(back, CitationInput.maxBack)
        copy.author = cut(author, CitationInput.maxAuthor)
        copy.source = cut(source, CitationInput.maxSource)
        copy.tags = Array(tags.prefix(Citation.maxTags))
        return copy
    }

    package init?(json: JSONValue) {
        guard case .int(let id)? = json["id"], let uuid = json["uuid"]?.stringValue, let text = json["text"]?.stringValue else {
            return nil
        }
        let tags = (json["tags"]?.arrayValue ?? []).compactMap { t -> Tag? in
            guard let name = t["name"]?.stringValue, let color = t["color"]?.stringValue else { return nil }
            return Tag(name: name, color: color)
        }
        self.init(
            id: id, uuid: uuid, text: text, back: json["back"]?.stringValue, author: json["author"]?.stringValue,
            source: json["source"]?.stringValue, tags: tags, favourite: json["favourite"] == .bool(true))
    }
}
