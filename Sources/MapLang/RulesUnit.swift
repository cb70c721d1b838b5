/// A parsed rules source: its text and the syntax tree to compile from it.
package struct RulesUnit: Sendable {
    /// The source text.
    package var source: SourceFile
    /// Its syntax tree, possibly with some items left out.
    package var file: RulesFile

    /// Creates a unit.
    package init(source: SourceFile, file: RulesFile) {
        self.source = source
        self.file = file
    }
}
