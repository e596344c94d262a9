/// Helpers shared by commands for reading argument values.
enum Arguments {
    /// A citation id: a positive whole number.
    static func id(_ text: String) throws(UsageError) -> Int64 {
        guard let id = Int64(text), id > 0 else { throw .invalidValue(text, expected: "a citation id is a positive whole number") }
        return id
    }

    static func ids(_ texts: [String]) throws(UsageError) -> [Int64] {
        var ids: [Int64] = []
        for text in texts {
            let id = try id(text)
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    /// A whole number in `range`, for option `name`.
    static func integer(_ text: String, option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let n = Int(text), range.contains(n) else {
            throw .invalidValue(text, expected: "--\(option) takes a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }

    /// One of `choices`, for option `name`.
    static func choice<T: RawRepresentable>(_ text: String, option: String, _ type: T.Type) throws(UsageError) -> T
    where T: CaseIterable, T.RawValue == String {
        guard let value = T(rawValue: text) else {
            throw .invalidValue(text, expected: "--\(option) takes one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    /// A text argument: `-` reads standard input.
    static func text(_ value: String, _ context: Context) throws -> String {
        value == "-" ? try context.readStandardInputText() : value
    }
}
