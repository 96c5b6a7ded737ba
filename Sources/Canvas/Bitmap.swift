import CCairo

/// A decoded PNG: pixels as straight-alpha RGBA bytes, for tests and thumbnails.
public struct Bitmap: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// Row-major RGBA, 4 bytes a pixel.
    public let rgba: [UInt8]

    /// The colour of one pixel.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }

    /// Decodes PNG bytes through Cairo.
    public init(png: [UInt8]) throws(CanvasError) {
        final class Source {
            let bytes: [UInt8]
            var offset = 0
            init(_ b: [UInt8]) { bytes = b }
        }
        let source = Source(png)
        let read: cairo_read_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
            let source = Unmanaged<Source>.fromOpaque(closure).takeUnretainedValue()
            let count = Int(length)
            guard source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
            source.bytes.withUnsafeBufferPointer { buffer in
                data.update(from: buffer.baseAddress! + source.offset, count: count)
            }
            source.offset += count
            return CAIRO_STATUS_SUCCESS
        }
        let surface = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream(read, Unmanaged.passUnretained(source).toOpaque())!
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw CanvasError.decode(reason: String(cString: cairo_status_to_string(status)))
        }
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let format = cairo_image_surface_get_format(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            throw CanvasError.decode(reason: "no pixel data")
        }
        let opaque = format == CAIRO_FORMAT_RGB24
        // Through raw buffers: pixel loops over Swift arrays cost seconds a picture unoptimized
        // (the debug builds the tests run), and tests compare hundreds of pictures.
        let rgba = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            let target = buffer.baseAddress!
            var y = 0
            while y < height {
                let row = UnsafeRawPointer(data + y * stride)
                var x = 0
                while x < width {
                    // Cairo keeps native-endian premultiplied ARGB32 (or opaque RGB24).
                    let word = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    Self.straighten(word, opaque: opaque, into: target + (y * width + x) * 4)
                    x += 1
                }
                y += 1
            }
            count = width * height * 4
        }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The share of pixels whose channels differ by more than `tolerance` from another bitmap's
    /// (1 when the sizes differ).
    public func differingFraction(from other: Bitmap, tolerance: UInt8 = 8) -> Double {
        guard width == other.width, height == other.height else { return 1 }
        let limit = Int32(tolerance)
        let differing = rgba.withUnsafeBytes { mine in
            other.rgba.withUnsafeBytes { theirs in
                var differing = 0
                var offset = 0
                while offset < mine.count {
                    // Most pixels are the same: one 4-byte comparison, channels only where not.
                    let one = mine.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                    let two = theirs.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                    if one != two, Self.channelsDiffer(one, two, by: limit) { differing += 1 }
                    offset += 4
                }
                return differing
            }
        }
        return Double(differing) / Double(max(1, width * height))
    }

    /// Whether any of two pixels' channels differ by more than `limit`.
    private static func channelsDiffer(_ one: UInt32, _ two: UInt32, by limit: Int32) -> Bool {
        var shift: UInt32 = 0
        while shift < 32 {
            let difference =
                Int32(truncatingIfNeeded: (one >> shift) & 0xFF) - Int32(truncatingIfNeeded: (two >> shift) & 0xFF)
            if difference > limit || difference < -limit { return true }
            shift += 8
        }
        return false
    }

    /// One Cairo pixel as straight-alpha RGBA bytes at `target`.
    private static func straighten(_ word: UInt32, opaque: Bool, into target: UnsafeMutablePointer<UInt8>) {
        let a = opaque ? UInt32(255) : (word >> 24) & 0xFF
        if a == 255 {
            target[0] = UInt8(truncatingIfNeeded: word >> 16)
            target[1] = UInt8(truncatingIfNeeded: word >> 8)
            target[2] = UInt8(truncatingIfNeeded: word)
        } else {
            func channel(_ shift: UInt32) -> UInt8 {
                let premultiplied = (word >> shift) & 0xFF
                return a == 0 ? 0 : UInt8(min(255, (premultiplied * 255 + a / 2) / a))
            }
            target[0] = channel(16)
            target[1] = channel(8)
            target[2] = channel(0)
        }
        target[3] = UInt8(a)
    }
}
