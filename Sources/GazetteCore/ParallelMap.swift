import Foundation

/// Runs `transform` over `items` on `workers` threads; results come back in the items' order,
/// so nothing downstream depends on which thread finished first. The worker threads see no
/// task-local value, so whatever a transform needs (the readers' conventions) it is given as a value.
package func parallelMap<T: Sendable, R: Sendable>(
    _ items: [T], workers: Int, _ transform: @escaping @Sendable (T) throws -> R
) -> [Result<R, Error>] {
    let results = ResultSlots<R>(count: items.count)
    let workers = max(1, min(workers, items.count))
    // Each worker takes the next unclaimed item, so slow items do not pile up on one worker: a
    // fixed stride of 2 gave one thread every 2× PNG of every chart and the other the light work.
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while let index = results.claim() {
            results.set(index, Result { try transform(items[index]) })
        }
    }
    return results.values()
}

/// Result storage written from several threads, each slot once.
private final class ResultSlots<R>: @unchecked Sendable {
    private var slots: [Result<R, Error>?]
    private var nextUnclaimed = 0
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// The index of the next item no worker has taken yet, or nil when all are taken.
    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextUnclaimed < slots.count else { return nil }
        nextUnclaimed += 1
        return nextUnclaimed - 1
    }

    func set(_ index: Int, _ value: Result<R, Error>) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func values() -> [Result<R, Error>] { slots.map { $0! } }
}
