import Foundation
import Graphics
import XCTest

@testable import Canvas

/// Text drawn on several threads at once, in every format and at many sizes: Cairo 1.16 could
/// abort when a scaled font shared by threads dropped to no reference while another thread used
/// it (`ScaledFontPins`). Every font a drawing uses is held, once.
final class ScaledFontPinsTests: XCTestCase {
    private static let info = DocumentInfo(title: "Text", description: "Words at many sizes.")

    private static func draw(size: Double, format: OutputFormat) throws {
        _ = try Canvas.render(size: Size(width: 120, height: 40), format: format, info: info) { context in
            context.setFont(size: size, weight: size.truncatingRemainder(dividingBy: 2) < 1 ? .regular : .bold)
            context.drawText("Best 249 lb · 15 Sep", at: Point(x: 60, y: 20), anchor: .middle)
            _ = context.measure("日本語 fallback")
        }
    }

    func testAFontIsHeldOnceHoweverOftenItDrawsText() throws {
        try Self.draw(size: 13.25, format: .svg)
        let held = ScaledFontPins.count
        XCTAssertGreaterThan(held, 0)
        for _ in 0..<5 { try Self.draw(size: 13.25, format: .svg) }
        XCTAssertEqual(ScaledFontPins.count, held, "the same face, size and transform: no new font")
    }

    func testTextOnManyThreadsAtManySizesDrawsWithoutAborting() throws {
        // More sizes than Cairo keeps as holdovers (256), drawn side by side in every format.
        let formats: [OutputFormat] = [.svg, .png(scale: 2), .pdf]
        let errors = ErrorBox()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for step in 0..<120 {
                let size = 6 + Double((worker * 120 + step) % 320) / 8
                do { try Self.draw(size: size, format: formats[step % formats.count]) } catch { errors.add(error) }
            }
        }
        XCTAssertEqual(errors.count, 0)
        XCTAssertLessThanOrEqual(ScaledFontPins.count, ScaledFontPins.capacity)
    }
}

private final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [Error] = []
    func add(_ error: Error) {
        lock.lock()
        errors.append(error)
        lock.unlock()
    }
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return errors.count
    }
}
