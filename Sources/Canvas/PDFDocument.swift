import CCairo
import Foundation
import Graphics

/// What a PDF says about itself in its Info dictionary.
public struct PDFInfo: Sendable {
    public var title: String
    public var subject: String
    public var creator: String
    /// ISO 8601 (`2023-11-04T05:50:00`): the build's clock, so two builds give the same bytes.
    public var creationDate: String

    public init(title: String, subject: String, creator: String, creationDate: String) {
        self.title = title
        self.subject = subject
        self.creator = creator
        self.creationDate = creationDate
    }
}

/// A PDF of many pages drawn through one `DrawingContext`, with an outline (bookmarks),
/// named destinations and links between them. Text is real text in embedded DejaVu subsets.
public final class PDFDocument {
    public let pageSize: Size
    private let sink = ByteSink()
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    /// The context every page is drawn through; coordinates are points from the top left.
    public let context: DrawingContext
    private var finished = false

    public init(paper: Paper, info: PDFInfo) throws {
        pageSize = paper.size
        surface = cairo_pdf_surface_create_for_stream(
            ByteSink.write, Unmanaged.passUnretained(sink).toOpaque(),
            pageSize.width, pageSize.height)
        cairo_pdf_surface_restrict_to_version(surface, CAIRO_PDF_VERSION_1_5)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, info.title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, info.subject)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, info.creator)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, info.creationDate)
        // Cairo writes the modification date as the wall clock unless it is given.
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, info.creationDate)
        try Canvas.checkSurface(surface, "create a PDF")
        guard let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw CanvasError.cairo(operation: "create a context", status: "out of memory")
        }
        self.cr = cr
        context = DrawingContext(cr: cr, size: pageSize)
        // The whole document as one structure element: Cairo 1.16 numbers a link's structure
        // parent in a tree it writes only when the document has structure, so without this every
        // link leaves a dangling object (qpdf: "file is damaged").
        cairo_tag_begin(cr, "Document", "")
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Ends the current page and starts the next.
    public func nextPage() {
        cairo_show_page(cr)
    }

    /// Marks `point` of the current page as the destination `name`.
    public func destination(_ name: String, at point: Point) {
        cairo_tag_begin(cr, CAIRO_TAG_DEST, "name='\(name)' x=\(point.x) y=\(point.y)")
        cairo_tag_end(cr, CAIRO_TAG_DEST)
    }

    /// Makes `rect` of the current page a link to the destination `name`, wherever it is.
    public func link(to name: String, rect: Rect) {
        cairo_tag_begin(cr, CAIRO_TAG_LINK, "dest='\(name)' rect=[\(rect.x) \(rect.y) \(rect.width) \(rect.height)]")
        cairo_tag_end(cr, CAIRO_TAG_LINK)
    }

    /// Makes `rect` of the current page a link to `point` on page `page` (1-based).
    public func link(toPage page: Int, at point: Point, rect: Rect) {
        cairo_tag_begin(
            cr, CAIRO_TAG_LINK,
            "page=\(page) pos=[\(point.x) \(point.y)] rect=[\(rect.x) \(rect.y) \(rect.width) \(rect.height)]")
        cairo_tag_end(cr, CAIRO_TAG_LINK)
    }

    /// Adds a bookmark under `parent` (0 for the top level) that opens `point` on page `page`.
    @discardableResult
    public func outline(_ title: String, page: Int, at point: Point, parent: Int32 = 0) -> Int32 {
        Int32(
            cairo_pdf_surface_add_outline(
                surface, parent, title, "page=\(page) pos=[\(point.x) \(point.y)]",
                CAIRO_PDF_OUTLINE_FLAG_OPEN))
    }

    /// Draws `draw` (in its own coordinates of `size`) scaled into `rect` of the current page.
    public func place(size: Size, in rect: Rect, draw: (DrawingContext) throws -> Void) throws {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, rect.x, rect.y)
        cairo_scale(cr, rect.width / size.width, rect.height / size.height)
        cairo_rectangle(cr, 0, 0, size.width, size.height)
        cairo_clip(cr)
        try draw(context)
        try context.checkStatus("draw into the PDF")
    }

    /// Finishes the document and returns its bytes.
    public func finish() throws -> [UInt8] {
        guard !finished else { return sink.bytes }
        finished = true
        cairo_tag_end(cr, "Document")
        cairo_show_page(cr)
        try context.checkStatus("finish the PDF's last page")
        cairo_surface_finish(surface)
        try Canvas.checkSurface(surface, "finish the PDF")
        try sink.check("write the PDF")
        return sink.bytes
    }
}
