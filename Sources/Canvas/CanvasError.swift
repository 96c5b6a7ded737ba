/// Everything that can go wrong while drawing, as one comparable error so tests assert whole values.
public enum CanvasError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A surface was asked for with a size Cairo cannot hold.
    case invalidSize(width: Double, height: Double)
    /// Cairo reported a failure status during an operation.
    case cairo(operation: String, status: String)
    /// Bytes could not be written to a file.
    case write(path: String, reason: String)
    /// Bytes given as a PNG could not be decoded.
    case decode(reason: String)

    public var description: String {
        switch self {
        case let .invalidSize(width, height):
            return "invalid surface size \(width)×\(height): both sides must be positive and at most 32767 pixels"
        case let .cairo(operation, status):
            return "cairo failed to \(operation): \(status)"
        case let .write(path, reason):
            return "\(path): cannot write: \(reason)"
        case let .decode(reason):
            return "cannot decode PNG: \(reason)"
        }
    }
}
