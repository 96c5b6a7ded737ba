import Graphics
import XCTest
@testable import Canvas

/// A chart file made into a page's `<svg>` element: every id, class and reference prefixed, the
/// layouts switched by the page's media condition, and the root sized as the file's `<img>` was.
final class SVGInliningTests: XCTestCase {
    /// Two layouts, themed classes, a clip, a shared shape and a title holding markup-like text,
    /// as `SVGDocument` writes them.
    private let file = """
        <svg xmlns="http://www.w3.org/2000/svg" role="img" stroke-miterlimit="10">
        <title>Squat id="x" class="y"</title>
        <desc>Weekly volume</desc>
        <style>
        .f1{fill:#fff}.s2{stroke:#333;stroke-opacity:.55}
        @media (prefers-color-scheme:dark){.f1{fill:#111}.s2{stroke:#ccc;stroke-opacity:.55}
        }
        @media (forced-colors:active){.f1{fill:Canvas}.s2{stroke:CanvasText}
        }
        .l2{display:none}
        @media (max-aspect-ratio:1549/1000){.l1{display:none}.l2{display:inline}}
        </style>
        <defs>
        <path id="s1" d="M0 0h4" class="s2"/>
        </defs>
        <svg class="l1" viewBox="0 0 720 360">
        <rect width="720" height="360" class="f1"/>
        <clipPath id="c1"><path d="M0 0h9v9z"/></clipPath>
        <g clip-path="url(#c1)">
        <use href="#s1" x="1" y="2"/>
        </g>
        </svg>
        <svg class="l2" viewBox="0 0 360 300">
        <rect width="360" height="300" class="f1 s2"/>
        </svg>
        </svg>

        """

    func testIdsClassesAndReferencesArePrefixedAndTheLayoutsFollowThePage() {
        let out = SVGInlining.element(Array(file.utf8), prefix: "c7-", layoutMedia: ["(max-width: 40rem)"])
        XCTAssertEqual(
            out,
            """
            <svg class="c7-r" width="720" height="360" role="img" stroke-miterlimit="10">
            <title>Squat id="x" class="y"</title>
            <desc>Weekly volume</desc>
            <style>
            .c7-r{display:block;max-width:100%;height:auto;margin:0 auto;forced-color-adjust:none;aspect-ratio:720/360}
            @media (max-width: 40rem){.c7-r{width:360px;aspect-ratio:360/300}}
            .c7-f1{fill:#fff}.c7-s2{stroke:#333;stroke-opacity:.55}
            @media (prefers-color-scheme:dark){.c7-f1{fill:#111}.c7-s2{stroke:#ccc;stroke-opacity:.55}
            }
            @media (forced-colors:active){.c7-f1{fill:Canvas}.c7-s2{stroke:CanvasText}
            }
            .c7-l2{display:none}
            @media (max-width: 40rem){.c7-l1{display:none}.c7-l2{display:inline}}
            </style>
            <defs>
            <path id="c7-s1" d="M0 0h4" class="c7-s2"/>
            </defs>
            <svg class="c7-l1" viewBox="0 0 720 360">
            <rect width="720" height="360" class="c7-f1"/>
            <clipPath id="c7-c1"><path d="M0 0h9v9z"/></clipPath>
            <g clip-path="url(#c7-c1)">
            <use href="#c7-s1" x="1" y="2"/>
            </g>
            </svg>
            <svg class="c7-l2" viewBox="0 0 360 300">
            <rect width="360" height="300" class="c7-f1 c7-s2"/>
            </svg>
            </svg>
            """)
    }

    /// A one-layout file keeps its own size and `viewBox`; its style is the root's rule alone
    /// when it had none.
    func testAOneLayoutFileKeepsItsSize() {
        let one = """
            <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100" role="img">
            <title>t</title>
            <desc>d</desc>
            <path d="M0 0h1"/>
            </svg>

            """
        XCTAssertEqual(
            SVGInlining.element(Array(one.utf8), prefix: "p-", layoutMedia: []),
            """
            <svg class="p-r" width="200" height="100" viewBox="0 0 200 100" role="img">
            <title>t</title>
            <desc>d</desc>
            <style>
            .p-r{display:block;max-width:100%;height:auto;margin:0 auto;forced-color-adjust:none}
            </style>
            <path d="M0 0h1"/>
            </svg>
            """)
    }

    /// The element written by a real drawing: every `href="#…"` names an id of the element.
    func testEveryReferenceOfARealDrawingNamesAPrefixedId() throws {
        let bytes = try Canvas.render(
            size: Size(width: 120, height: 60), format: .svg, info: DocumentInfo(title: "t", description: "d")
        ) { context in
            context.setColor(.black)
            context.setFont(size: 12)
            context.drawText("Aa a", at: Point(x: 4, y: 30))
            context.drawText("a", at: Point(x: 4, y: 50))
        }
        let out = SVGInlining.element(bytes, prefix: "q-", layoutMedia: [])
        let ids = Set(out.matches(of: /id="([^"]*)"/).map { String($0.1) })
        let references = out.matches(of: /href="#([^"]*)"/).map { String($0.1) }
        XCTAssertTrue(ids.allSatisfy { $0.hasPrefix("q-") }, "\(ids)")
        XCTAssertTrue(references.allSatisfy(ids.contains), "\(references) against \(ids)")
    }
}
