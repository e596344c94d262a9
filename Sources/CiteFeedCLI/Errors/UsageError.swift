import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// A command line citefeed cannot make sense of (exit status 64).
package enum UsageError: CiteFeedError, Equatable {
    case unknownCommand(String)
    case unknownOption(String, command: String)
    case missingValue(option: String, placeholder: String, command: String)
    case unexpectedValue(option: String, command: String)
    case repeated(option: String, command: String)
    case missingArgument(String, command: String)
    case extraArgument(String, command: String)
    case invalidValue(String, expected: String)
    case conflicting(String, String, command: String)
    case invalidNow(String)
    case other(String)

    package var exitStatus: ExitStatus { .usage }

    package var message: String {
        switch self {
        case .unknownCommand(let name):
            let hint = CLI.closestCommand(to: name).map { "did you mean '\($0)'? " } ?? ""
            return "Unknown command \(quoted(name)); \(hint)'citefeed help' lists the commands."
        case let .unknownOption(option, command) where command == "defaults write":
            return
                "Unknown option \(option) for '\(command)'; a value that starts with '-' goes after '--', as in: citefeed defaults write publishCommand -- rsync -a --delete ./ host:feeds/"
        case let .unknownOption(option, command):
            return "Unknown option \(option) for '\(command)'; see 'citefeed \(command) --help'."
        case let .missingValue(option, placeholder, command):
            return "Option --\(option) of '\(command)' needs a value: --\(option) \(placeholder)."
        case let .unexpectedValue(option, command):
            return "Option --\(option) of '\(command)' takes no value."
        case let .repeated(option, command):
            return "Option --\(option) of '\(command)' is given more than once."
        case let .missingArgument(name, command):
            return "'\(command)' needs \(name); see 'citefeed \(command) --help'."
        case let .extraArgument(argument, command):
            return "Unexpected argument \(quoted(argument)) for '\(command)'; see 'citefeed \(command) --help'."
        case let .invalidValue(value, expected):
            return "Invalid value \(quoted(value)): \(expected)."
        case let .conflicting(a, b, command):
            return "Options \(a) and \(b) of '\(command)' cannot be used together."
        case .invalidNow(let value):
            return "CITEFEED_NOW=\(quoted(value)) is not a date-time; use ISO 8601 with an offset, such as 2026-03-01T09:30:00+01:00."
        case .other(let message):
            return message
        }
    }
}
