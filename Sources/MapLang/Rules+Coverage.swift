extension Rules {
    /// The coverage of every record mapped forward so far with these rules,
    /// when they were compiled to count it.
    ///
    /// - Parameter share: The percentage past which a field's defaults are reported.
    package func coverageReport(share: Int) -> CoverageReport? {
        coverage.map { CoverageReport(counts: $0.counts, plan: plan, share: share) }
    }
}
