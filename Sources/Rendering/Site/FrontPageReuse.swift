/// What a rebuild's front page takes from the previous output instead of making it again: the
/// pages that show only reports taken whole (the caller keeps their files), and, for the search
/// index, those reports' entries as the previous index holds them — so a rebuild reads back only
/// the records of the pages it makes.
package struct FrontPageReuse: Sendable {
    /// Page numbers (from 1) not to make.
    package var keptPages: Set<Int> = []
    /// The search entries of the reports at `range` (positions in the job), in order, as the
    /// previous index wrote them; nil when it does not hold them all (their page is made anew).
    /// Asked for each kept page in page order.
    package var searchEntries: @Sendable (Range<Int>) -> [SearchEntry]? = { _ in nil }
    /// The previous search index is kept whole (the caller keeps its files): every report was
    /// taken whole, in the same order, so it would be written byte for byte as it is.
    package var keepsSearchIndex = false
    /// Cards on a page (`FrontPages.cardsPerPage` but in tests).
    package var cardsPerPage = FrontPages.cardsPerPage

    package init(
        keptPages: Set<Int> = [], searchEntries: @escaping @Sendable (Range<Int>) -> [SearchEntry]? = { _ in nil },
        cardsPerPage: Int = FrontPages.cardsPerPage
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
