import Racing
import GazetteCore

/// Our own small category pictures for race rows, inline so the page needs no image files.
///
/// Each is decorative (`aria-hidden`): the row always carries the category as text too, and the
/// row's sentence says it for screen readers. `currentColor` lets the stylesheet colour them per
/// category and per theme.
package enum NextToGoIcons {
    package static func svg(for category: RaceCategory) -> String {
        "<svg class=\"ntg-glyph\" viewBox=\"0 0 24 24\" width=\"24\" height=\"24\" aria-hidden=\"true\" focusable=\"false\">"
            + shapes(category) + "</svg>"
    }

    private static func shapes(_ category: RaceCategory) -> String {
        switch category {
        case .horse:
            // A horseshoe, open end up, with its nail holes.
            return
                "<path d=\"M6.5 3.5v7.5a5.5 5.5 0 0 0 11 0V3.5\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"3.2\" stroke-linecap=\"round\"/>"
                + "<g class=\"ntg-hole\" fill=\"#fff\"><circle cx=\"6.5\" cy=\"7\" r=\"0.8\"/><circle cx=\"17.5\" cy=\"7\" r=\"0.8\"/>"
                + "<circle cx=\"7.4\" cy=\"12.6\" r=\"0.8\"/><circle cx=\"16.6\" cy=\"12.6\" r=\"0.8\"/></g>"
        case .harness:
            // A sulky wheel: rim, spokes and hub.
            return "<circle cx=\"12\" cy=\"12\" r=\"8.5\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.4\"/>"
                + "<path d=\"M12 3.5v17M3.5 12h17M6 6l12 12M18 6L6 18\" stroke=\"currentColor\" stroke-width=\"1.3\"/>"
                + "<circle cx=\"12\" cy=\"12\" r=\"2.6\" fill=\"currentColor\"/>"
        case .greyhound:
            // A paw print: one pad and four toes.
            return "<g fill=\"currentColor\"><ellipse cx=\"12\" cy=\"16\" rx=\"5\" ry=\"4.2\"/>"
                + "<ellipse cx=\"5.2\" cy=\"10.4\" rx=\"1.9\" ry=\"2.4\"/><ellipse cx=\"9.3\" cy=\"6.4\" rx=\"1.9\" ry=\"2.5\"/>"
                + "<ellipse cx=\"14.7\" cy=\"6.4\" rx=\"1.9\" ry=\"2.5\"/><ellipse cx=\"18.8\" cy=\"10.4\" rx=\"1.9\" ry=\"2.4\"/></g>"
        case .other:
            // A flag on a pole.
            return "<path d=\"M6 21V3.5\" stroke=\"currentColor\" stroke-width=\"2.2\" stroke-linecap=\"round\"/>"
                + "<path d=\"M7 4h11l-3 4 3 4H7z\" fill=\"currentColor\"/>"
        }
    }
}
