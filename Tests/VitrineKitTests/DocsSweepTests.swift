import Foundation
import XCTest

@testable import VitrineKit

/// What the code's comments and `docs/architecture.md` say stays current: measured figures live
/// in bench/README.md (a comment says why, and points there), architecture.md lists every
/// output kind in one paragraph and says what the seeds are, and `OutputKind`'s doc names them all.
final class DocsSweepTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func text(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Each run of consecutive comment lines of `source`, joined.
    func commentBlocks(_ source: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if let start = line.range(of: "//") {
                current.append(line[start.upperBound...])
            } else if !current.isEmpty {
                blocks.append(current.joined(separator: " "))
                current = []
            }
        }
        if !current.isEmpty { blocks.append(current.joined(separator: " ")) }
        return blocks
    }

    func testNoCodeCommentCarriesABenchmarkFigure() throws {
        let figure = try NSRegularExpression(pattern: #"\d+(\.\d+)? ?(ms|µs|ns|MB|GB)\b|\d+\.\d+ s\b"#)
        let measuring = try NSRegularExpression(pattern: #"\b(measured|took|spends|spent|peaks|instead of|costs?|against|about)\b"#,
            options: .caseInsensitive)
        let sources = try XCTUnwrap(FileManager.default.enumerator(atPath: Self.root.appendingPathComponent("Sources").path))
        var found: [String] = []
        for case let path as String in sources where path.hasSuffix(".swift") {
            for block in commentBlocks(try text("Sources/" + path)) {
                let range = NSRange(block.startIndex..., in: block)
                if figure.firstMatch(in: block, range: range) != nil, measuring.firstMatch(in: block, range: range) != nil {
                    found.append(path + ": " + block.prefix(120))
                }
            }
        }
        XCTAssertEqual(found, [], "figures go in bench/README.md")
    }

    func testArchitectureListsEveryKindOnceAndSaysWhatTheSeedsAre() throws {
        let architecture = try text("docs/architecture.md")
        let paragraphs = architecture.components(separatedBy: "\n\n").filter { $0.contains("Kinds today") }
        XCTAssertEqual(paragraphs.count, 1, "one paragraph lists the kinds")
        for kind in OutputKinds.all {
            XCTAssertTrue(paragraphs.first?.contains("`\(kind.kindName)`") ?? false, "\(kind.kindName) is listed")
        }
        let seeds = try XCTUnwrap(architecture.components(separatedBy: "\n## ").first { $0.hasPrefix("Where the ideas come from") })
        for number in ["000", "001", "002", "003"] { XCTAssertTrue(seeds.contains("seed \(number)"), "seed \(number) is named") }
    }

    func testOutputKindsDocNamesEveryKind() throws {
        let source = try text("Sources/VitrineKit/Pipeline/OutputKind.swift")
        let header = try XCTUnwrap(source.components(separatedBy: "public protocol OutputKind").first)
        XCTAssertFalse(header.contains("(next)"), "every kind is here now")
        XCTAssertTrue(header.contains("``OutputKinds/all``"))
        for words in ["rendition", "placeholder", "zoom-tile", "contact-sheet cell", "video's sheet", "copy of a video"] {
            XCTAssertTrue(header.contains(words), words)
        }
    }
}
