import Foundation

/// The Content-Type of a file the site holds, by its extension; anything else is bytes.
enum MediaType {
    static func of(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else {
            return name == "CNAME" ? "text/plain; charset=utf-8" : "application/octet-stream"
        }
        switch name[name.index(after: dot)...].lowercased() {
        case "html", "htm": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "json": return "application/json"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "ico": return "image/vnd.microsoft.icon"
        case "pdf": return "application/pdf"
        case "eml": return "message/rfc822"
        case "txt", "md": return "text/plain; charset=utf-8"
        case "xml": return "application/xml"
        case "woff2": return "font/woff2"
        case "woff": return "font/woff"
        case "webmanifest": return "application/manifest+json"
        default: return "application/octet-stream"
        }
    }
}
