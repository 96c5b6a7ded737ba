import GazetteCore
import Reports
import Localization

/// A page context with the renderer compiled from its built-in template (`CompiledTemplates.swift`,
/// made from `Templates/` by the `CompileTemplatesPlugin` when Gazette is built).
package protocol CompiledPageContext {
    /// The template this context is rendered by: its one and only template.
    static var template: CompiledTemplate { get }
    /// Writes the page (or e-mail) as its template would.
    func render(into out: inout HTMLOutput)
}

/// Where compiled renderers write: UTF-8 bytes, the templates' markup copied as it is and values
/// escaped by `HTMLEscaping`, as swift-mustache renders them for `{{% CONTENT_TYPE: HTML }}`.
package struct HTMLOutput: ~Copyable {
    private(set) var buffer: ByteBuffer
    /// Whether the page must stand alone: chart partials become their inline variants.
    package let standsAlone: Bool
    /// How a standing-alone page carries its charts' pictures (data URIs), if it embeds them.
    package let embedding: ChartEmbedding?
    /// The readers' words, which `{{words.KEY}}` shows.
    package let words: Words

    package init(
        capacity: Int = 16 * 1024, standsAlone: Bool = false, embedding: ChartEmbedding? = nil, words: Words = .english
    ) {
        buffer = ByteBuffer(capacity: capacity)
        self.standsAlone = standsAlone
        self.embedding = embedding
        self.words = words
    }

    /// The bytes written, as an array.
    package var bytes: [UInt8] { buffer.array }

    /// The bytes written, as text.
    package var text: String { String(decoding: buffer.array, as: UTF8.self) }

    @inline(__always)
    package mutating func raw(_ markup: StaticString) {
        markup.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }

    package mutating func escaped(_ text: String) {
        HTMLEscaping.append(text, escapedTo: &buffer)
    }

    package mutating func unescaped(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
    }

    package mutating func escaped(_ number: Int) { unescaped(String(number)) }
    package mutating func unescaped(_ number: Int) { unescaped(String(number)) }
    package mutating func escaped(_ number: Double) { escaped(String(describing: number)) }
    package mutating func unescaped(_ number: Double) { unescaped(String(describing: number)) }
    package mutating func escaped(_ flag: Bool) { unescaped(flag ? "true" : "false") }
    package mutating func unescaped(_ flag: Bool) { unescaped(flag ? "true" : "false") }

    /// A page's body inside the layout.
    mutating func unescaped(_ body: PageBody) {
        body.bytes.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
    }

    /// An inline chart's `<svg>` element (markup, never escaped).
    package mutating func unescaped(_ chart: InlineChart) {
        unescaped(chart.markup(embedding))
    }

    /// A chart picture's path, or its embedded form in a page that carries its pictures.
    package mutating func escaped(_ picture: ChartPicture) {
        escaped(embedding?.source(picture.path) ?? picture.path)
    }
}
