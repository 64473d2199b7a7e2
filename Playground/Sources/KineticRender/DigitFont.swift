/// A 3 × 5 pixel font of the characters labels use (cells' numbers): enough for renders, with
/// no font files or text engine to depend on.
enum DigitFont {
    static let columns = 3
    static let rows = 5

    /// Each glyph's pixels, row by row, top first.
    static let glyphs: [Character: [Bool]] = {
        let art: [Character: String] = [
            "0": "111101101101111", "1": "010110010010111", "2": "111001111100111", "3": "111001111001111",
            "4": "101101111001001", "5": "111100111001111", "6": "111100111101111", "7": "111001010010010",
            "8": "111101111101111", "9": "111101111001111", "-": "000000111000000",
        ]
        return art.mapValues { $0.map { $0 == "1" } }
    }()
}
