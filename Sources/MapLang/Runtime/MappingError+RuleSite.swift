extension MappingError {
    /// Creates an error for a rule whose site the plan resolved.
    init(path: JSONPath, model: String, field: String?, problem: MappingProblem, site: RuleSite) {
        self.init(
            path: path, model: model, field: field, problem: problem, ruleFile: site.file,
            ruleLocation: site.location, rule: site.description)
    }
}
