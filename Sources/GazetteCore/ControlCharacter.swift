/// The one definition of a control character, for every text Gazette writes (pages, e-mails,
/// the terminal, logs) or takes from a job: C0 (U+0000–U+001F), DEL (U+007F) and C1
/// (U+0080–U+009F). What to do with one (replace, escape, refuse) is the caller's; so is
/// whether the controls that lay out lines (tab, LF, CR) are kept.
package enum ControlCharacter {
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Tab, line feed and carriage return: the controls that lay out lines.
    package static func isLineLayout(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    /// The noncharacters (U+FDD0–U+FDEF and the last two of every plane, U+FFFE, U+FFFF, …):
    /// XML forbids U+FFFE and U+FFFF, and Cairo refuses text with any of them.
    package static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
        (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
    }

    /// Whether a scalar may stand in text that Gazette writes into SVG, HTML, XML or JSON or hands
    /// to Cairo: no control but the line-layout ones, no noncharacter. (Lone surrogates cannot be
    /// in a Swift string: decoding made them U+FFFD already.)
    package static func isWritable(_ scalar: Unicode.Scalar) -> Bool {
        isLineLayout(scalar) || !(isControl(scalar) || isNoncharacter(scalar))
    }

    /// Text from an input as every output may carry it: each control (tab and line ends
    /// included, which a name or label cannot lay out) and noncharacter made U+FFFD, so the reader
    /// sees that something was there. Text without one comes back as it is.
    package static func cleanedInput(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) || isNoncharacter($0) }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isControl(scalar) || isNoncharacter(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }

    /// `text` with every scalar that is not `isWritable` made U+FFFD: the last guard of a writer
    /// (SVG, the drawing library) for text that did not come through an input's cleaning.
    package static func writable(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy(isWritable) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(isWritable(scalar) ? scalar : "\u{FFFD}") }
        return String(scalars)
    }

    /// Whether `text` holds a control character.
    package static func contains(in text: String) -> Bool {
        text.unicodeScalars.contains(where: isControl)
    }

    /// `text` with every control character that `keep` does not keep made `replacement`.
    package static func replacing(
        in text: String, with replacement: Unicode.Scalar, keeping keep: (Unicode.Scalar) -> Bool = { _ in false }
    ) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !keep($0) }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(isControl(scalar) && !keep(scalar) ? replacement : scalar) }
        return String(scalars)
    }

    /// Whether UTF-8 `bytes` hold a control character other than tab and line ends: the check
    /// every page goes through, on its bytes (a scalar walk was 2 % of a big build). C1 controls
    /// are written C2 80–C2 9F; the same continuation bytes after any other lead byte are letters.
    package static func containsOtherThanLineLayout(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        var index = 0
        // Eight bytes at a time while none of them is below 0x20, DEL or 0xC2 (the lead byte of
        // C1 controls): then none can be a control, and the last byte is no 0xC2 for the next.
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                // A word after one that ended in 0xC2 is read byte by byte: its first byte may be a C1 control's second.
                if previous != 0xC2, !mayHoldControlByte(word) {
                    previous = UInt8(truncatingIfNeeded: word >> 56)
                    index += 8
                    continue
                }
                for byte in UnsafeBufferPointer(rebasing: bytes[index..<(index + 8)]) {
                    if isControlOtherThanLineLayout(byte, after: previous) { return true }
                    previous = byte
                }
                index += 8
            }
        }
        while index < bytes.count {
            if isControlOtherThanLineLayout(bytes[index], after: previous) { return true }
            previous = bytes[index]
            index += 1
        }
        return false
    }

    @inline(__always)
    private static func isControlOtherThanLineLayout(_ byte: UInt8, after previous: UInt8) -> Bool {
        if byte < 0x20 { return byte != 0x09 && byte != 0x0A && byte != 0x0D }
        return byte == 0x7F || (previous == 0xC2 && byte <= 0x9F)
    }

    /// Whether any byte of `word` is below 0x20, 0x7F or 0xC2 (exact, by the usual bit tricks:
    /// a byte below n ≤ 0x80 leaves its high bit set in `(x - n·ones) & ~x & highs`).
    @inline(__always)
    private static func mayHoldControlByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        let below20 = (word &- ones &* 0x20) & ~word & highs != 0
        return below20 || hasZero(word ^ (ones &* 0x7F)) || hasZero(word ^ (ones &* 0xC2))
    }
}
