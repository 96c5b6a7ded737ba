/// What a rebuild's front page takes from the previous output instead of making it again: the
/// pages that show only reports taken whole (the caller keeps their files), and, for the search
/// index, those reports' entries as the previous index holds them — so a rebuild reads back only
/// the records of the pages it makes.
package struct FrontPageReuse: Sendable {
    /// Page numbers (from 1) not to make.
    package var keptPages: Set<Int> = []
    /// A report's search entry by its index in the job, as the previous index wrote it.
    package var searchEntries: [Int: SearchEntry] = [:]
    /// Cards on a page (`FrontPages.cardsPerPage` but in tests).
    package var cardsPerPage = FrontPages.cardsPerPage

    package init(
        keptPages: Set<Int> = [], searchEntries: [Int: SearchEntry] = [:], cardsPerPage: Int = FrontPages.cardsPerPage
    ) {
        self.keptPages = keptPages
        self.searchEntries = searchEntries
        self.cardsPerPage = cardsPerPage
    }

    package struct SearchEntry: Sendable, Equatable {
        package var title: String
        package var headline: String
        package var slug: String

        package init(title: String, headline: String, slug: String) {
            self.title = title
            self.headline = headline
            self.slug = slug
        }
    }
}
