/// One value on one calendar day, such as a day's best estimated 1RM.
public struct DatedValue: Equatable, Sendable, Encodable {
    /// Days since 1970-01-01.
    public var day: Int
    public var value: Double

    public init(day: Int, value: Double) {
        self.day = day
        self.value = value
    }
}
