/// Authors as e-readers and stores write them, in one form, so that the same highlight read
/// from two sources merges (issue 22): "Thaler, Richard H.; Imas, Alex" (Kindle),
/// "Thaler, Richard H.\nImas, Alex" (KOReader) and "Richard H. Thaler, Alex Imas" (Kobo) are all
/// "Richard H. Thaler, Alex Imas".
///
/// Names are separated by `;`, line breaks, or commas between whole names; a single word before
/// a comma is a surname, turned round with the words after it ("Abdaal, Ali" is "Ali Abdaal").
/// A multi-word surname written first ("van Gogh, Vincent") is left as it is. Applying it twice
/// gives what applying it once gave.
enum AuthorNames {
    static func normalised(_ raw: String) -> String? {
        var names: [String] = []
        for group in raw.split(whereSeparator: { $0 == ";" || $0.isNewline }) {
            let parts = group.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
            var i = 0
            while i < parts.count {
                if !parts[i].contains(" "), i + 1 < parts.count {
                    names.append(parts[i + 1] + " " + parts[i])
                    i += 2
                } else {
                    names.append(parts[i])
                    i += 1
                }
            }
        }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }
}
