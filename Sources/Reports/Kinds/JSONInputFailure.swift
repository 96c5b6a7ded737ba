import GazetteCore
import JSONSupport

extension BuildError {
    /// A JSON input's fault as the build reports it: at its line and column, naming its key path.
    package static func decoding(_ source: Source, bytes: [UInt8], _ error: JSONInputError) -> BuildError {
        var failure = decoding(
            source, bytes: bytes, keyPath: error.keyPath, message: error.message, line: error.line, column: error.column
        )
        failure.hint = error.hint
        return failure
    }
}
