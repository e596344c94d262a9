/// RFC 4180 CSV: fields separated by commas, records by CRLF or LF, fields with commas, quotes or
/// line breaks in double quotes, quotes doubled inside them.
public enum CSV {
    public struct Failure: Error, Equatable {
        public var line: Int
        public var reason: String
    }

    /// One record and the line it starts on (1-based).
    public struct Record: Equatable, Sendable {
        public var line: Int
        public var fields: [String]
    }

    /// Parses the whole text; a UTF-8 byte order mark is skipped. Blank lines between records
    /// are ignored.
    public static func parse(_ text: String) throws(Failure) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var quoteLine = 0
        var fieldStarted = false
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar?
        if let first = scalars.next(), first != "\u{FEFF}" { pending = first }
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !fieldStarted) { records.append(Record(line: recordLine, fields: fields)) }
            fields = []
            field = ""
            fieldStarted = false
        }
        while let c = pending ?? scalars.next() {
            pending = nil
            if inQuotes {
                if c == "\"" {
                    if let next = scalars.next() {
                        if next == "\"" {
                            field.unicodeScalars.append("\"")
                        } else {
                            inQuotes = false
                            pending = next
                        }
                    } else {
                        inQuotes = false
                    }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case "\"":
                guard field.isEmpty else { throw Failure(line: line, reason: "a quote inside an unquoted field") }
                inQuotes = true
                quoteLine = line
                fieldStarted = true
            case ",":
                fields.append(field)
                field = ""
                fieldStarted = true
            case "\r":
                if let next = scalars.next(), next != "\n" { pending = next }
                endRecord()
                line += 1
                recordLine = line
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            default:
                field.unicodeScalars.append(c)
                fieldStarted = true
            }
        }
        if inQuotes { throw Failure(line: quoteLine, reason: "a quoted field is not closed") }
        if fieldStarted || !fields.isEmpty || !field.isEmpty { endRecord() }
        return records
    }

    /// One field, quoted when it must be.
    public static func field(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return value }
        return "\"" + value.replacing("\"", with: "\"\"") + "\""
    }

    /// One record with CRLF, as RFC 4180 writes it.
    public static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }
}
