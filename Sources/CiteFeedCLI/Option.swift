import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `--name VALUE` or `--name=VALUE`.
struct Option: OptionDeclaration {
    let spec: OptionSpec

    init(_ name: String, _ placeholder: String, _ help: String, repeatable: Bool = false, choices: [String] = []) {
        spec = .value(name, placeholder, help, repeatable: repeatable, choices: choices)
    }

    /// An option whose value is one of `T`'s cases, offered to shells as completions.
    init<T: RawRepresentable & CaseIterable>(_ name: String, _ placeholder: String, _ help: String, choices type: T.Type)
    where T.RawValue == String {
        self.init(name, placeholder, help, choices: T.allCases.map(\.rawValue))
    }

    var name: String { spec.name }
}

extension ParsedArguments {
    /// Whether `flag` was given.
    func callAsFunction(_ flag: Flag) -> Bool {
        precondition(declared.contains(flag.spec.name), "--\(flag.spec.name) is not an option of this command")
        return flags.contains(flag.spec.name)
    }

    /// The value of `option` (the last one given), if any.
    func callAsFunction(_ option: Option) -> String? { values(option).last }

    /// Every value given to a repeatable `option`, in order.
    func values(_ option: Option) -> [String] {
        precondition(declared.contains(option.name), "--\(option.name) is not an option of this command")
        return values[option.name] ?? []
    }

    /// Whether `option` was given at all.
    func has(_ option: any OptionDeclaration) -> Bool {
        precondition(declared.contains(option.spec.name), "--\(option.spec.name) is not an option of this command")
        return given(option.spec.name)
    }

    /// Whether the option of a spec (`CommandSpec.options`) was given.
    func given(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }

    /// The value of `option` as a whole number in `range`.
    func integer(_ option: Option, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = self(option) else { return nil }
        guard let n = Int(text), range.contains(n) else {
            throw .invalidValue(text, expected: "--\(option.name) takes a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }

    /// The value of `option` as one of `T`'s cases.
    func choice<T: RawRepresentable & CaseIterable>(_ option: Option, _ type: T.Type) throws(UsageError) -> T?
    where T.RawValue == String {
        guard let text = self(option) else { return nil }
        guard let value = T(rawValue: text) else {
            throw .invalidValue(text, expected: "--\(option.name) takes one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }
}
