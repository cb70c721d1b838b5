/// One input of `maplang run`: how messages name it, and how to open it
/// once its turn comes, so a folder of many files holds one open at a time.
struct RunInput {
    /// The input as messages name it: its path, or `<stdin>`.
    let name: String
    /// Opens it to read.
    let open: () throws(ConsoleError) -> any InputSource
}
