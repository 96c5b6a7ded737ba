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
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = data + y * stride
            for x in 0..<width {
                // Cairo keeps native-endian premultiplied ARGB32 (or opaque RGB24).
                let word = UnsafeRawPointer(row + x * 4).loadUnaligned(as: UInt32.self)
                let a = format == CAIRO_FORMAT_RGB24 ? UInt32(255) : (word >> 24) & 0xFF
                func channel(_ shift: UInt32) -> UInt8 {
                    let premultiplied = (word >> shift) & 0xFF
                    guard a > 0 else { return 0 }
                    return UInt8(min(255, (premultiplied * 255 + a / 2) / a))
                }
                let i = (y * width + x) * 4
                rgba[i] = channel(16)
                rgba[i + 1] = channel(8)
                rgba[i + 2] = channel(0)
                rgba[i + 3] = UInt8(a)
            }
        }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The share of pixels whose channels differ by more than `tolerance` from another bitmap's
    /// (1 when the sizes differ).
    public func differingFraction(from other: Bitmap, tolerance: UInt8 = 8) -> Double {
        guard width == other.width, height == other.height else { return 1 }
        var differing = 0
        for p in 0..<(width * height) {
            for c in 0..<4 where abs(Int(rgba[p * 4 + c]) - Int(other.rgba[p * 4 + c])) > Int(tolerance) {
                differing += 1
                break
            }
        }
        return Double(differing) / Double(max(1, width * height))
    }
}
