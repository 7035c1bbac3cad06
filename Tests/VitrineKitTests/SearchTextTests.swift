import Foundation
@testable import VitrineKit
import XCTest

/// The search terms' rule (issue 44), and the fixtures the page's tokenizer is tested against:
/// `Sources/page/test/fixtures/search-terms.json` holds each case's text and the terms this side
/// makes of it. Run with `VITRINE_WRITE_FIXTURES=1` to write the file anew after a change of rule
/// (then `biome format --write` it from Sources/page; the contents are compared, not the bytes).
final class SearchTextTests: XCTestCase {
    /// Each case: a name, and text that a gallery's captions, titles, keywords or file names hold.
    static let cases: [(String, String)] = [
        ("words and digits, punctuation between", "Beach at Saint-Malo, 2019!"),
        ("accents dropped", "Café Crème brûlée"),
        ("upper case with a ring and an umlaut", "ÅNGSTRÖM"),
        ("sharp s stays", "Straße"),
        ("ligatures and the numero sign decomposed", "ﬁle №5"),
        ("Japanese: overlapping pairs", "東京タワー"),
        ("Korean syllables stay whole", "한국어 사전"),
        ("one Han character alone", "日"),
        ("Chinese between Latin words", "Trip 北京2019 photos"),
        ("emoji are separators", "🏖️beach🌊 sunset 👨‍👩‍👧"),
        ("Greek final sigma", "ΟΔΟΣ Σοφίας"),
        ("dotted capital I", "İstanbul"),
        ("superscript digit", "x² + y²"),
        ("full-width Latin and half-width Katakana", "ＦＵＬＬＷＩＤＴＨ ｶﾀｶﾅ"),
        ("apostrophes split", "don't stop"),
        ("underscores, hyphens and dots split", "IMG_1054-final.v2.jpg"),
        ("Arabic-Indic digits", "١٢٣ arabic"),
        ("Roman numeral", "Chapter Ⅻ"),
        ("Devanagari loses its vowel signs", "नमस्ते India"),
        ("Cyrillic", "Москва Зима"),
        ("a word longer than the longest term", "Pneumonoultramicroscopicsilicovolcanoconiosis and more"),
        ("white space of every kind", "tab\there\nline\u{00A0}nbsp\u{3000}ideographic"),
        ("nothing but separators", " — … !? "),
        ("empty", ""),
        ("a path as the manifest names it", "holidays/2019/beach-day.jpg"),
        ("Vietnamese stacked accents", "Phở Hà Nội"),
    ]

    static var fixturePath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/page/test/fixtures/search-terms.json").path
    }

    struct Fixture: Codable, Equatable {
        struct Case: Codable, Equatable {
            var name: String
            var text: String
            var terms: [String]
        }

        var note: String
        var longestTerm: Int
        var cases: [Case]
    }

    static var made: Fixture {
        Fixture(note: "Made by SearchTextTests (VITRINE_WRITE_FIXTURES=1): the terms vitrine's index makes of each text.",
            longestTerm: SearchText.longestTerm, cases: cases.map { .init(name: $0.0, text: $0.1, terms: SearchText.terms($0.1)) })
    }

    func testThePagesFixturesAreTheTermsThisSideMakes() throws {
        let made = Self.made
        if ProcessInfo.processInfo.environment["VITRINE_WRITE_FIXTURES"] == "1" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try (encoder.encode(made) + Data("\n".utf8)).write(to: URL(fileURLWithPath: Self.fixturePath))
        }
        let stored = try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: URL(fileURLWithPath: Self.fixturePath)))
        XCTAssertEqual(stored, made, "the page's fixtures are out of date: run this test with VITRINE_WRITE_FIXTURES=1")
    }

    func testTheRule() {
        XCTAssertEqual(SearchText.terms("Beach at Saint-Malo, 2019!"), ["beach", "at", "saint", "malo", "2019"])
        XCTAssertEqual(SearchText.terms("Café Crème"), ["cafe", "creme"])
        XCTAssertEqual(SearchText.terms("東京タワー"), ["東京", "京タ", "タワ", "ワー"])
        XCTAssertEqual(SearchText.terms("한국어"), ["한국", "국어"])
        XCTAssertEqual(SearchText.terms("ΟΔΟΣ"), ["οδοσ"])
        XCTAssertEqual(SearchText.terms("x²"), ["x2"])
        XCTAssertEqual(SearchText.terms("🏖️beach"), ["beach"])
        XCTAssertEqual(SearchText.terms(String(repeating: "a", count: 50)), [String(repeating: "a", count: SearchText.longestTerm)])
    }
}
