import CCairo
import Foundation

/// Glyph outlines as SVG path data, made once per process for each face, size and glyph: every
/// chart's text draws from the same few dozen glyphs of DejaVu Sans at three or four sizes.
/// Bounded, so the memory is the same for ten charts or ten thousand; a pure memo.
///
/// Outlines are on a grid of 1/10 px (lines and shapes keep 1/100): they are most of a chart's
/// bytes, and at text sizes of 11 to 16 px a twentieth of a pixel does not show (the demo's charts
/// rasterised by librsvg differ from Cairo's own SVG in under 0.03 % of pixels).
enum GlyphOutlines {
    struct Key: Hashable {
        let face: UInt
        let size: UInt64
        let glyph: UInt
    }

    static let capacity = 8192
    /// The outlines' grid, in hundredths of a pixel.
    static let outlineStep = 10

    private static let lock = NSLock()
    nonisolated(unsafe) private static var outlines: [Key: [UInt8]] = [:]

    /// The outline of `glyph` in the face and size `cr` has set, at the origin, in user units.
    /// Empty for a glyph that draws nothing (a space). Leaves `cr` without a path.
    static func outline(of glyph: UInt, face: OpaquePointer, size: Double, in cr: OpaquePointer) -> [UInt8] {
        let key = Key(
            face: UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(face))), size: size.bitPattern, glyph: glyph)
        lock.lock()
        let known = outlines[key]
        lock.unlock()
        if let known { return known }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        // The identity transform gives the context another scaled font: held like every other.
        ScaledFontPins.pin(cr)
        cairo_new_path(cr)
        var one = cairo_glyph_t(index: glyph, x: 0, y: 0)
        cairo_glyph_path(cr, &one, 1)
        let path = cairo_copy_path(cr)!
        let data = SVGPathData(path, step: outlineStep).bytes
        cairo_path_destroy(path)
        cairo_new_path(cr)
        cairo_restore(cr)
        lock.lock()
        if outlines.count < capacity { outlines[key] = data }
        lock.unlock()
        return data
    }
}
