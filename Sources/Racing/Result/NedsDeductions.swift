import Foundation
import JSONSupport

/// A late scratching's deductions as both Neds responses serve them: `deductions: {win, place}`
/// or `win_deduction` and `place_deduction` beside the runner's other keys, cents in the dollar.
enum NedsDeductions {
    private enum Keys: String, CodingKey { case win, place }

    /// The deductions under `nested`, else those under the runner's own `win` and `place` keys.
    static func decode<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>, nested: Key, win: Key, place: Key
    ) throws -> Deductions {
        if container.contains(nested), try !container.decodeNil(forKey: nested) {
            let inner = try container.nestedContainer(keyedBy: Keys.self, forKey: nested)
            return Deductions(
                win: try inner.decodeNumberIfPresent(forKey: .win),
                place: try inner.decodeNumberIfPresent(forKey: .place))
        }
        return Deductions(
            win: try container.decodeNumberIfPresent(forKey: win),
            place: try container.decodeNumberIfPresent(forKey: place))
    }
}
