/// One change `maplang test --update` makes to a file, planned and checked
/// before any is made.
struct PlannedUpdate {
    /// What is done to the file.
    enum Change {
        /// It is written whole, beside itself, then renamed over the old one.
        case write([UInt8])
        /// It is removed.
        case remove
    }

    /// The file, as messages name it.
    let path: String
    /// What is done to it.
    let change: Change
    /// Whether it is the rules file whose tests are updated, rewritten in place.
    let replacesRulesFile: Bool
    /// The tests whose expectation it makes what mapping gave, by index.
    let tests: [Int]
    /// Whether it is made only if the change planned just before it was:
    /// a folder's other expectation is removed only once the new one is written.
    var followsTheOneBefore = false

    /// Makes the change.
    ///
    /// - Throws: `ConsoleError` when it cannot be made.
    func commit(_ files: TestFileAccess) throws(ConsoleError) {
        switch change {
        case .write(let bytes): try files.replace(path, with: bytes)
        case .remove: try files.console.removeFile(path)
        }
    }
}
