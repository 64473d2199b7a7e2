/// Up to `capacity` colours for a GIF (255: the GIF encoder keeps one index for "unchanged"),
/// and the index of every colour drawn.
///
/// Exact when the frames use `capacity` colours or fewer (flat renders with few anti-aliased edges);
/// otherwise median cut (Heckbert): the colour box with the widest channel range is split at its
/// pixel-weighted median until there are `capacity`, each box's weighted mean is its entry, and every
/// colour maps to the nearest entry.
struct Palette {
    private(set) var colors: [RGB]
    private var index: [UInt32: UInt8]

    /// A palette for colours used `counts[colour]` times.
    init(counts: [UInt32: Int], capacity: Int = 255) {
        if counts.count <= capacity {
            colors = counts.keys.sorted().map { RGB(hex: $0) }
        } else {
            // In the colours' order, so the palette does not depend on the dictionary's.
            colors = Self.medianCut(
                counts.sorted { $0.key < $1.key }.map { (RGB(hex: $0.key), $0.value) }, into: capacity)
        }
        index = [:]
        for colour in counts.keys { index[colour] = Self.nearest(to: RGB(hex: colour), in: colors) }
    }

    /// The entry drawn for `colour` (which must be one the palette was made from).
    subscript(colour: RGB) -> UInt8 { index[colour.packed] ?? Self.nearest(to: colour, in: colors) }

    private static func nearest(to c: RGB, in colors: [RGB]) -> UInt8 {
        var best = 0, bestDistance = Int.max
        for i in colors.indices {
            let p = colors[i]
            let dr = Int(c.r) - Int(p.r), dg = Int(c.g) - Int(p.g), db = Int(c.b) - Int(p.b)
            let d = dr * dr + dg * dg + db * db
            if d < bestDistance { (best, bestDistance) = (i, d) }
        }
        return UInt8(best)
    }

    private static func medianCut(_ colours: [(RGB, Int)], into count: Int) -> [RGB] {
        func channel(_ c: RGB, _ k: Int) -> Int { k == 0 ? Int(c.r) : k == 1 ? Int(c.g) : Int(c.b) }
        func widest(_ box: [(RGB, Int)]) -> (channel: Int, range: Int) {
            (0..<3).map { k in
                (k, (box.map { channel($0.0, k) }.max() ?? 0) - (box.map { channel($0.0, k) }.min() ?? 0))
            }
            .max { $0.1 < $1.1 }!
        }
        var boxes = [colours]
        // Each box's widest channel, worked out once per box.
        var spans = [widest(colours)]
        while boxes.count < count {
            guard let i = spans.indices.max(by: { spans[$0].range < spans[$1].range }), boxes[i].count > 1 else {
                break
            }
            let split = spans[i]
            guard split.range > 0 else { break }
            let sorted = boxes[i].sorted { channel($0.0, split.channel) < channel($1.0, split.channel) }
            let half = sorted.reduce(0) { $0 + $1.1 } / 2
            var running = 0, cut = 1
            for (j, entry) in sorted.enumerated() {
                running += entry.1
                if running >= half {
                    cut = max(1, min(sorted.count - 1, j + 1))
                    break
                }
            }
            boxes[i] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
            spans[i] = widest(boxes[i])
            spans.append(widest(boxes[boxes.count - 1]))
        }
        return boxes.map { box in
            let total = Double(box.reduce(0) { $0 + $1.1 })
            func mean(_ k: Int) -> UInt8 {
                UInt8((box.reduce(0.0) { $0 + Double(channel($1.0, k) * $1.1) } / total).rounded())
            }
            return RGB(mean(0), mean(1), mean(2))
        }
    }
}
