import Foundation

/// Runs `transform` over `items` on `workers` threads; results come back in the items' order,
/// so nothing downstream depends on which thread finished first.
func parallelMap<T: Sendable, R: Sendable>(_ items: [T], workers: Int, _ transform: @escaping @Sendable (T) throws -> R) -> [Result<R, Error>] {
    let results = ResultSlots<R>(count: items.count)
    let workers = max(1, min(workers, items.count))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
        var index = worker
        while index < items.count {
            let result = Result { try transform(items[index]) }
            results.set(index, result)
            index += workers
        }
    }
    return results.values()
}

/// Result storage written from several threads, each slot once.
private final class ResultSlots<R>: @unchecked Sendable {
    private var slots: [Result<R, Error>?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result<R, Error>) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func values() -> [Result<R, Error>] { slots.map { $0! } }
}
