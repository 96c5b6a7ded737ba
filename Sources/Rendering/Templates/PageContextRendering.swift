import GazetteCore
import Reports

extension TemplateLibrary {
    /// A report page's body, by its context's template. The switch is exhaustive: a new kind of
    /// page does not build until it is rendered here.
    package func render(_ context: PageContext, embedding: ChartEmbedding? = nil) throws(BuildError) -> [UInt8] {
        switch context {
        case .workouts(let page): try render(page, embedding: embedding)
        case .exercise(let page): try render(page, embedding: embedding)
        case .creditScore(let page): try render(page, embedding: embedding)
        case .raceCard(let page): try render(page, embedding: embedding)
        case .race(let page): try render(page, embedding: embedding)
        case .nextToGo(let page): try render(page, embedding: embedding)
        }
    }
}
