/// A record's trace as people read it, for `maplang run --explain`: the
/// record, then a block per field (indented with its model's depth), check
/// and choice, then the record's outcome.
package enum TraceText {
    /// The text of one record's trace, ending with a blank line.
    ///
    /// - Parameter input: The input's name, as error reports give it.
    package static func render(_ explanation: RecordExplanation, input: String, model: String) -> String {
        var lines: [String] = []
        let place = explanation.line.map { "line \($0)" } ?? placeText(explanation.position)
        lines.append("explain: \(input): record \(explanation.path) (\(place)) as `\(model)`")
        for entry in explanation.trace {
            switch entry {
            case .field(let field): lines += self.field(field)
            case .check(let check): lines.append(self.check(check))
            case .choice(let choice): lines += self.choice(choice)
            }
        }
        let record = explanation.record
        let count = record.errors.count
        lines.append(
            record.value != nil
                ? "  result: mapped" : "  result: not mapped, \(count) \(count == 1 ? "error" : "errors") (reported with the run's errors)")
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// A field's lines: its name and declaration, each key tried, the input
    /// value, each step, each rule, the default, and the value or errors.
    private static func field(_ field: FieldTrace) -> [String] {
        let indent = String(repeating: "  ", count: field.depth + 1)
        let detail = indent + "  "
        var lines = ["\(indent)`\(field.model).\(field.field)` (\(siteText(field.site)))\(field.isComputed ? ", computed" : "")"]
        for attempt in field.keys {
            switch attempt.outcome {
            case .found:
                guard let input = field.input else { continue }
                let at = input.position.map { ", \(placeText($0))" } ?? ""
                lines.append("\(detail)key `\(attempt.key)`: found \(input.value.preview) at \(input.path)\(at)")
            case .null: lines.append("\(detail)key `\(attempt.key)`: null")
            case .missing: lines.append("\(detail)key `\(attempt.key)`: missing")
            case .wrongShape: lines.append("\(detail)key `\(attempt.key)`: a value of the wrong shape on the way")
            }
        }
        for step in field.steps {
            let element = step.path == field.input?.path ? "" : " at \(step.path)"
            let what =
                step.site == field.site
                ? "coerced to \(step.by)" : "\(step.by) (\(siteText(step.site)))\(step.coerced ? ", by coercion" : "")"
            lines.append("\(detail)\(what)\(element): \(step.value.preview)")
        }
        for rule in field.rules {
            let element = rule.path == field.input?.path ? "" : " at \(rule.path)"
            lines.append("\(detail)\(rule.site.description) (\(siteText(rule.site)))\(element): \(rule.holds ? "holds" : "does not hold")")
        }
        if let absent = field.absent {
            let reason = absent.sawNull ? "a key holds null" : "no key is present"
            if absent.defaultPassedOver {
                let taken = absent.value.map { ", so null: \($0.preview)" } ?? ", and the field may not be null"
                lines.append("\(detail)its default applies only when the key is missing, and \(reason)\(taken)")
            } else if let value = absent.value {
                lines.append("\(detail)\(absent.defaulted ? "default" : "null") used, as \(reason): \(value.preview)")
            } else {
                lines.append("\(detail)no default, and \(reason)")
            }
        }
        if let value = field.value {
            lines.append("\(detail)value: \(value.preview)")
        }
        for error in field.errors {
            lines.append("\(detail)error[\(error.problem.code)]: \(error.path): \(error.message)")
        }
        for warning in field.warnings {
            lines.append("\(detail)warning[\(warning.problem.code)]: \(warning.path): \(warning.message)")
        }
        return lines
    }

    /// A model check's line.
    private static func check(_ check: CheckTrace) -> String {
        let indent = String(repeating: "  ", count: check.depth + 1)
        let outcome =
            switch check.holds {
            case true?: "holds"
            case false?: "does not hold, reporting: \(check.message)"
            case nil: "could not be evaluated"
            }
        return "\(indent)check of `\(check.model)` (\(siteText(check.site))): \(outcome)"
    }

    /// A choice's lines: the discriminator's value and the model it chose,
    /// or why no model was.
    private static func choice(_ choice: ChoiceTrace) -> [String] {
        let indent = String(repeating: "  ", count: choice.depth + 1)
        var lines = ["\(indent)choice `\(choice.choice)` (\(siteText(choice.site))) at \(choice.path)"]
        let at = choice.foundPosition.map { " at \(placeText($0))" } ?? ""
        let found = choice.found.map { "`\(choice.discriminator)` is \($0.preview)\(at)" } ?? "`\(choice.discriminator)` is missing"
        let listed = choice.known.joined(separator: ", ")
        switch (choice.chosen, choice.byDefault) {
        case (let model?, false):
            lines.append("\(indent)  \(found), which chooses `\(model)`")
        case (let model?, true):
            lines.append("\(indent)  \(found), which no variant lists (\(listed)); the default `\(model)` is chosen")
        case (nil, _):
            lines.append("\(indent)  \(found); each variant wants another value (\(listed)) and there is no default, so no model is chosen")
        }
        return lines
    }

    /// `file:line:column` of a rule.
    private static func siteText(_ site: TracedSite) -> String {
        "\(site.file):\(site.location.line):\(site.location.column)"
    }

    /// `line L, column C` of an input position.
    private static func placeText(_ position: TextPosition) -> String {
        "line \(position.line), column \(position.column)"
    }
}
