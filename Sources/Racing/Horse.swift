/// The horse of a ride.
public struct Horse: Equatable, Sendable {
    public var name: String
    /// Age in years: given directly, or the race year minus the year foaled.
    public var age: Int?
    public var daysSinceLastRun: Int?
    public var sex: String?

    public init(name: String, age: Int? = nil, daysSinceLastRun: Int? = nil, sex: String? = nil) {
        self.name = name
        self.age = age
        self.daysSinceLastRun = daysSinceLastRun
        self.sex = sex
    }
}
