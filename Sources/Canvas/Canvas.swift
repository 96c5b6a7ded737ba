import CCairo
import CPNG
import Foundation
import GazetteCore
import Graphics

/// The file formats a drawing can be rendered to.
public enum OutputFormat: Equatable, Sendable {
    /// A PNG at `scale` device pixels per chart pixel (2 for high-density screens).
    case png(scale: Double)
    /// An SVG in px units, with `role="img"`, `<title>` and `<desc>` on the root.
    case svg
    /// A one-page PDF.
    case pdf
}

/// What a rendered file says about itself: SVG title and description, PDF metadata.
public struct DocumentInfo: Equatable, Sendable {
    public var title: String
    public var description: String
    /// ISO 8601 date written into PDF metadata, so PDFs do not carry the wall clock.
    public var creationDate: String

    /// Title and description as every format can carry them (`ControlCharacter.writable`).
    public init(title: String, description: String, creationDate: String = "2000-01-01T00:00:00Z") {
        self.title = ControlCharacter.writable(title)
        self.description = ControlCharacter.writable(description)
        self.creationDate = creationDate
    }
}

/// Renders drawings through Cairo into bytes, checking every Cairo status on the way.
public enum Canvas {
    /// The largest side Cairo's image surfaces accept.
    public static let maximumPixels = 32767.0

    /// Draws `draw` onto a new surface of `size` chart pixels and returns the encoded file.
    public static func render(
        size: Size,
        format: OutputFormat,
        info: DocumentInfo,
        encoder: PNGEncoder = .standard,
        draw: (DrawingContext) throws -> Void
    ) throws -> [UInt8] {
        switch format {
        case let .png(scale):
            return try PNGWorkspace.using { workspace in
                try raster(size: size, scale: scale, pixels: .workspace(workspace), draw: draw).encode(
                    encoder, workspace: workspace)
            }
        case .svg:
            return try svg(size: size, info: info, draw: draw)
        case .pdf:
            return try vector(size: size, info: info, pdf: true, draw: draw)
        }
    }

    /// Draws an SVG through `SVGDocument`: Cairo keeps the state and lays out the text on a
    /// one-pixel surface, and every fill, stroke, clip and glyph is written as an element.
    private static func svg(size: Size, info: DocumentInfo, draw: (DrawingContext) throws -> Void) throws -> [UInt8] {
        try validate(size, scale: 1)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)!
        defer { cairo_surface_destroy(surface) }
        try checkSurface(surface, "create a surface")
        guard let cr = cairo_create(surface) else {
            throw CanvasError.cairo(operation: "create a context", status: "out of memory")
        }
        defer { cairo_destroy(cr) }
        let document = SVGDocument(size: size, info: info)
        let context = DrawingContext(cr: cr, size: size, svg: document)
        try context.checkStatus("create a context")
        try draw(context)
        try context.checkStatus("draw")
        return document.finish()
    }

    /// One SVG that carries both colour schemes: each stand-in colour of `palette` is written as
    /// a class the file's style colours for light, dark and forced colours. With more than one
    /// layout (widest shape first), each is drawn by `draw` with its index into an `<svg>` of
    /// its own, and the file shows the one that suits the box it is shown in.
    public static func themedSVG(
        layouts: [Size], info: DocumentInfo, palette: [Color: ThemedColor],
        draw: (Int, DrawingContext) throws -> Void
    ) throws -> [UInt8] {
        guard let first = layouts.first else { throw CanvasError.invalidSize(width: 0, height: 0) }
        for size in layouts { try validate(size, scale: 1) }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)!
        defer { cairo_surface_destroy(surface) }
        try checkSurface(surface, "create a surface")
        let document = SVGDocument(size: first, info: info, palette: palette)
        for (index, size) in layouts.enumerated() {
            guard let cr = cairo_create(surface) else {
                throw CanvasError.cairo(operation: "create a context", status: "out of memory")
            }
            defer { cairo_destroy(cr) }
            if layouts.count > 1 { document.beginLayout(size) }
            let context = DrawingContext(cr: cr, size: size, svg: document)
            try context.checkStatus("create a context")
            try draw(index, context)
            try context.checkStatus("draw")
            if layouts.count > 1 { document.endLayout() }
        }
        return document.finish()
    }

    /// The SVG Cairo's own SVG surface writes of the same drawing: what charts were before
    /// `SVGDocument`, kept for the tests that hold the two to the same picture.
    package static func cairoSVG(size: Size, info: DocumentInfo, draw: (DrawingContext) throws -> Void) throws
        -> [UInt8]
    {
        try vector(size: size, info: info, pdf: false, draw: draw)
    }

    /// Draws onto a one-page SVG or PDF surface streaming into memory, and returns Cairo's bytes.
    private static func vector(size: Size, info: DocumentInfo, pdf: Bool, draw: (DrawingContext) throws -> Void) throws
        -> [UInt8]
    {
        try validate(size, scale: 1)
        let sink = ByteSink()
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let surface: OpaquePointer
        if pdf {
            surface = cairo_pdf_surface_create_for_stream(ByteSink.write, closure, size.width, size.height)
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, info.title)
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Gazette")
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, info.creationDate)
        } else {
            surface = cairo_svg_surface_create_for_stream(ByteSink.write, closure, size.width, size.height)
            cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
        }
        defer { cairo_surface_destroy(surface) }
        try checkSurface(surface, "create a surface")

        guard let cr = cairo_create(surface) else {
            throw CanvasError.cairo(operation: "create a context", status: "out of memory")
        }
        let context = DrawingContext(cr: cr, size: size)
        do {
            try context.checkStatus("create a context")
            try draw(context)
            try context.checkStatus("draw")
        } catch {
            cairo_destroy(cr)
            throw error
        }
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        try checkSurface(surface, pdf ? "finish PDF" : "finish SVG")
        try sink.check(pdf ? "write PDF" : "write SVG")
        return sink.bytes
    }

    /// Draws `draw` onto a new image surface of `size` chart pixels at `scale` device pixels each.
    public static func raster(size: Size, scale: Double, draw: (DrawingContext) throws -> Void) throws -> RasterImage {
        try raster(size: size, scale: scale, pixels: .own, draw: draw)
    }

    /// Where an image's pixels live: its own memory, or a PNG workspace's reused buffer (only for
    /// an image encoded before the workspace is given back, as `render` does).
    enum PixelMemory { case own, workspace(PNGWorkspace) }

    static func raster(
        size: Size, scale: Double, pixels: PixelMemory,
        draw: (DrawingContext) throws -> Void
    ) throws -> RasterImage {
        try validate(size, scale: scale)
        let width = Int32((size.width * scale).rounded(.up))
        let height = Int32((size.height * scale).rounded(.up))
        let surface: OpaquePointer
        switch pixels {
        case .own:
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
        case let .workspace(workspace):
            let stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width)
            guard let data = gazette_png_workspace_pixels(workspace.pointer, Int(stride) * Int(height)) else {
                throw CanvasError.cairo(operation: "create a surface", status: "out of memory")
            }
            surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, width, height, stride)
        }
        let image = RasterImage(surface: surface)
        try checkSurface(image.surface, "create a surface")
        guard let cr = cairo_create(image.surface) else {
            throw CanvasError.cairo(operation: "create a context", status: "out of memory")
        }
        defer { cairo_destroy(cr) }
        let context = DrawingContext(cr: cr, size: size)
        if scale != 1 { cairo_scale(cr, scale, scale) }
        try context.checkStatus("create a context")
        try draw(context)
        try context.checkStatus("draw")
        return image
    }

    /// Renders and writes the file to `path`; a failed write names the path.
    public static func write(
        to path: String,
        size: Size,
        format: OutputFormat,
        info: DocumentInfo,
        draw: (DrawingContext) throws -> Void
    ) throws {
        let bytes = try render(size: size, format: format, info: info, draw: draw)
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            throw CanvasError.write(path: path, reason: Self.reason(of: error))
        }
    }

    static func reason(of error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            let posix = POSIXErrorCode(rawValue: Int32(underlying.code)), underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(posix.rawValue))
        }
        return nsError.localizedDescription
    }

    private static func validate(_ size: Size, scale: Double) throws(CanvasError) {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0,
            scale.isFinite, scale > 0,
            (size.width * scale).rounded(.up) <= maximumPixels, (size.height * scale).rounded(.up) <= maximumPixels
        else { throw CanvasError.invalidSize(width: size.width, height: size.height) }
    }

    static func checkSurface(_ surface: OpaquePointer, _ operation: String) throws(CanvasError) {
        let status = cairo_surface_status(surface)
        if status != CAIRO_STATUS_SUCCESS {
            throw CanvasError.cairo(operation: operation, status: String(cString: cairo_status_to_string(status)))
        }
    }
}

/// Collects the bytes Cairo streams out; Cairo calls `write` with the sink as its closure pointer.
final class ByteSink {
    var bytes: [UInt8] = []
    var failed = false

    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }

    func check(_ operation: String) throws(CanvasError) {
        if failed || bytes.isEmpty {
            throw CanvasError.cairo(operation: operation, status: "no bytes were written")
        }
    }
}

/// Drawn pixels in a Cairo image surface, ready to be encoded (more than once, for comparisons).
public final class RasterImage {
    let surface: OpaquePointer

    init(surface: OpaquePointer) { self.surface = surface }
    deinit { cairo_surface_destroy(surface) }

    public var width: Int { Int(cairo_image_surface_get_width(surface)) }
    public var height: Int { Int(cairo_image_surface_get_height(surface)) }

    public func encode(_ encoder: PNGEncoder = .standard) throws(CanvasError) -> [UInt8] {
        try PNGWorkspace.using { workspace throws(CanvasError) in try encoder.encode(surface, workspace: workspace) }
    }

    func encode(_ encoder: PNGEncoder, workspace: PNGWorkspace) throws(CanvasError) -> [UInt8] {
        try encoder.encode(surface, workspace: workspace)
    }
}
