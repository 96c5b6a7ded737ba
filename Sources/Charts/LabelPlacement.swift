import Canvas

/// Where to put a small label beside a marked point: inside the plot, flipping to the other
/// side near its edges, and over as little of the drawn line as possible.
enum LabelPlacement {
    /// The label's rectangle.
    ///
    /// Tries above, then below, then beside the point (centred first, then to the right, then to
    /// the left); keeps the first that stays inside `bounds` and hides the least of `polyline`
    /// (a covered point counts as much as three crossed segments). When none fits, the least
    /// overflowing one is pushed inside `bounds`.
    static func place(_ size: Size, near point: Point, clearance: Double, within bounds: Rect,
                      avoiding polyline: [Point]) -> Rect {
        let w = size.width
        let h = size.height
        let above = point.y - clearance - h
        let below = point.y + clearance
        let candidates = [
            Rect(x: point.x - w / 2, y: above, width: w, height: h),
            Rect(x: point.x + clearance * 0.5, y: above, width: w, height: h),
            Rect(x: point.x - clearance * 0.5 - w, y: above, width: w, height: h),
            Rect(x: point.x - w / 2, y: below, width: w, height: h),
            Rect(x: point.x + clearance * 0.5, y: below, width: w, height: h),
            Rect(x: point.x - clearance * 0.5 - w, y: below, width: w, height: h),
            Rect(x: point.x + clearance, y: point.y - h / 2, width: w, height: h),
            Rect(x: point.x - clearance - w, y: point.y - h / 2, width: w, height: h),
        ]
        var best = candidates[0]
        var bestScore = Double.infinity
        for candidate in candidates {
            let overflow = overflow(of: candidate, in: bounds)
            let score = overflow > 0 ? 1e9 + overflow : Double(cost(of: candidate, polyline))
            if score < bestScore {
                best = candidate
                bestScore = score
            }
        }
        return clamp(best, into: bounds)
    }

    /// How far a rectangle sticks out of `bounds`, summed over the four sides.
    static func overflow(of rect: Rect, in bounds: Rect) -> Double {
        max(0, bounds.minX - rect.minX) + max(0, rect.maxX - bounds.maxX)
            + max(0, bounds.minY - rect.minY) + max(0, rect.maxY - bounds.maxY)
    }

    static func clamp(_ rect: Rect, into bounds: Rect) -> Rect {
        var result = rect
        result.x = min(max(rect.x, bounds.minX), max(bounds.minX, bounds.maxX - rect.width))
        result.y = min(max(rect.y, bounds.minY), max(bounds.minY, bounds.maxY - rect.height))
        return result
    }

    /// How much of the polyline the rectangle would hide: 3 for each point under it, 1 for each
    /// segment it touches.
    static func cost(of rect: Rect, _ polyline: [Point]) -> Int {
        let box = rect.inset(top: -4, left: -4, bottom: -4, right: -4)
        var cost = 0
        for (index, point) in polyline.enumerated() {
            if contains(box, point) { cost += 3 }
            if index > 0, segment(polyline[index - 1], point, touches: box) { cost += 1 }
        }
        return cost
    }

    private static func contains(_ rect: Rect, _ point: Point) -> Bool {
        point.x >= rect.minX && point.x <= rect.maxX && point.y >= rect.minY && point.y <= rect.maxY
    }

    /// Whether the segment a–b meets the rectangle (clipping the segment's parameter range
    /// against each side in turn).
    static func segment(_ a: Point, _ b: Point, touches rect: Rect) -> Bool {
        var enter = 0.0
        var leave = 1.0
        let dx = b.x - a.x
        let dy = b.y - a.y
        // Each side as (direction component, distance from a to the side, inward).
        let sides = [(-dx, a.x - rect.minX), (dx, rect.maxX - a.x), (-dy, a.y - rect.minY), (dy, rect.maxY - a.y)]
        for (direction, distance) in sides {
            if direction == 0 {
                if distance < 0 { return false }
                continue
            }
            let t = distance / direction
            if direction < 0 {
                enter = max(enter, t)
            } else {
                leave = min(leave, t)
            }
            if enter > leave { return false }
        }
        return true
    }
}
