/// One horse's entry in a race.
public struct Ride: Equatable, Sendable {
    public var cloth: Int
    public var horse: Horse
    public var form: Form
    public var handicap: String?
    public var odds: Odds
    /// A withdrawn ride is a non-runner: listed, but in no ordering, favourite or pick.
    public var withdrawn: Bool
    /// The starting stall or barrier, where the input gives one.
    public var barrier: Int?
    public var jockey: String?
    public var trainer: String?
    /// The bookmaker's comment on the ride's form, where the input gives one.
    public var formComment: String?
    /// The win prices the input says this ride had before `odds`, oldest first (the Neds API's
    /// `flucs`); empty when the input carries none. The market memory merges them with what
    /// earlier builds saw (`PriceList`).
    public var flucs: [Odds]
    /// The price the ride started at, where the input states one apart from its odds.
    public var startingPrice: Odds?
    /// Scratched after the market formed, so bets on the others pay less (`deductions`).
    public var lateScratching: Bool
    public var deductions: Deductions?

    public init(
        cloth: Int, horse: Horse, form: Form = Form(text: ""), handicap: String? = nil,
        odds: Odds = .unpriced(text: ""), withdrawn: Bool = false, barrier: Int? = nil, jockey: String? = nil,
        trainer: String? = nil, formComment: String? = nil, flucs: [Odds] = [], startingPrice: Odds? = nil,
        lateScratching: Bool = false, deductions: Deductions? = nil
    ) {
        self.cloth = cloth
        self.horse = horse
        self.form = form
        self.handicap = handicap
        self.odds = odds
        self.withdrawn = withdrawn
        self.barrier = barrier
        self.jockey = jockey
        self.trainer = trainer
        self.formComment = formComment
        self.flucs = flucs
        self.startingPrice = startingPrice
        self.lateScratching = lateScratching
        self.deductions = deductions
    }
}
