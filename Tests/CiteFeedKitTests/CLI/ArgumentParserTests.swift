import Testing

@testable import CiteFeedKit

@Suite struct ArgumentParserTests {
    let spec = AddCommand.spec

    @Test func splitsOptionsAndPositionalsInAnyOrder() throws {
        let parsed = try ArgumentParser.parse(["--tag", "a", "text", "--tag=b", "--favourite", "--author=", "--source", "-"], spec)
        #expect(parsed.positionals == ["text"])
        #expect(parsed.values("tag") == ["a", "b"])
        #expect(parsed.flag("favourite"))
        #expect(parsed.value("author") == "")
        #expect(parsed.value("source") == "-")
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
