import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

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
