import CCairo
import CPNG
import Foundation

/// Turns a finished Cairo image surface into PNG bytes.
///
/// The default is Gazette's own writer (libdeflate, one fixed row filter, RGB for opaque
/// surfaces); Cairo's libpng writer stays available to compare pixels and speed against.
public enum PNGEncoder: Equatable, Sendable {
    /// libdeflate at `level` (1–12) with every row filtered by `filter`.
    case deflate(level: Int, filter: RowFilter)
    /// Cairo's own `cairo_surface_write_to_png_stream` (libpng + zlib, adaptive filters).
    case cairo

    /// The PNG row filters.
    public enum RowFilter: Int, CaseIterable, Sendable {
        case none = 0, sub, up, average, paeth
    }

    /// Chosen by measurement (GazetteBench part 5): charts are large areas of flat colour, which
    /// deflate's matching finds best unfiltered. Level 5 without a filter gives files 12–22 %
    /// smaller than Cairo's in a quarter to a third of its time; Up, Sub and Paeth give bigger
    /// files, and levels above 5 cost more time than the bytes they save.
    public static let standard = PNGEncoder.deflate(level: 5, filter: .none)

    /// Encodes the surface's pixels; the surface must be a flushed ARGB32 or RGB24 image surface.
    func encode(_ surface: OpaquePointer, workspace: PNGWorkspace) throws(CanvasError) -> [UInt8] {
        cairo_surface_flush(surface)
        switch self {
        case .cairo:
            let sink = ByteSink()
            let status = cairo_surface_write_to_png_stream(
                surface, ByteSink.write, Unmanaged.passUnretained(sink).toOpaque())
            if status != CAIRO_STATUS_SUCCESS {
                throw CanvasError.cairo(
                    operation: "encode PNG", status: String(cString: cairo_status_to_string(status)))
            }
            try sink.check("encode PNG")
            return sink.bytes
        case let .deflate(level, filter):
            guard let data = cairo_image_surface_get_data(surface) else {
                throw CanvasError.cairo(operation: "encode PNG", status: "the surface has no pixels")
            }
            var length = 0
            guard
                let png = gazette_png_encode(
                    workspace.pointer, data, cairo_image_surface_get_width(surface),
                    cairo_image_surface_get_height(surface),
                    cairo_image_surface_get_stride(surface), Int32(level),
                    gazette_png_filter(UInt32(filter.rawValue)), &length)
            else { throw CanvasError.cairo(operation: "encode PNG", status: "out of memory") }
            return Array(UnsafeBufferPointer(start: png, count: length))
        }
    }
}

extension Canvas {
    /// What besides a drawing's own calls decides its files' bytes on this machine: Cairo's and
    /// libdeflate's versions, the PNG encoder and the font files. Part of every chart cache key.
    public static let environmentFingerprint: String = [
        "cairo \(String(cString: cairo_version_string()))",
        "libdeflate \(String(cString: gazette_png_deflate_version()))",
        "png \(PNGEncoder.standard)",
        "fonts \(FontLibrary.shared.fileIdentity)"
    ].joined(separator: "\n")
}
