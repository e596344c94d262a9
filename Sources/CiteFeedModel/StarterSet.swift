import CiteFeedSupport

/// The bundled starter library: public-domain citations with tags, added once when `rotate`,
/// `status`, `list` or `upcoming` first meets a library that has never held a citation.
package enum StarterSet {
    package static let tags: [Tag] = [
        Tag(name: "stoic", color: "indigo"), Tag(name: "mind", color: "purple"), Tag(name: "courage", color: "red"),
        Tag(name: "work", color: "orange"), Tag(name: "wisdom", color: "teal"), Tag(name: "nature", color: "green"),
        Tag(name: "life", color: "blue"), Tag(name: "hope", color: "yellow"), Tag(name: "poetry", color: "pink"),
        Tag(name: "humour", color: "mint"),
    ]

    package static let citations: [NewCitation] = [
        c(
            "The happiness of your life depends upon the quality of your thoughts.", "Marcus Aurelius", "Meditations", ["stoic", "mind"],
            fav: true),
        c(
            "Waste no more time arguing about what a good man should be. Be one.", "Marcus Aurelius", "Meditations, X.16",
            ["stoic", "work"]),
        c("We suffer more often in imagination than in reality.", "Seneca", "Letters from a Stoic, XIII", ["stoic", "courage"], fav: true),
        c("While we are postponing, life speeds by.", "Seneca", "Letters from a Stoic, I", ["stoic", "life"]),
        c("Men are disturbed not by things, but by the opinions about things.", "Epictetus", "Enchiridion, 5", ["stoic", "mind"]),
        c(
            "First say to yourself what you would be; and then do what you have to do.", "Epictetus", "Discourses, III.23",
            ["work", "courage"]),
        c(
            "What is the dichotomy of control?", "Epictetus", "Enchiridion, 1", ["stoic", "wisdom"],
            back:
                "Some things are within our power, while others are not. Within our power are opinion, motivation, desire, aversion: whatever are our own actions."
        ),
        c("The journey of a thousand miles begins with a single step.", "Lao Tzu", "Tao Te Ching, 64", ["courage", "work"]),
        c("For one swallow does not make a summer, nor does one day.", "Aristotle", "Nicomachean Ethics, I.7", ["wisdom", "life"]),
        c("There is nothing permanent except change.", "Heraclitus", nil, ["wisdom", "life"]),
        c(
            "All of humanity's problems stem from man's inability to sit quietly in a room alone.", "Blaise Pascal", "Pensées, 139",
            ["mind", "wisdom"]),
        c(
            "I went to the woods because I wished to live deliberately, to front only the essential facts of life, and see if I could not learn what it had to teach.",
            "Henry David Thoreau", "https://www.gutenberg.org/ebooks/205", ["nature", "life"], fav: true),
        c("Adopt the pace of nature: her secret is patience.", "Ralph Waldo Emerson", nil, ["nature", "wisdom"]),
        c("Well done is better than well said.", "Benjamin Franklin", "Poor Richard's Almanack", ["work", "humour"]),
        c(
            "“Hope” is the thing with feathers -\nThat perches in the soul -\nAnd sings the tune without the words -\nAnd never stops - at all -",
            "Emily Dickinson", nil, ["hope", "poetry"]),
        c(
            "Do I contradict myself?\nVery well then I contradict myself,\n(I am large, I contain multitudes.)", "Walt Whitman",
            "Song of Myself", ["poetry", "humour"]),
        c(
            "We are such stuff\nAs dreams are made on, and our little life\nIs rounded with a sleep.", "William Shakespeare",
            "The Tempest, IV.1", ["poetry", "life"]),
        c(
            "Courage is resistance to fear, mastery of fear — not absence of fear.", "Mark Twain", "Pudd'nhead Wilson",
            ["courage", "humour"]),
        c("There is no charm equal to tenderness of heart.", "Jane Austen", "Emma", ["life", "hope"]),
        c("To love oneself is the beginning of a lifelong romance.", "Oscar Wilde", "An Ideal Husband", ["humour", "hope"]),
    ]

    private static func c(_ text: String, _ author: String, _ source: String?, _ tags: [String], fav: Bool = false, back: String? = nil)
        -> NewCitation
    {
        var citation = NewCitation(text: text, back: back, author: author, source: source, tags: tags, favourite: fav)
        // The same on every machine: two machines that each made the starter set
        // before they first synced have it once, and no machine's copy, dated when the set was
        // written, wins over an edit made since on another.
        citation.uuid = UUIDString.nameBased(namespace: namespace, name: text + "\u{1F}" + author)
        citation.createdAt = date
        citation.updatedAt = date
        return citation
    }

    /// The namespace of the starter citations' uuids.
    static let namespace = "5f0b8e2c-3d41-4a6f-9c7e-2b8d1e4f6a90"
    /// The date of every starter citation: when the set was written.
    package static let date = Timestamp(seconds: 1_767_225_600)  // 2026-01-01T00:00:00Z
}
