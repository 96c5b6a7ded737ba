import Dispatch
import Foundation
import GazetteCore

/// Turns SIGINT and SIGTERM into calls on a queue of our own, so `gazette watch` stops between
/// rebuilds instead of dying in the middle of one. The default action is switched off for the
/// signals it traps; keep the trap alive for as long as it should listen.
final class SignalTrap: @unchecked Sendable {
    private let queue = DispatchQueue(label: "gazette.signals")
    private var sources: [DispatchSourceSignal] = []

    init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
