/// Paper sizes in PostScript points (1/72 inch).
public enum Paper: String, CaseIterable, Sendable {
    case a4, letter

    public var size: Size {
        switch self {
        case .a4: return Size(width: 595.276, height: 841.89)
        case .letter: return Size(width: 612, height: 792)
        }
    }
}
