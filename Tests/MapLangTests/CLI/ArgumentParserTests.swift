@testable import MapLangCLI
import Testing

/// `CommandSpec.parse` on its own: where options may go, both spellings of a
/// value, `--`, `-`, and the errors it throws.
struct ArgumentParserTests {
    static let run = RunCommand.spec
    static let check = CheckCommand.spec

    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let positionals: [String]
        var values: [String: String] = [:]
        var flags: Set<String> = []
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let parsed: [Case] = [
        Case(arguments: ["r.map", "in.json"], positionals: ["r.map", "in.json"]),
        Case(arguments: ["r.map", "-"], positionals: ["r.map", "-"]),
        Case(
            arguments: ["--pretty", "r.map", "--model", "Book", "in.json"], positionals: ["r.map", "in.json"],
            values: ["--model": "Book"], flags: ["--pretty"]),
        Case(
            arguments: ["r.map", "in.json", "-m", "Book", "-o", "out.json"], positionals: ["r.map", "in.json"],
            values: ["--model": "Book", "--output": "out.json"]),
        Case(
            arguments: ["r.map", "in.json", "--model=Book", "--output=a=b.json", "--color=never"],
            positionals: ["r.map", "in.json"], values: ["--model": "Book", "--output": "a=b.json", "--color": "never"]),
        Case(
            arguments: ["r.map", "in.json", "--color", "always", "--color", "never"], positionals: ["r.map", "in.json"],
            values: ["--color": "never"]),
        Case(arguments: ["--", "-odd.map", "--pretty"], positionals: ["-odd.map", "--pretty"]),
        Case(arguments: ["r.map", "--", "-"], positionals: ["r.map", "-"]),
        Case(
            arguments: ["-o", "-", "r.map", "in.json"], positionals: ["r.map", "in.json"], values: ["--output": "-"]),
        // `--name=` gives the empty value; it must not swallow the next argument.
        Case(arguments: ["--model=", "r.map", "in.json"], positionals: ["r.map", "in.json"], values: ["--model": ""]),
    ]

    @Test(arguments: parsed)
    func parsesRun(_ testCase: Case) throws {
        let result = try Self.run.parse(testCase.arguments)
        #expect(result.positionals == testCase.positionals)
        #expect(result.values == testCase.values)
        #expect(result.flags == testCase.flags)
    }

    @Test func parsesCheck() throws {
        let result = try Self.check.parse(["--ast", "r.map", "--color", "auto"])
        #expect(
            result == ParsedArguments(positionals: ["r.map"], values: ["--color": "auto"], allValues: ["--color": ["auto"]], flags: ["--ast"]))
    }

    /// An option given more than once keeps its last value, and every value in order.
    @Test func parsesRepeatedOptions() throws {
        let result = try GenerateCommand.spec.parse(["swift", "r.map", "--model", "A", "-m", "B", "--model=C"])
        #expect(result.positionals == ["swift", "r.map"])
        #expect(result.values["--model"] == "C")
        #expect(result.allValues["--model"] == ["A", "B", "C"])
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let error: UsageError
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let usage = "usage: maplang run RULES INPUT [INPUT...] [options]"

    static let errors: [ErrorCase] = [
        ErrorCase(
            arguments: ["r.map", "in.json", "--prety"],
            error: UsageError(message: "`run` has no option `--prety`", help: "did you mean `--pretty`?")),
        ErrorCase(arguments: ["r.map", "in.json", "-x"], error: UsageError(message: "`run` has no option `-x`", help: nil)),
        ErrorCase(arguments: ["r.map", "in.json", "--pretty=1"], error: UsageError(message: "`--pretty` takes no value")),
        ErrorCase(
            arguments: ["r.map", "in.json", "--model"], error: UsageError(message: "`--model` needs a value: `--model NAME`")),
        ErrorCase(
            arguments: ["r.map", "in.json", "--color", "red"],
            error: UsageError(message: "`--color` takes `auto`, `always`, `never`, not `red`")),
        // An option is checked where it is met, before the count of positionals.
        ErrorCase(arguments: ["--prety"], error: UsageError(message: "`run` has no option `--prety`", help: "did you mean `--pretty`?")),
    ]

    @Test(arguments: errors)
    func throwsUsageErrors(_ testCase: ErrorCase) {
        #expect(throws: testCase.error) { try Self.run.parse(testCase.arguments) }
    }

    /// Positional counts: the message names what is missing or extra.
    @Test func positionalCounts() {
        func message(_ arguments: [String]) -> String? {
            do throws(UsageError) {
                _ = try Self.run.parse(arguments)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message([]) == "`run` needs RULES")
        #expect(message(["r.map"]) == "`run` needs INPUT")
        #expect(message(["r.map", "a"]) == nil)
        // `run` takes any number of inputs; `check` one rules file.
        #expect(message(["r.map", "a", "b", "c"]) == nil)
        #expect(throws: UsageError(message: "unexpected argument `b`", usage: Self.check.usageLine)) {
            try Self.check.parse(["a", "b"])
        }
    }

    @Test func usageLines() {
        #expect(Self.run.usageLine == "maplang run RULES INPUT [INPUT...] [options]")
        #expect(Self.check.usageLine == "maplang check RULES [options]")
    }

    /// Every option's long spelling starts with `--`, short ones with a single `-`,
    /// and no spelling is used twice within a command.
    @Test(arguments: [RunCommand.spec, CheckCommand.spec].map(\.name))
    func spellingsAreWellFormed(_ name: String) {
        let spec = [RunCommand.spec, CheckCommand.spec].first { $0.name == name }!
        let spellings = spec.options.flatMap(\.names)
        #expect(Set(spellings).count == spellings.count)
        for option in spec.options {
            #expect(option.key.hasPrefix("--"))
            for short in option.names.dropFirst() {
                #expect(short.hasPrefix("-") && !short.hasPrefix("--") && short.count == 2)
            }
        }
    }
}
