import GazetteCore

/// Where rendered pages go, and where the pictures they embed are read back from: the build's
/// staging folder, or a test's dictionary.
public protocol PageWriter: Sendable {
    func write(_ path: String, text: String) throws(BuildError)
    /// One file made of `pieces` one after another (a page's layout around its body), so a
    /// long page is never joined into one more string first.
    func write(_ path: String, pieces: [String]) throws(BuildError)
    func read(_ path: String) -> [UInt8]?
}

extension PageWriter {
    public func write(_ path: String, pieces: [String]) throws(BuildError) {
        try write(path, text: pieces.joined())
    }
}
