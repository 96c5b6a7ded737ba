/// One horse's entry in a race.
public struct Ride: Equatable, Sendable {
    public var cloth: Int
    public var horse: Horse
    public var form: Form
    public var handicap: String?
    public var odds: Odds
    /// A withdrawn ride is a non-runner: listed, but in no ordering, favourite or pick.
    public var withdrawn: Bool

    public init(
        cloth: Int, horse: Horse, form: Form = Form(text: ""), handicap: String? = nil,
        odds: Odds = .unpriced(text: ""), withdrawn: Bool = false
    ) {
        self.cloth = cloth
        self.horse = horse
        self.form = form
        self.handicap = handicap
        self.odds = odds
        self.withdrawn = withdrawn
    }
}
