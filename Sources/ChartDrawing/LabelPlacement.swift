import Graphics

/// Where a small label can go beside a marked point without hiding any of the drawn data.
enum LabelPlacement {
    /// The first spot beside `point` whose rectangle lies wholly inside `bounds` and stays at
    /// least `margin` clear of every point and every segment of `polyline`, and of `point`
    /// itself; nil when there is none (the caller then puts the label elsewhere).
    ///
    /// Spots are tried above the point (centred, then hanging right, then left, then at the
    /// quarters between), then the same below it, then level with it on the right and on the left.
    static func clearSpot(
        _ size: Size, near point: Point, clearance: Double, within bounds: Rect,
        avoiding polyline: [Point], margin: Double
    ) -> Rect? {
        let w = size.width
        let h = size.height
        let rows = [point.y - clearance - h, point.y + clearance]
        // Left edges, as offsets from the point.
        let lefts = [-w / 2, clearance * 0.5, -clearance * 0.5 - w, -w / 4, -w * 3 / 4]
        var candidates = rows.flatMap { y in lefts.map { Rect(x: point.x + $0, y: y, width: w, height: h) } }
        candidates.append(Rect(x: point.x + clearance, y: point.y - h / 2, width: w, height: h))
        candidates.append(Rect(x: point.x - clearance - w, y: point.y - h / 2, width: w, height: h))
        return candidates.first { candidate in
            contains(bounds, candidate) && isClear(candidate, of: [point], margin: margin)
                && isClear(candidate, of: polyline, margin: margin)
        }
    }

    /// Whether no point of `polyline` and no segment between consecutive points comes within
    /// `margin` of the rectangle (measured as a box, so a little more at the corners).
    static func isClear(_ rect: Rect, of polyline: [Point], margin: Double) -> Bool {
        let box = rect.inset(top: -margin, left: -margin, bottom: -margin, right: -margin)
        var previous: Point?
        for point in polyline {
            if contains(box, point) { return false }
            if let a = previous, boundsMeet(a, point, box), segment(a, point, touches: box) { return false }
            previous = point
        }
        return true
    }

    /// Whether the box around segment a–b meets `rect`: when it does not, neither does the
    /// segment (a long series is mostly far from the label, so most segments stop here).
    private static func boundsMeet(_ a: Point, _ b: Point, _ rect: Rect) -> Bool {
        !(max(a.x, b.x) < rect.minX || min(a.x, b.x) > rect.maxX || max(a.y, b.y) < rect.minY
            || min(a.y, b.y) > rect.maxY)
    }

    /// Whether `inner` lies wholly inside `outer`.
    static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX && inner.maxX <= outer.maxX && inner.minY >= outer.minY && inner.maxY <= outer.maxY
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
        func clip(_ direction: Double, _ distance: Double) -> Bool {
            if direction == 0 { return distance >= 0 }
            let t = distance / direction
            if direction < 0 {
                enter = max(enter, t)
            } else {
                leave = min(leave, t)
            }
            return enter <= leave
        }
        return clip(-dx, a.x - rect.minX) && clip(dx, rect.maxX - a.x) && clip(-dy, a.y - rect.minY)
            && clip(dy, rect.maxY - a.y)
    }
}
