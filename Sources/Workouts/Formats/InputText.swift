/// Turns a file's bytes into what the readers split: UTF-8 with lines ended by LF (or CRLF).
/// Two shapes that spreadsheet programs still write are converted on the way, piece by piece:
/// UTF-16 text with its byte-order mark (Excel's "Unicode text"), read as UTF-8, and lines ended
/// by a lone CR (classic Mac OS), each CR read as a line end. Anything else passes through as it
/// came, without a copy.
struct InputText {
    enum Encoding: Equatable {
        case utf8
        case utf16(bigEndian: Bool)
    }

    /// Nil until the first two bytes have come.
    private(set) var encoding: Encoding?
    /// Whether lines end in a lone CR; nil until the first line end has come.
    private(set) var carriageReturnLines: Bool?
    /// Input bytes held back between pieces: an odd UTF-16 byte, or half a surrogate pair.
    private var heldInput: [UInt8] = []
    /// A converted CR held back at the end of a piece until its next byte says the line ends.
    private var heldReturn = false

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// Whether a whole file needs converting at all (its first bytes and first line end say).
    static func needsConverting(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if bytes.count >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)) {
            return true
        }
        return firstLineEndIsCarriageReturn(bytes, final: true) == true
    }

    /// The next piece of the file, converted. With `final`, nothing is held back.
    mutating func convert(_ piece: [UInt8], final: Bool) -> [UInt8] {
        var bytes = piece
        if !heldInput.isEmpty {
            bytes = heldInput + piece
            heldInput = []
        }
        if encoding == nil {
            guard bytes.count >= 2 || final else {
                heldInput = bytes
                return []
            }
            if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xFE {
                encoding = .utf16(bigEndian: false)
                bytes.removeFirst(2)
            } else if bytes.count >= 2 && bytes[0] == 0xFE && bytes[1] == 0xFF {
                encoding = .utf16(bigEndian: true)
                bytes.removeFirst(2)
            } else {
                encoding = .utf8
            }
        }
        if case let .utf16(bigEndian) = encoding {
            bytes = utf8(fromUTF16: bytes, bigEndian: bigEndian, final: final)
        }
        if heldReturn {
            bytes.insert(Self.carriageReturn, at: 0)
            heldReturn = false
        }
        if carriageReturnLines == nil {
            let found = bytes.withUnsafeBytes { Self.firstLineEndIsCarriageReturn($0, final: final) }
            if let found {
                carriageReturnLines = found
            } else if !final && bytes.last == Self.carriageReturn {
                // A CR at the end of the piece: its next byte decides.
                heldReturn = true
                bytes.removeLast()
                return bytes
            }
        }
        if carriageReturnLines == true {
            for index in bytes.indices where bytes[index] == Self.carriageReturn { bytes[index] = Self.lineFeed }
        }
        return bytes
    }

    /// True when the first line end is a CR not followed by LF, false when it is LF or CRLF, nil
    /// when the bytes hold none yet (or end in a CR whose next byte has not come).
    private static func firstLineEndIsCarriageReturn(_ bytes: UnsafeRawBufferPointer, final: Bool) -> Bool? {
        for index in 0..<bytes.count {
            switch bytes[index] {
            case lineFeed: return false
            case carriageReturn:
                if index + 1 < bytes.count { return bytes[index + 1] != lineFeed }
                return final ? true : nil
            default: continue
            }
        }
        return nil
    }

    /// UTF-16 code units as UTF-8; an odd last byte or a lone high surrogate at the end of a
    /// piece is held for the next one, and unpaired surrogates become U+FFFD.
    private mutating func utf8(fromUTF16 bytes: [UInt8], bigEndian: Bool, final: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 0
        while index + 1 < bytes.count {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        var rest = Array(bytes[index...])
        if !final, let last = units.last, (0xD800...0xDBFF).contains(last) {
            units.removeLast()
            rest = Array(bytes[(index - 2)...])
        }
        heldInput = final ? [] : rest
        var output: [UInt8] = []
        output.reserveCapacity(units.count + units.count / 2)
        for scalar in Self.scalars(units) { output.append(contentsOf: Unicode.UTF8.encode(scalar)!) }
        return output
    }

    /// The scalars of `units`, U+FFFD for each unpaired surrogate.
    private static func scalars(_ units: [UInt16]) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(units.count)
        var iterator = units.makeIterator()
        var decoder = Unicode.UTF16()
        loop: while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar): scalars.append(scalar)
            case .error: scalars.append("\u{FFFD}")
            case .emptyInput: break loop
            }
        }
        return scalars
    }
}
