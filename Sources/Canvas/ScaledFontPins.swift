import CCairo
import Foundation

/// Every scaled font a drawing uses, held for the life of the process.
///
/// Cairo shares scaled fonts between threads and keeps one that drops to no reference as a
/// "holdover" to hand out again; in Cairo 1.16 (Debian bookworm's) that hand-over races with a
/// thread that has the font's glyph cache frozen, and the process aborts with
/// `cairo_scaled_font_destroy: Assertion '! scaled_font->cache_frozen' failed` — seen once in CI
/// while a PDF's text and charts were drawn side by side. A font held here never drops to no
/// reference, so it never goes through that path. The fonts are few (two faces, a handful of
/// sizes, a few transforms), and the set is bounded all the same.
enum ScaledFontPins {
    static let capacity = 4096

    private static let lock = NSLock()
    nonisolated(unsafe) private static var pinned: Set<UInt> = []

    /// Holds the scaled font `cr` draws text with now (its face, size and transform). A font once
    /// held is never freed, so its address cannot come back as another font's.
    static func pin(_ cr: OpaquePointer) {
        guard let font = cairo_get_scaled_font(cr), cairo_scaled_font_status(font) == CAIRO_STATUS_SUCCESS
        else { return }
        let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(font)))
        lock.lock()
        defer { lock.unlock() }
        guard pinned.count < capacity, pinned.insert(key).inserted else { return }
        cairo_scaled_font_reference(font)
    }

    /// How many fonts are held (for tests).
    static var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return pinned.count
    }
}
