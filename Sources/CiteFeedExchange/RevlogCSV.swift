import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// The review log as the FSRS tools read it (the FSRS optimizer's and benchmark's
/// `revlog.csv`): a header, then one answer per line, `card_id,review_time,review_rating,
/// review_state,review_duration`, times in milliseconds since 1970, ratings 1 (Again) to 4
/// (Easy), states 0 new, 1 learning, 2 review, 3 relearning (the card's before the answer).
/// citefeed does not time its answers: it writes a duration of 0.
///
/// Read back (`import --format revlog`), `card_id` is a citation's id or uuid; the columns are
/// found by their names, in any order, and only the first three are needed (the state is
/// made again from the answers, as sync's replay does).
package enum RevlogCSV {
    package static let header = ["card_id", "review_time", "review_rating", "review_state", "review_duration"]

    /// Whether `bytes` begin with the FSRS tools' header.
    package static func looksLike(_ bytes: [UInt8]) -> Bool {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return String(decoding: bytes[start...].prefix(40), as: UTF8.self).lowercased().hasPrefix("card_id,review_time")
    }

    /// One answer of the file.
    package struct Line: Equatable, Sendable {
        package var line: Int
        /// A citation's id or uuid, as the file has it.
        package var card: String
        package var at: Timestamp
        package var grade: Grade
    }

    /// The state numbers of the FSRS tools.
    static func number(_ phase: CardPhase) -> Int {
        switch phase {
        case .new: 0
        case .learning: 1
        case .review: 2
        case .relearning: 3
        }
    }

    /// One answer of citation `id` as a line.
    static func append(id: Int64, _ answer: CardExchange.Answer, into buffer: inout [UInt8]) {
        let line = "\(id),\(answer.at.seconds * 1000),\(answer.grade.rawValue),\(number(answer.stateBefore)),0\n"
        buffer.append(contentsOf: line.utf8)
    }

    /// The answers of `bytes` (the file called `name`). A line that is not an answer (a time that
    /// is not a number of milliseconds, a rating outside 1–4) is refused with every other such
    /// line, and nothing is read.
    package static func read(_ bytes: [UInt8], name: String) throws(ImportError) -> [Line] {
        var reader = CSV.Reader(bytes)
        func next() throws(ImportError) -> CSV.Record? {
            do throws(CSV.Failure) { return try reader.next() } catch { throw .malformed(name, "line \(error.line): \(error.reason)") }
        }
        guard let head = try next() else { throw .empty(name) }
        let names = head.fields.map { $0.trimmingWhitespace().lowercased() }
        guard let card = names.firstIndex(of: "card_id"), let time = names.firstIndex(of: "review_time"),
            let rating = names.firstIndex(of: "review_rating")
        else {
            throw .malformed(name, "its first line is not the FSRS tools' header (card_id,review_time,review_rating,…)")
        }
        var lines: [Line] = [], invalid: [InvalidRecord] = [], total = 0
        func refuse(_ line: Int, _ reason: String) {
            total += 1
            if invalid.count < 3 { invalid.append(InvalidRecord(.line(line), .format(reason))) }
        }
        while let record = try next() {
            let fields = record.fields
            guard fields.count > max(card, time, rating) else {
                refuse(record.line, "it has \(fields.count) fields where the header names \(names.count)")
                continue
            }
            let key = fields[card].trimmingWhitespace()
            guard !key.isEmpty else {
                refuse(record.line, "its card_id is empty")
                continue
            }
            guard let milliseconds = Int64(fields[time].trimmingWhitespace()), milliseconds > 0, milliseconds < 1 << 50 else {
                refuse(record.line, "its review_time \(quoted(fields[time])) is not a time in milliseconds since 1970")
                continue
            }
            guard let number = Int(fields[rating].trimmingWhitespace()), let grade = Grade(rawValue: number) else {
                refuse(record.line, "its review_rating \(quoted(fields[rating])) is not 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy)")
                continue
            }
            lines.append(Line(line: record.line, card: key, at: Timestamp(seconds: milliseconds / 1000), grade: grade))
        }
        if total > 0 { throw .invalidAnswers(invalid, total: total) }
        return lines
    }
}
