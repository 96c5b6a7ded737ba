import Jobs

/// These tests read jobs without any channel's switch (they live in `SiteBuild`, not linked here).
extension JobFileLoader {
    init() { self.init(switches: []) }
}
