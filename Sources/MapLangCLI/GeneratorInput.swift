import MapLang

/// The checked rules a command that writes something from rules (`gen`,
/// `schema`) works from, and the checks before it writes.
enum GeneratorInput {
    /// The rules, or why there are none.
    enum Outcome {
        /// The rules, checked.
        case checked(Rules)
        /// The exit status of a failure already reported.
        case failed(ExitCode)
    }

    /// Reads and checks the rules file, after making sure `-o` does not
    /// name it; a failure is reported as `check` reports it.
    ///
    /// - Returns: The rules, or the exit status of the failure, already reported.
    static func rules(at path: String, output: String?, console: any Console, reporter: ErrorReporter) -> Outcome {
        if let output, let identity = console.identity(of: output == "-" ? "./-" : output), console.identity(of: path) == identity {
            reporter.fail("`--output` names the rules file `\(output)`; it would be overwritten")
            return .failed(.usage)
        }
        do {
            return .checked(try Rules(source: try RulesLoader.load(path, console: console)))
        } catch let error as ConsoleError {
            reporter.fail(error.message)
            return .failed(.unreadableInput)
        } catch let error as RulesError {
            reporter.report(error.diagnostics)
            return .failed(.rulesError)
        } catch {
            reporter.fail("internal error: \(error)")
            return .failed(.internalError)
        }
    }
}
