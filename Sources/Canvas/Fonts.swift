import CCairo
import Foundation

/// The one typeface every chart uses, found through fontconfig so text metrics match on every machine.
///
/// Faces are looked up once per process and shared: cairo font faces are reference counted and
/// safe to use from several threads.
public final class FontLibrary: @unchecked Sendable {
    public static let shared = FontLibrary(family: "DejaVu Sans")

    /// The family asked for.
    public let family: String
    private let lock = NSLock()
    private var faces: [FontWeight: OpaquePointer] = [:]
    private var substitutions: [FontWeight: String] = [:]
    private var fallbacks: [FontWeight: OpaquePointer] = [:]
    /// The characters the family's regular face has (fontconfig's charset), once looked up.
    private var coverage: OpaquePointer??

    init(family: String) {
        self.family = family
    }

    /// A warning when fontconfig gave another family than the one asked for, else nil.
    public var substitutionWarning: String? {
        _ = face(.regular)
        _ = face(.bold)
        lock.lock()
        defer { lock.unlock() }
        guard let used = substitutions[.regular] ?? substitutions[.bold] else { return nil }
        return
            "font \"\(family)\" is not installed; fontconfig substituted \"\(used)\" (install fonts-dejavu-core for identical charts)"
    }

    /// The cairo font face for a weight, created on first use.
    func face(_ weight: FontWeight) -> OpaquePointer {
        lock.lock()
        defer { lock.unlock() }
        if let face = faces[weight] { return face }
        let (face, usedFamily) = Self.makeFace(family: family, weight: weight)
        if usedFamily != family { substitutions[weight] = usedFamily }
        faces[weight] = face
        return face
    }

    /// The text cut where it moves between characters the family has and characters it lacks
    /// (Japanese words beside Latin digits), or nil when the family has every character: most text,
    /// drawn in one go. DejaVu Sans has no Japanese; those runs take `fallbackFace`.
    public func runs(of text: String) -> [(text: String, fallback: Bool)]? {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return nil }
        var runs: [(text: String, fallback: Bool)] = []
        var current = ""
        var currentFallback = false
        var anyFallback = false
        for character in text {
            // A character is drawn by the family when its first scalar is there (a combining mark
            // follows its base).
            let fallback = !covers(character.unicodeScalars.first!)
            anyFallback = anyFallback || fallback
            if fallback != currentFallback, !current.isEmpty {
                runs.append((current, currentFallback))
                current = ""
            }
            currentFallback = fallback
            current.append(character)
        }
        if !current.isEmpty { runs.append((current, currentFallback)) }
        return anyFallback ? runs : nil
    }

    /// Whether the family's face has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if coverage == nil {
            var found: OpaquePointer?
            if let match = Self.match(family: family, weight: .regular) {
                var set: OpaquePointer?
                if FcPatternGetCharSet(match, FC_CHARSET, 0, &set) == FcResultMatch, let set {
                    found = FcCharSetCopy(set)
                }
                FcPatternDestroy(match)
            }
            coverage = .some(found)
        }
        guard let set = coverage ?? nil else { return true }
        return FcCharSetHasChar(set, scalar.value) != 0
    }

    /// Whether an installed face has Japanese glyphs (fontconfig's sans-serif for Japanese covers
    /// ひらがな and 漢字): without one, a Japanese chart's words are drawn as empty boxes.
    public var hasJapaneseFace: Bool {
        guard let match = Self.match(family: "sans-serif", weight: .regular, language: "ja") else { return false }
        defer { FcPatternDestroy(match) }
        var set: OpaquePointer?
        guard FcPatternGetCharSet(match, FC_CHARSET, 0, &set) == FcResultMatch, let set else { return false }
        return FcCharSetHasChar(set, 0x3042) != 0 && FcCharSetHasChar(set, 0x65E5) != 0
    }

    /// The face for characters the family lacks: fontconfig's sans-serif for Japanese (IPAGothic
    /// from Debian's fonts-ipafont-gothic, Noto Sans CJK, …), which also has Chinese and Korean
    /// characters. Without one, fontconfig's best sans-serif draws what it can.
    func fallbackFace(_ weight: FontWeight) -> OpaquePointer {
        lock.lock()
        defer { lock.unlock() }
        if let face = fallbacks[weight] { return face }
        let face: OpaquePointer
        if let match = Self.match(family: "sans-serif", weight: weight, language: "ja") {
            face = cairo_ft_font_face_create_for_pattern(match)!
            FcPatternDestroy(match)
        } else {
            face = cairo_toy_font_face_create(
                "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)!
        }
        fallbacks[weight] = face
        return face
    }

    /// fontconfig's best match for the family at the weight (the caller destroys it), nil for none.
    private static func match(family: String, weight: FontWeight, language: String? = nil) -> OpaquePointer? {
        FcInit()
        let pattern = FcPatternCreate()!
        defer { FcPatternDestroy(pattern) }
        family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                _ = FcPatternAddString(pattern, FC_FAMILY, $0)
            }
        }
        if let language {
            language.withCString { name in
                name.withMemoryRebound(to: FcChar8.self, capacity: language.utf8.count + 1) {
                    _ = FcPatternAddString(pattern, FC_LANG, $0)
                }
            }
        }
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, weight == .bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        return FcFontMatch(nil, pattern, &result)
    }

    private static func makeFace(family: String, weight: FontWeight) -> (OpaquePointer, String) {
        guard let match = match(family: family, weight: weight) else {
            // No font at all: cairo's toy face still draws something, and the warning says why.
            let face = cairo_toy_font_face_create(
                family, CAIRO_FONT_SLANT_NORMAL,
                weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)!
            return (face, "none")
        }
        defer { FcPatternDestroy(match) }
        var used: UnsafeMutablePointer<FcChar8>?
        var usedFamily = family
        if FcPatternGetString(match, FC_FAMILY, 0, &used) == FcResultMatch, let used {
            usedFamily = String(cString: UnsafeRawPointer(used).assumingMemoryBound(to: CChar.self))
        }
        let face = cairo_ft_font_face_create_for_pattern(match)!
        return (face, usedFamily)
    }

    /// The font files drawing uses, each with its size and modification time: part of every chart
    /// cache key, since another version of DejaVu draws other outlines. The fallback faces (for
    /// Japanese) are named too: a chart drawn before one was installed shows empty boxes, and must
    /// be drawn again once it is.
    public var fileIdentity: String {
        let own = FontWeight.allCases.map { weight in
            "\(weight): " + Self.fileDescription(Self.match(family: family, weight: weight))
        }
        let fallback = FontWeight.allCases.map { weight in
            "fallback \(weight): "
                + Self.fileDescription(Self.match(family: "sans-serif", weight: weight, language: "ja"))
        }
        return (own + fallback).joined(separator: "; ")
    }

    /// A matched font's file with its size and modification time (the match is destroyed here).
    private static func fileDescription(_ match: OpaquePointer?) -> String {
        guard let match else { return "none" }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return "unknown" }
        let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
        var status = stat()
        guard stat(path, &status) == 0 else { return path }
        return "\(path) \(status.st_size) \(status.st_mtim.tv_sec)"
    }

    /// Font options that make metrics independent of the machine: grey antialiasing, no hinting.
    static func makeOptions() -> OpaquePointer {
        let options = cairo_font_options_create()!
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        return options
    }
}
