import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

@Suite struct ArgumentParserTests {
    let spec = AddCommand.spec

    @Test func splitsOptionsAndPositionalsInAnyOrder() throws {
        let parsed = try ArgumentParser.parse(["--tag", "a", "text", "--tag=b", "--favourite", "--author=", "--source", "-"], spec)
        #expect(parsed.positionals == ["text"])
        #expect(parsed.values(AddCommand.tag) == ["a", "b"])
        #expect(parsed(AddCommand.favourite))
        #expect(parsed(AddCommand.author) == "")
        #expect(parsed(AddCommand.source) == "-")
        #expect(parsed.has(AddCommand.source) && !parsed.has(AddCommand.back))
    }

    /// Options are read through their declarations; values are checked in their words.
    @Test func typedValues() throws {
        let list = try ArgumentParser.parse(["--sort", "author", "--limit", "7"], ListCommand.spec)
        #expect(try list.choice(ListCommand.sort, CitationQuery.Sort.self) == .author)
        #expect(try list.integer(ListCommand.limit, in: 1...10) == 7)
        #expect(try list.choice(ListCommand.sort, CitationQuery.Sort.self) != nil && list(ListCommand.search) == nil)
        let bad = try ArgumentParser.parse(["--sort", "size", "--limit", "70"], ListCommand.spec)
        #expect(throws: UsageError.invalidValue("size", expected: "--sort takes one of updated, created, author, text")) {
            try bad.choice(ListCommand.sort, CitationQuery.Sort.self)
        }
        #expect(throws: UsageError.invalidValue("70", expected: "--limit takes a whole number from 1 to 10")) {
            try bad.integer(ListCommand.limit, in: 1...10)
        }
    }

    /// Every command declares each option once: no two with one name, none that shadows a
    /// common option, and each offered by `--help` and completions from the same spec.
    @Test func everyOptionIsDeclaredOnce() {
        for command in CLI.commands {
            let names = command.spec.options.map(\.name) + ArgumentParser.common.map(\.name)
            #expect(Set(names).count == names.count, "\(command.spec.name): \(names)")
        }
    }

    @Test func doubleDashEndsOptionsAndDashIsStandardInput() throws {
        #expect(try ArgumentParser.parse(["--", "--not-an-option"], spec).positionals == ["--not-an-option"])
        #expect(try ArgumentParser.parse(["-"], spec).positionals == ["-"])
        #expect(try ArgumentParser.parse(["-5"], spec).positionals == ["-5"])
    }

    @Test func errors() {
        #expect(throws: UsageError.unknownOption("--colour", command: "add")) { try ArgumentParser.parse(["x", "--colour", "red"], spec) }
        #expect(throws: UsageError.missingValue(option: "author", placeholder: "A", command: "add")) {
            try ArgumentParser.parse(["x", "--author"], spec)
        }
        #expect(throws: UsageError.unexpectedValue(option: "favourite", command: "add")) {
            try ArgumentParser.parse(["x", "--favourite=yes"], spec)
        }
        #expect(throws: UsageError.repeated(option: "author", command: "add")) {
            try ArgumentParser.parse(["x", "--author", "a", "--author", "b"], spec)
        }
        #expect(throws: UsageError.extraArgument("y", command: "add")) { try ArgumentParser.parse(["x", "y"], spec) }
        #expect(throws: UsageError.self) { try ArgumentParser.parse([], spec) }
    }

    @Test func helpNeedsNothingElse() throws {
        #expect(try ArgumentParser.parse(["--help"], spec).wantsHelp)
        #expect(try ArgumentParser.parse(["-h"], spec).wantsHelp)
    }

    @Test func suggestsTheNearestCommand() {
        #expect(CLI.closestCommand(to: "lsit") == "list")
        #expect(CLI.closestCommand(to: "defualts") == "defaults")
        #expect(CLI.closestCommand(to: "xyzzy") == nil)
    }
}
