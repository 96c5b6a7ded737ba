import ReportFacts

/// A next-to-go board keeps no history: its figures are the races of the hour, not a measure
/// that moves from build to build. The type only names that; no entry ever holds it.
package struct NextToGoFigures: KindFigures {
    package static let historyKey = "nextToGo"
}
