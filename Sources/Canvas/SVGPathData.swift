import CCairo

/// Writes SVG path data and numbers in few bytes: every coordinate at 1/100 px, relative
/// commands after the first move (each computed from rounded absolute points, so no rounding
/// error adds up), `h`/`v` for level and upright lines, a repeated command letter left out, no
/// leading zero (`.5`) and no separator where a sign or a second point says where a number starts.
/// A hundredth of a pixel is below what any screen or printer at normal zoom can show.
struct SVGPathData {
    private(set) var bytes: [UInt8] = []
    /// The current point in hundredths, and where the open subpath began.
    private var current = (x: 0, y: 0)
    private var subpathStart = (x: 0, y: 0)
    private var pendingMove: (x: Int, y: Int)?
    private var lastCommand: UInt8 = 0
    private var started = false
    /// The first move's point, in hundredths, and where the data after it begins: what follows
    /// is relative, so the same shape elsewhere differs only in this point.
    private(set) var start = (x: 0, y: 0)
    private(set) var restOffset = 0
    /// How the last number written ended, for the separator before the next.
    private var lastNumber = NumberEnd.none

    enum NumberEnd { case none, integer, fraction }

    /// The data of a path Cairo holds (as `cairo_copy_path` gives it): moves, lines, Béziers and
    /// closes; a move that draws nothing is left out. Points are rounded to hundredths.
    init(_ path: UnsafePointer<cairo_path_t>) {
        guard let data = path.pointee.data else { return }
        var index = 0
        let count = Int(path.pointee.num_data)
        while index < count {
            let header = data[index].header
            let length = Int(header.length)
            func point(_ offset: Int) -> (x: Int, y: Int) {
                let p = data[index + offset].point
                return (Self.hundredths(p.x), Self.hundredths(p.y))
            }
            switch header.type {
            case CAIRO_PATH_MOVE_TO: pendingMove = point(1)
            case CAIRO_PATH_LINE_TO: line(to: point(1))
            case CAIRO_PATH_CURVE_TO: curve(point(1), point(2), point(3))
            case CAIRO_PATH_CLOSE_PATH: close()
            default: break
            }
            index += max(length, 1)
        }
    }

    var isEmpty: Bool { bytes.isEmpty }

    static func hundredths(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int((value * 100).rounded())
    }

    private mutating func flushMove() {
        guard let move = pendingMove else { return }
        pendingMove = nil
        // After a close the point is already the subpath's start, where Cairo moves again.
        if started, move == current, lastCommand == UInt8(ascii: "z") {
            subpathStart = move
            return
        }
        if started {
            command(UInt8(ascii: "m"))
            pair(move.x - current.x, move.y - current.y)
        } else {
            command(UInt8(ascii: "M"))
            pair(move.x, move.y)
            started = true
            start = move
            restOffset = bytes.count
        }
        // A later `l` after `m` needs its letter: implicit pairs after a move are lines, but the
        // letter is written anyway so the next command's omission rule stays simple.
        lastCommand = UInt8(ascii: "m")
        current = move
        subpathStart = move
    }

    private mutating func line(to point: (x: Int, y: Int)) {
        flushMove()
        if !started {
            pendingMove = point
            flushMove()
            return
        }
        let dx = point.x - current.x, dy = point.y - current.y
        if dy == 0 {
            command(UInt8(ascii: "h"))
            number(dx)
        } else if dx == 0 {
            command(UInt8(ascii: "v"))
            number(dy)
        } else {
            command(UInt8(ascii: "l"))
            pair(dx, dy)
        }
        current = point
    }

    private mutating func curve(_ c1: (x: Int, y: Int), _ c2: (x: Int, y: Int), _ end: (x: Int, y: Int)) {
        flushMove()
        if !started {
            pendingMove = current
            flushMove()
        }
        command(UInt8(ascii: "c"))
        pair(c1.x - current.x, c1.y - current.y)
        pair(c2.x - current.x, c2.y - current.y)
        pair(end.x - current.x, end.y - current.y)
        current = end
    }

    private mutating func close() {
        guard started else { return }
        pendingMove = nil
        bytes.append(UInt8(ascii: "z"))
        lastCommand = UInt8(ascii: "z")
        lastNumber = .none
        current = subpathStart
    }

    private mutating func command(_ letter: UInt8) {
        if letter != lastCommand || letter == UInt8(ascii: "m") || letter == UInt8(ascii: "M") {
            bytes.append(letter)
            lastNumber = .none
        }
        lastCommand = letter
    }

    private mutating func pair(_ x: Int, _ y: Int) {
        number(x)
        number(y)
    }

    private mutating func number(_ value: Int) {
        Self.append(value, to: &bytes, after: &lastNumber)
    }

    /// Appends `value` hundredths as a decimal, with a space before it only where the bytes
    /// would otherwise run into the number before.
    static func append(_ value: Int, to bytes: inout [UInt8], after last: inout NumberEnd) {
        let negative = value < 0
        let magnitude = negative ? -value : value
        let whole = magnitude / 100
        let fraction = magnitude % 100
        let startsWithPoint = whole == 0 && fraction != 0
        if !negative {
            switch last {
            case .none: break
            case .integer: bytes.append(UInt8(ascii: " "))
            case .fraction: if !startsWithPoint { bytes.append(UInt8(ascii: " ")) }
            }
        }
        if negative { bytes.append(UInt8(ascii: "-")) }
        if !startsWithPoint { appendDigits(whole, to: &bytes) }
        if fraction != 0 {
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
            if fraction % 10 != 0 { bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
            last = .fraction
        } else {
            last = .integer
        }
    }

    /// A plain decimal of hundredths for an attribute (`12.5`, `-.25`, `0`).
    static func text(_ value: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var last = NumberEnd.none
        append(value, to: &bytes, after: &last)
        return bytes
    }

    static func appendDigits(_ value: Int, to bytes: inout [UInt8]) {
        if value >= 10 { appendDigits(value / 10, to: &bytes) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
