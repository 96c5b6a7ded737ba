import Foundation

/// An SVG as a `data:` URI, the form a page that stands alone carries its charts in. Base64,
/// so the URI has no space or quote that `srcset` or the attribute would cut it at.
enum SVGDataURI {
    static func make(_ svg: [UInt8]) -> String {
        "data:image/svg+xml;base64," + Data(svg).base64EncodedString()
    }
}
