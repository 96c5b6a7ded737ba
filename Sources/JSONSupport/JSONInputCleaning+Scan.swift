import GazetteCore

extension JSONInputCleaning {
    /// Whether the bytes may hold a character to clean: DEL, a C1 control (C2 80–9F), a
    /// noncharacter (EF B7 90–AF, EF BF BE–BF, or a plane's last two, F0–F4 ?F BF BE–BF), or a
    /// `\u` escape of a control, DEL, a C1 control, a noncharacter or a surrogate (a pair is
    /// checked by the rewrite). Ordinary escapes and letters beyond ASCII cost no rewrite.
    static func mayNeedCleaning(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        let backslash = UInt8(ascii: "\\")
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte < 0x7F && byte != backslash {
                index += 1
                continue
            }
            let next = index + 1 < count ? bytes[index + 1] : 0
            let third = index + 2 < count ? bytes[index + 2] : 0
            let fourth = index + 3 < count ? bytes[index + 3] : 0
            switch byte {
            case 0x7F: return true
            case 0xC2 where (0x80...0x9F).contains(next): return true
            case 0xEF where next == 0xB7 && (0x90...0xAF).contains(third): return true
            case 0xEF where next == 0xBF && third >= 0xBE: return true
            case 0xF0...0xF4 where next & 0x0F == 0x0F && third == 0xBF && fourth >= 0xBE: return true
            case backslash:
                if next == UInt8(ascii: "u"), let code = hexCode(bytes, from: index + 2), needsCleaning(code) {
                    return true
                }
                // `\X` is one escape: the byte after the backslash is never one of its own.
                index += 2
                continue
            default: break
            }
            index += 1
        }
        return false
    }

    /// Whether the escape `\uXXXX` of `code` is one the rewrite replaces (or, a surrogate, which
    /// is no scalar alone, checks with its pair).
    private static func needsCleaning(_ code: UInt32) -> Bool {
        Unicode.Scalar(code).map { !ControlCharacter.isWritable($0) } ?? true
    }

    /// The four hex digits at `start`, as a number; nil when they are not four hex digits.
    private static func hexCode(_ bytes: UnsafeRawBufferPointer, from start: Int) -> UInt32? {
        guard start + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[start + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
