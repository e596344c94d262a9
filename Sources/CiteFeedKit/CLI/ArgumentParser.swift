/// One option of a command: `--name` alone (a flag) or `--name VALUE` / `--name=VALUE`.
public struct OptionSpec: Sendable {
    public var name: String
    /// The value's placeholder in help (`A`, `N`, `DIR`); `nil` for a flag.
    public var value: String?
    public var repeatable: Bool
    public var help: String
    /// The values a shell may offer after it (`citefeed completions`); files for a `FILE`,
    /// directories for a `DIR`.
    public var choices: [String] = []

    public static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: nil, repeatable: false, help: help)
    }

    public static func value(_ name: String, _ value: String, _ help: String, repeatable: Bool = false, choices: [String] = [])
        -> OptionSpec
    {
        OptionSpec(name: name, value: value, repeatable: repeatable, help: help, choices: choices)
    }
}

/// What a shell may offer for a command's positional arguments.
public enum PositionalCompletion: Sendable, Equatable {
    case nothing
    case files
    case words([String])
}

/// What a command accepts and how `--help` describes it.
public struct CommandSpec: Sendable {
    /// `add`, or `tag add` for a subcommand.
    public var name: String
    /// The arguments after the name in the usage line: `TEXT [--author A]...`.
    public var usage: String
    /// One line for `citefeed help`.
    public var summary: String
    /// Paragraphs for `--help`.
    public var details: String
    public var options: [OptionSpec]
    /// How many positional arguments, at least and at most (`nil`: no limit).
    public var positionals: (min: Int, max: Int?)
    /// Names of the positionals, for "missing X" messages.
    public var positionalName: String
    /// What `citefeed completions` offers for the positionals.
    public var completes: PositionalCompletion = .nothing

    init(
        name: String, usage: String, summary: String, details: String, options: [any OptionDeclaration], positionals: (min: Int, max: Int?),
        positionalName: String, completes: PositionalCompletion = .nothing
    ) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.details = details
        self.options = options.map(\.spec)
        self.positionals = positionals
        self.positionalName = positionalName
        self.completes = completes
    }
}

/// Options and positionals as given on the command line. Options are read through their
/// declarations (`Flag`, `Option`: see `Option.swift`), never by a name written again.
public struct ParsedArguments: Sendable {
    public var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    /// The names of the options the command declares (and the common ones).
    var declared: Set<String> = []
    public var wantsHelp = false
}

enum ArgumentParser {
    /// Options every command takes besides its own.
    static let home = Option("home", "DIR", "keep the library, settings and outputs in DIR (like CITEFEED_HOME)")
    static let help = Flag("help", "show this help")
    static let common: [OptionSpec] = [home.spec, help.spec]

    /// Splits `arguments` (after the command name) by `spec`. Options may come before or after
    /// positionals; `--` ends options; `-` and negative numbers are positionals.
    static func parse(_ arguments: [String], _ spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        let options = spec.options + common
        result.declared = Set(options.map(\.name))
        var i = 0
        var optionsEnded = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if optionsEnded || arg == "-" || !arg.hasPrefix("-") || arg.dropFirst().first?.isNumber == true {
                result.positionals.append(arg)
                continue
            }
            if arg == "--" { optionsEnded = true; continue }
            if arg == "-h" { result.wantsHelp = true; continue }
            guard arg.hasPrefix("--") else { throw .unknownOption(arg, command: spec.name) }
            var name = String(arg.dropFirst(2))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let option = options.first(where: { $0.name == name }) else { throw .unknownOption("--" + name, command: spec.name) }
            if option.value == nil {
                if inline != nil { throw .unexpectedValue(option: name, command: spec.name) }
                if name == "help" { result.wantsHelp = true }
                result.flags.insert(name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < arguments.count else { throw .missingValue(option: name, placeholder: option.value!, command: spec.name) }
                value = arguments[i]
                i += 1
            }
            if !option.repeatable, result.values[name] != nil {
                throw .repeated(option: name, command: spec.name)
            }
            result.values[name, default: []].append(value)
        }
        if result.wantsHelp { return result }
        if result.positionals.count < spec.positionals.min {
            throw .missingArgument(spec.positionalName, command: spec.name)
        }
        if let max = spec.positionals.max, result.positionals.count > max {
            throw .extraArgument(result.positionals[max], command: spec.name)
        }
        return result
    }
}
