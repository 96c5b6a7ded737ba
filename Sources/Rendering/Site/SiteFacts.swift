import Foundation
import Localization

/// What every page says about the site: its title, when it was built, and from what; and the
/// readers' conventions it is written in.
package struct SiteFacts: Sendable {
    package var title: String
    package var now: Date
    /// The inputs of every report, by name, as a front page of one page lists them (empty for a
    /// site of more pages: each lists its own reports' inputs).
    package var inputs: [String]
    /// The job file's name, when the build had one.
    package var jobFile: String?
    /// The readers' locale and time zone: the pages' `lang` and their times.
    package var conventions: TextConventions
    /// The site's address (`base-url:`), ending in `/`, for the feeds' absolute links; nil when
    /// the job gives none.
    package var baseURL: String?
    /// Whether search engines may index the site (`index: false` in the job asks them not to:
    /// `robots.txt` and a `noindex` meta on every page).
    package var indexed: Bool
    /// What every page's head offers beside it (the site's feed), from the site's root: the
    /// wanted site channels' links.
    package var alternates: [AlternateLink] = []

    package init(
        title: String, now: Date, inputs: [String], jobFile: String?, conventions: TextConventions,
        baseURL: String? = nil, indexed: Bool = true
    ) {
        self.baseURL = baseURL
        self.indexed = indexed
        self.title = title
        self.now = now
        self.inputs = inputs
        self.jobFile = jobFile
        self.conventions = conventions
    }
}
