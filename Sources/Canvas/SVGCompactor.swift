import Foundation

/// Writes Cairo's SVG in fewer bytes without changing what it draws.
///
/// Cairo spells every coordinate with six decimals, every path command absolute, every colour as
/// `rgb(10.588235%,…)` and every opacity even when it is 1. The compactor rewrites:
/// - path data (`d`) at 1/100 px: relative commands after the first move, computed from the
///   rounded absolute points so no rounding error adds up, a repeated command letter left out, and
///   a final move that draws nothing dropped;
/// - `x`, `y`, `width` and `height` numbers at 1/100 px;
/// - `rgb(…%)` colours as `#rrggbb` (Cairo's percentages come from 8-bit values);
/// - `fill-opacity:1;` and `stroke-opacity:1;`, which are the defaults;
/// - glyphs that draw nothing (a space's empty outline) with every use of them, and groups left empty.
/// A hundredth of a pixel is below what any screen or printer at normal zoom can show.
enum SVGCompactor {
    static func compact(_ svg: [UInt8]) -> [UInt8] {
        dropEmptyGlyphs(rewrite(svg))
    }

    private static let symbolOpen = Array("<symbol".utf8)
    private static let symbolClose = Array("</symbol".utf8)

    /// The bytes at which a rewrite may start; every other byte is copied as part of a run.
    private static let mayStartRewrite: [Bool] = (0..<256).map { byte in
        [UInt8(ascii: "<"), UInt8(ascii: " "), UInt8(ascii: "r"), UInt8(ascii: "f"), UInt8(ascii: "s")].contains(
            UInt8(byte))
    }

    private static func rewrite(_ svg: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(svg.count / 2)
        let count = svg.count
        var i = 0
        // Bytes from `run` up to `i` are copied as they are, in one go, before anything rewritten.
        var run = 0
        // Inside a `<symbol>`, where Cairo writes a glyph's outline: the same in every chart.
        var inSymbol = false
        let mayStartRewrite = Self.mayStartRewrite
        while i < count {
            let byte = svg[i]
            guard mayStartRewrite[Int(byte)] else {
                i += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "<"):
                if starts(svg, at: i, with: symbolOpen) {
                    inSymbol = true
                } else if starts(svg, at: i, with: symbolClose) {
                    inSymbol = false
                }
            case UInt8(ascii: " "):
                guard let (marker, valueStart) = attribute(in: svg, at: i) else { break }
                let valueEnd = svg[valueStart...].firstIndex(of: quote) ?? count
                let value = svg[valueStart..<valueEnd]
                out.append(contentsOf: svg[run..<valueStart])
                if marker == pathMarker {
                    out.append(
                        contentsOf: inSymbol ? CompactedPaths.compact(value, PathData.compact) : PathData.compact(value)
                    )
                } else if let number = DecimalText.parse(value) {
                    Hundredths.append(Hundredths.of(number), to: &out)
                } else {
                    out.append(contentsOf: value)
                }
                i = valueEnd
                run = i
                continue
            case UInt8(ascii: "r"):
                guard starts(svg, at: i, with: rgbOpen) else { break }
                out.append(contentsOf: svg[run..<i])
                run = i
                // Not a colour after all: the byte stays in the run.
                guard let end = appendPercentColour(in: svg, at: i, to: &out) else { break }
                i = end
                run = i
                continue
            case UInt8(ascii: "f"), UInt8(ascii: "s"):
                let marker = byte == UInt8(ascii: "f") ? fillOpacityOne : strokeOpacityOne
                guard starts(svg, at: i, with: marker) else { break }
                out.append(contentsOf: svg[run..<i])
                i += marker.count
                run = i
                continue
            default:
                break
            }
            i += 1
        }
        out.append(contentsOf: svg[run..<count])
        return out
    }

    /// Removes Cairo's symbols whose one path is empty, the `<use>` lines naming them, and then any
    /// group with nothing left in it. Cairo writes each of these on lines of their own.
    static func dropEmptyGlyphs(_ svg: [UInt8]) -> [UInt8] {
        // Lines are ranges of the bytes: nothing is copied until the result is joined.
        var lines: [Range<Int>] = []
        var lineStart = 0
        for index in svg.indices where svg[index] == newline {
            lines.append(lineStart..<index)
            lineStart = index + 1
        }
        lines.append(lineStart..<svg.count)
        var emptyIDs: Set<ArraySlice<UInt8>> = []
        var keep = [Bool](repeating: true, count: lines.count)
        for index in lines.indices.dropLast(2)
        where svg[lines[index]].starts(with: symbolStart) && svg[lines[index + 1]].elementsEqual(emptyPath)
            && svg[lines[index + 2]].elementsEqual(symbolEnd)
        {
            emptyIDs.insert(svg[lines[index]].dropFirst(symbolStart.count).prefix { $0 != quote })
            keep[index] = false
            keep[index + 1] = false
            keep[index + 2] = false
        }
        guard !emptyIDs.isEmpty else { return svg }
        for index in lines.indices where keep[index] && svg[lines[index]].starts(with: useStart) {
            if emptyIDs.contains(svg[lines[index]].dropFirst(useStart.count).prefix { $0 != quote }) {
                keep[index] = false
            }
        }
        // A group whose every use was dropped: its opening line followed at once by its close.
        var result: [Range<Int>] = []
        for (line, kept) in zip(lines, keep) where kept {
            if svg[line].elementsEqual(groupClose), let open = result.last, svg[open].starts(with: groupOpen),
                svg[open].last != UInt8(ascii: "/")
            {
                result.removeLast()
                continue
            }
            result.append(line)
        }
        var out: [UInt8] = []
        out.reserveCapacity(svg.count)
        for (index, line) in result.enumerated() {
            if index > 0 { out.append(newline) }
            out.append(contentsOf: svg[line])
        }
        return out
    }

    private static let newline = UInt8(ascii: "\n")
    private static let emptyPath = Array(#"<path style="stroke:none;" d=""/>"#.utf8)
    private static let symbolStart = Array(#"<symbol overflow="visible" id=""#.utf8)
    private static let symbolEnd = Array("</symbol>".utf8)
    private static let useStart = Array(##"  <use xlink:href="#"##.utf8)
    private static let groupOpen = Array("<g".utf8)
    private static let groupClose = Array("</g>".utf8)

    private static let quote = UInt8(ascii: "\"")
    private static let fillOpacityOne = Array("fill-opacity:1;".utf8)
    private static let strokeOpacityOne = Array("stroke-opacity:1;".utf8)
    /// The attributes the compactor rewrites, as they start: the path data, then the numbers.
    private static let pathMarker = Array(" d=\"".utf8)
    private static let rewritten = [pathMarker] + [" x", " y", " width", " height"].map { Array(($0 + "=\"").utf8) }

    /// The attribute starting at `i` when it is one the compactor rewrites (its marker), and
    /// where its value starts.
    private static func attribute(in svg: [UInt8], at i: Int) -> ([UInt8], Int)? {
        for marker in rewritten where starts(svg, at: i, with: marker) {
            return (marker, i + marker.count)
        }
        return nil
    }

    private static func starts(_ svg: [UInt8], at i: Int, with marker: [UInt8]) -> Bool {
        guard i + marker.count <= svg.count else { return false }
        for (offset, byte) in marker.enumerated() where svg[i + offset] != byte { return false }
        return true
    }

    private static let rgbOpen = Array("rgb(".utf8)

    /// Writes `rgb(a%,b%,c%)` at `i` as `#rrggbb` and returns the index after it; nil, writing
    /// nothing, where there is no such colour.
    private static func appendPercentColour(in svg: [UInt8], at i: Int, to out: inout [UInt8]) -> Int? {
        // Called at every "r" of the file: read in place, nothing allocated.
        guard starts(svg, at: i, with: rgbOpen),
            let close = svg[(i + rgbOpen.count)...].prefix(40).firstIndex(of: UInt8(ascii: ")"))
        else { return nil }
        // The parts between commas, empty ones skipped (as splitting the text would).
        var values: (Int, Int, Int) = (0, 0, 0)
        var found = 0
        var partStart = i + rgbOpen.count
        for index in partStart...close where index == close || svg[index] == UInt8(ascii: ",") {
            defer { partStart = index + 1 }
            guard index > partStart else { continue }
            guard found < 3, svg[index - 1] == UInt8(ascii: "%"),
                let percent = DecimalText.parse(svg[partStart..<(index - 1)]), percent >= 0, percent <= 100
            else { return nil }
            let value = Int((percent * 2.55).rounded())
            switch found {
            case 0: values.0 = value
            case 1: values.1 = value
            default: values.2 = value
            }
            found += 1
        }
        guard found == 3 else { return nil }
        out.append(UInt8(ascii: "#"))
        appendHex(values.0, to: &out)
        appendHex(values.1, to: &out)
        appendHex(values.2, to: &out)
        return close + 1
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func appendHex(_ value: Int, to out: inout [UInt8]) {
        out.append(hexDigits[value >> 4])
        out.append(hexDigits[value & 15])
    }
}

/// Numbers kept as whole hundredths, so relative steps add up exactly to the absolute points.
enum Hundredths {
    static func of(_ value: Double) -> Int {
        let scaled = (value * 100).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else { return 0 }
        return Int(scaled)
    }

    /// `1234` → `12.34`, `1230` → `12.3`, `-5` → `-0.05`, `0` → `0`.
    static func text(_ hundredths: Int) -> String {
        var bytes: [UInt8] = []
        append(hundredths, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text`, written onto the end of `out`: the path writer's way, with no string per number.
    static func append(_ hundredths: Int, to out: inout [UInt8]) {
        if hundredths < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = hundredths.magnitude
        appendDecimal(magnitude / 100, to: &out)
        let fraction = magnitude % 100
        guard fraction != 0 else { return }
        out.append(UInt8(ascii: "."))
        out.append(UInt8(ascii: "0") + UInt8(fraction / 10))
        if fraction % 10 != 0 { out.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
    }

    private static func appendDecimal(_ value: UInt, to out: inout [UInt8]) {
        guard value >= 10 else { return out.append(UInt8(ascii: "0") + UInt8(value)) }
        let start = out.count
        var rest = value
        while rest > 0 {
            out.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        }
        out[start...].reverse()
    }
}

/// SVG path data as Cairo writes it (`M`, `L`, `C`, `Z` with absolute coordinates), rewritten.
enum PathData {
    struct Command: Equatable {
        var letter: UInt8
        /// A view into one array of the whole path's numbers: no array of its own per command.
        var numbers: ArraySlice<Double>
    }

    /// The commands of `data`; nil when it holds anything but Cairo's four commands and numbers.
    static func parse<Bytes: Collection<UInt8>>(_ data: Bytes) -> [Command]? {
        var letters: [(letter: UInt8, start: Int)] = []
        var numbers: [Double] = []
        var index = data.startIndex
        while index < data.endIndex {
            let byte = data[index]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: ","):
                index = data.index(after: index)
            case UInt8(ascii: "M"), UInt8(ascii: "L"), UInt8(ascii: "C"), UInt8(ascii: "Z"):
                letters.append((byte, numbers.count))
                index = data.index(after: index)
            default:
                let end = numberEnd(in: data, from: index)
                guard end > index, !letters.isEmpty,
                    let number = DecimalText.parse(data[index..<end])
                else { return nil }
                numbers.append(number)
                index = end
            }
        }
        var commands: [Command] = []
        commands.reserveCapacity(letters.count)
        for (position, command) in letters.enumerated() {
            let end = position + 1 < letters.count ? letters[position + 1].start : numbers.count
            let expected: Int
            switch command.letter {
            case UInt8(ascii: "Z"): expected = 0
            case UInt8(ascii: "C"): expected = 6
            default: expected = 2
            }
            guard end - command.start == expected else { return nil }
            commands.append(Command(letter: command.letter, numbers: numbers[command.start..<end]))
        }
        return commands
    }

    /// Where the number starting at `start` ends: sign, digits, a point, digits, an exponent.
    private static func numberEnd<Bytes: Collection<UInt8>>(in data: Bytes, from start: Bytes.Index) -> Bytes.Index {
        // Byte tests, not `String.utf8.contains`: this runs for every number of every path.
        var index = start
        func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
        func isSign(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") }
        func skipDigits() {
            while index < data.endIndex, isDigit(data[index]) { index = data.index(after: index) }
        }
        func skipOne(_ test: (UInt8) -> Bool) {
            if index < data.endIndex, test(data[index]) { index = data.index(after: index) }
        }
        skipOne(isSign)
        skipDigits()
        skipOne { $0 == UInt8(ascii: ".") }
        skipDigits()
        if index < data.endIndex, data[index] == UInt8(ascii: "e") || data[index] == UInt8(ascii: "E") {
            index = data.index(after: index)
            skipOne(isSign)
            skipDigits()
        }
        return index
    }

    /// The compact form of `data`, or `data` as it is when it is not in Cairo's form.
    static func compact(_ data: ArraySlice<UInt8>) -> [UInt8] {
        guard var commands = parse(data) else { return Array(data) }
        // A move at the very end draws nothing (Cairo closes every subpath with one).
        while commands.last?.letter == UInt8(ascii: "M") { commands.removeLast() }
        var out: [UInt8] = []
        out.reserveCapacity(data.count / 2)
        var lastLetter: UInt8 = 0
        var current = (x: 0, y: 0)
        var subpathStart = (x: 0, y: 0)
        var numbers: [Int] = []
        numbers.reserveCapacity(6)
        for (position, command) in commands.enumerated() {
            let values = command.numbers
            func point(_ index: Int) -> (x: Int, y: Int) {
                (
                    x: Hundredths.of(values[values.startIndex + 2 * index]),
                    y: Hundredths.of(values[values.startIndex + 2 * index + 1])
                )
            }
            let letter: UInt8
            numbers.removeAll(keepingCapacity: true)
            switch command.letter {
            case UInt8(ascii: "M"):
                letter = position == 0 ? UInt8(ascii: "M") : UInt8(ascii: "m")
                let origin = position == 0 ? (x: 0, y: 0) : current
                let to = point(0)
                numbers.append(to.x - origin.x)
                numbers.append(to.y - origin.y)
                current = to
                subpathStart = to
            case UInt8(ascii: "L"):
                letter = UInt8(ascii: "l")
                let to = point(0)
                numbers.append(to.x - current.x)
                numbers.append(to.y - current.y)
                current = to
            case UInt8(ascii: "C"):
                letter = UInt8(ascii: "c")
                for index in 0..<3 {
                    let control = point(index)
                    numbers.append(control.x - current.x)
                    numbers.append(control.y - current.y)
                }
                current = point(2)
            default:
                letter = UInt8(ascii: "z")
                current = subpathStart
            }
            // A repeated l or c needs no letter; after a move, an implicit command would be a line.
            if letter != lastLetter || letter == UInt8(ascii: "z") || letter == UInt8(ascii: "M")
                || letter == UInt8(ascii: "m")
            {
                out.append(letter)
                lastLetter = letter
                appendNumbers(numbers, to: &out, separatorFirst: false)
            } else {
                appendNumbers(numbers, to: &out, separatorFirst: true)
            }
        }
        return out
    }

    /// Numbers separated by a space, or by nothing before a minus sign.
    private static func appendNumbers(_ numbers: [Int], to out: inout [UInt8], separatorFirst: Bool) {
        for (index, number) in numbers.enumerated() {
            if (index > 0 || separatorFirst) && number >= 0 { out.append(UInt8(ascii: " ")) }
            Hundredths.append(number, to: &out)
        }
    }
}
