import GazetteCore

/// Where rendered pages go, and where the pictures they embed are read back from: the build's
/// staging folder, or a test's dictionary.
public protocol PageWriter: Sendable {
    func write(_ path: String, text: String) throws(BuildError)
    func read(_ path: String) -> [UInt8]?
}
