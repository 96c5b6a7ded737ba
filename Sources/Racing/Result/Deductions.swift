/// What a late scratching takes off the winning bets' returns, in cents in the dollar
/// (`12.5` pays winners 87.5 % of their price), where the input says.
public struct Deductions: Equatable, Sendable {
    public var win: Double?
    public var place: Double?

    public init(win: Double? = nil, place: Double? = nil) {
        self.win = win
        self.place = place
    }

    public var isEmpty: Bool { win == nil && place == nil }
}
