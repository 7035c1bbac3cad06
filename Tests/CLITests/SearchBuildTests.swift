import Foundation
import XCTest

/// The search index (issue 44) as `build` and `page` write it, read back from the site as the
/// page reads it: `search/index.js` names the term pieces by prefix, a term's postings are
/// (number, fields) pairs, and the record pieces map each number to its item.
final class SearchBuildTests: TemporaryFolderTestCase {
    var source: String { folder + "/src" }
    var site: String { folder + "/site" }
    let fields = (title: 1, keywords: 2, caption: 4, place: 8, album: 16, name: 32)

    /// Four pictures, each holding one word in one field: a sidecar's caption and place (rome/forum,
    /// in the album titled "Roma antica"), XMP keywords (beach), an IPTC title (tower), a file's name
    /// (zanzibar-harbour).
    func makeSource() throws {
        try FileManager.default.createDirectory(atPath: source + "/rome", withIntermediateDirectories: true)
        for name in ["rome/forum.jpg", "beach.jpg", "tower.jpg", "zanzibar-harbour.jpg"] {
            XCTAssertEqual(try Program.run("vips", ["black", source + "/" + name, "48", "32"]).status, 0)
        }
        try write("rome/index.md", "Title: Roma antica\n")
        try write("rome/forum.md", "Title: Forum\nLocation: Trastevere\n\nColumns of Saturn.")
        try Program.output("exiv2", ["-M", "set Xmp.dc.subject XmpBag Seashells", "-M", "set Xmp.dc.subject XmpBag Jasmine",
            source + "/beach.jpg"])
        try Program.output("exiv2", ["-M", "set Iptc.Application2.ObjectName Lighthouse", source + "/tower.jpg"])
    }

    func write(_ relative: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: source + "/" + relative))
    }

    @discardableResult
    func build(_ extra: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> Vitrine.Run {
        let run = try Vitrine.run(["build", source, "-o", site, "--no-tiles", "--no-sheets"] + extra)
        XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
        return run
    }

    /// The object a piece hands the page: `vitrinePiece("PATH", JSON);`.
    func piece(_ path: String, in site: String? = nil) throws -> [String: Any] {
        let text = try String(contentsOfFile: (site ?? self.site) + "/" + path, encoding: .utf8)
        let prefix = "vitrinePiece(\"\(path)\","
        XCTAssert(text.hasPrefix(prefix) && text.hasSuffix(");\n"), text)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.dropFirst(prefix.count).dropLast(3).utf8)) as? [String: Any])
    }

    /// A term piece's path: its prefix's UTF-8 bytes in hex.
    func termPath(_ prefix: String) -> String { "search/t/" + prefix.utf8.map { String(format: "%02x", $0) }.joined() + ".js" }

    /// The term pieces search/index.js lists, each as its groups' prefixes (the first naming it).
    func termPieces(in site: String? = nil) throws -> [[String]] {
        try XCTUnwrap(try piece("search/index.js", in: site)["pieces"] as? [[String]])
    }

    /// The path of the piece holding `term`: the one of the group of its longest prefix.
    func pieceHolding(_ term: String, in site: String? = nil) throws -> String {
        let packs = try termPieces(in: site)
        let group = try XCTUnwrap(packs.joined().filter { term.hasPrefix($0) }.max { $0.count < $1.count }, term)
        return termPath(try XCTUnwrap(packs.first { $0.contains(group) })[0])
    }

    /// Each posting of `term` as [item id, fields], the number mapped to its id through the record pieces.
    func postings(_ term: String, in site: String? = nil) throws -> [[String]] {
        let index = try piece("search/index.js", in: site)
        let recordBlock = try XCTUnwrap(index["recordBlock"] as? Int)
        guard try termPieces(in: site).joined().contains(where: { term.hasPrefix($0) }) else { return [] }
        let groups = (try piece(try pieceHolding(term, in: site), in: site)["terms"] as? [String: [Any]])?[term] ?? []
        var found: [(Int, [String])] = []
        for at in stride(from: 0, to: groups.count, by: 2) {
            let mask = try XCTUnwrap(groups[at] as? Int)
            for number in try Self.set(try XCTUnwrap(groups[at + 1] as? String)) {
                found.append((number, [try id(of: number, recordBlock: recordBlock, in: site), String(mask)]))
            }
        }
        return found.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// A set of numbers as the index writes it (format 2): the gaps as varints of 5-bit groups,
    /// or `~` and a bitmap of 6 numbers a digit.
    static func set(_ text: String) throws -> [Int] {
        let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let values = try text.drop { $0 == "~" }.map { digit in try XCTUnwrap(digits.firstIndex(of: digit), "\(digit)") }
        if text.hasPrefix("~") {
            return values.enumerated().flatMap { place, bits in (0..<6).filter { bits & (1 << $0) != 0 }.map { place * 6 + $0 } }
        }
        var numbers: [Int] = []
        var current = 0
        for value in values {
            current = current << 5 | (value & 31)
            guard value < 32 else { continue }
            numbers.append((numbers.last ?? -1) + current + 1)
            current = 0
        }
        return numbers
    }

    /// The id of the item numbered `number`, from its record piece (`[id, …]`).
    func id(of number: Int, recordBlock: Int = 8, in site: String? = nil) throws -> String {
        let block = number / recordBlock
        let record = try piece("search/r/" + String(format: "%04d", block) + ".js", in: site)
        XCTAssertEqual(record["start"] as? Int, block * recordBlock)
        let items = try XCTUnwrap(record["items"] as? [Any])
        return try XCTUnwrap((items[number % recordBlock] as? [Any])?.first as? String, "no record numbered \(number)")
    }

    /// Every item's number, from the record pieces.
    func numbers(in site: String? = nil) throws -> [String: Int] {
        var numbers: [String: Int] = [:]
        let folder = (site ?? self.site) + "/search/r"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let record = try piece("search/r/" + name, in: site)
            let start = try XCTUnwrap(record["start"] as? Int)
            for (offset, item) in (record["items"] as? [Any] ?? []).enumerated() {
                if let id = (item as? [Any])?.first as? String { numbers[id] = start + offset }
            }
        }
        return numbers
    }

    /// The site's pieces below `search/`: inode and modification time to the nanosecond (the
    /// index's fingerprint, `search/.fingerprint`, is no piece: it changes with any edit).
    func searchFiles() throws -> [String: [Int64]] {
        var stamps: [String: [Int64]] = [:]
        let walk = try XCTUnwrap(FileManager.default.enumerator(atPath: site + "/search"))
        for case let relative as String in walk {
            var info = stat()
            guard relative != ".fingerprint", stat(site + "/search/" + relative, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            stamps["search/" + relative] = [Int64(info.st_ino), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec)]
        }
        return stamps
    }

    func testEachFieldFindsItsItemByItsNumber() throws {
        try makeSource()
        let run = try build()
        let count = try searchFiles().count
        XCTAssertTrue(run.stderrLines.contains { $0.hasSuffix("search: \(count) pieces rewritten, 0 kept, 0 removed") }, run.stderr)
        XCTAssertEqual(try postings("saturn"), [["rome/forum", "\(fields.caption)"]], "a sidecar's caption")
        XCTAssertEqual(try postings("trastevere"), [["rome/forum", "\(fields.place)"]], "a sidecar's place")
        XCTAssertEqual(try postings("antica"), [["rome/forum", "\(fields.album)"]], "an album's title")
        XCTAssertEqual(try postings("seashells"), [["beach", "\(fields.keywords)"]], "an XMP keyword")
        XCTAssertEqual(try postings("lighthouse"), [["tower", "\(fields.title)"]], "an IPTC title")
        XCTAssertEqual(try postings("zanzibar"), [["zanzibar-harbour", "\(fields.name)"]], "a file's name")
        XCTAssertEqual(try postings("rome"), [], "a source's folders are never indexed")
        let index = try piece("search/index.js")
        XCTAssertEqual(index["count"] as? Int, 4)
        XCTAssertEqual(Set(try numbers().values), [0, 1, 2, 3], "a first build numbers its items from 0")
    }

    /// Numbers are kept in the state: a rebuild keeps every item's, a new item gets the next
    /// number never used, and a gone item's number is not given again.
    func testNumbersStayAcrossRebuildsAndANewItemGetsANewOne() throws {
        try makeSource()
        try build()
        let first = try numbers()
        XCTAssertEqual(first.count, 4)
        // A new file first in gallery order, which a numbering in gallery order would shift.
        XCTAssertEqual(try Program.run("vips", ["black", source + "/aardvark.jpg", "20", "20"]).status, 0)
        try build()
        var second = try numbers()
        XCTAssertEqual(second.removeValue(forKey: "aardvark"), 4, "the next number")
        XCTAssertEqual(second, first, "every other item keeps its number")

        try FileManager.default.removeItem(atPath: source + "/zanzibar-harbour.jpg")
        XCTAssertEqual(try Program.run("vips", ["black", source + "/yak.jpg", "20", "20"]).status, 0)
        try build()
        let third = try numbers()
        XCTAssertNil(third["zanzibar-harbour"])
        XCTAssertEqual(third["yak"], 5, "not \(first["zanzibar-harbour"] ?? -1), the gone item's")
        XCTAssertEqual(try postings("zanzibar"), [])
        XCTAssertEqual(try postings("yak"), [["yak", "\(fields.name)"]])
    }

    /// A build that could not write an item's outputs records no numbers: once it can, the next
    /// build numbers every item as a clean build does (FullDiskTests saw the item left out numbered last).
    func testABuildThatCouldNotWriteRecordsNoNumbers() throws {
        try makeSource()
        // A folder where beach's thumbnail goes: its outputs cannot be put in place.
        try FileManager.default.createDirectory(atPath: site + "/thumbs/beach-256x256.jpg/x", withIntermediateDirectories: true)
        let failed = try Vitrine.run(["build", source, "-o", site, "--no-tiles", "--no-sheets", "--overwrite"])
        XCTAssertEqual(failed.status, 1, failed.stderr)
        XCTAssert(failed.stderr.contains("beach"), failed.stderr)
        XCTAssertNil(try numbers()["beach"], "left out of that build's page")
        try FileManager.default.removeItem(atPath: site + "/thumbs/beach-256x256.jpg")
        try build()
        let clean = folder + "/clean"
        XCTAssertEqual(try Vitrine.run(["build", source, "-o", clean, "--no-tiles", "--no-sheets"]).status, 0)
        XCTAssertEqual(try numbers(), try numbers(in: clean))
        XCTAssertEqual(try numbers()["beach"], 0, "the first in gallery order, all undated")
    }

    /// A caption edit rewrites the pieces of the terms that changed and nothing else of the
    /// index; `--dry-run` and the summary count them.
    func testACaptionEditRewritesOnlyThePiecesOfItsChangedTerms() throws {
        try makeSource()
        try build()
        let before = try searchFiles()
        let bytes = try Dictionary(uniqueKeysWithValues: before.keys.map { path in
            (path, try Data(contentsOf: URL(fileURLWithPath: site + "/" + path)))
        })
        // "saturn" leaves the piece of s (which "seashells" keeps), "jupiter" joins that of j
        // ("jasmine"'s): in this small gallery, the piece of the first letters p to z and that of a to o.
        let expected = [try pieceHolding("saturn"), try pieceHolding("jasmine")].sorted()
        XCTAssertEqual(Set(expected).count, 2)
        XCTAssert(try termPieces().contains { $0.contains("j") && $0.contains("a") }, "the groups of j and a share a piece")
        Thread.sleep(forTimeInterval: 0.05)
        try write("rome/forum.md", "Title: Forum\nLocation: Trastevere\n\nColumns of Jupiter.")

        let dryRun = try build(["--dry-run"])
        XCTAssertTrue(dryRun.stdoutText.contains("search: rewrite 2, keep \(before.count - 2), remove 0\n"), dryRun.stdoutText)
        XCTAssertEqual(try searchFiles(), before, "a dry run writes nothing")

        let run = try build()
        let said = "search: 2 pieces rewritten, \(before.count - 2) kept, 0 removed"
        XCTAssertTrue(run.stderrLines.contains { $0.hasSuffix(said) }, run.stderr)
        let after = try searchFiles()
        XCTAssertEqual(Set(after.keys), Set(before.keys))
        XCTAssertEqual(after.filter { before[$0.key] != $0.value }.keys.sorted(), expected,
            "the pieces holding saturn and jupiter; the index, the other pieces and the records are not written")
        let changedBytes = try after.keys.filter { try Data(contentsOf: URL(fileURLWithPath: site + "/" + $0)) != bytes[$0] }.sorted()
        XCTAssertEqual(changedBytes, expected)
        XCTAssertEqual(try postings("jupiter"), [["rome/forum", "\(fields.caption)"]])
        XCTAssertEqual(try postings("saturn"), [])

        // An unchanged rebuild stops early and writes nothing; a piece deleted by hand is written again.
        let unchanged = try build(["--progress", "json"])
        XCTAssertTrue(unchanged.stderrLines.last?.contains(#""made":0"#) ?? false, unchanged.stderr)
        XCTAssertEqual(try searchFiles(), after)
        try FileManager.default.removeItem(atPath: site + "/" + (try pieceHolding("jupiter")))
        try build()
        XCTAssertEqual(try postings("jupiter"), [["rome/forum", "\(fields.caption)"]])
    }

    /// `--no-search` (and vitrine.json's `"search": false`) writes no index and removes one
    /// written before; `vitrine page` writes it too, numbering the items in the order they were
    /// taken (so that the page ranks ties by number as by date).
    func testNoSearchRemovesTheIndexAndPageWritesIt() throws {
        try makeSource()
        for (name, date) in [("beach.jpg", "2023:01:02 10:00:00"), ("tower.jpg", "2019:05:06 07:00:00")] {
            try Program.output("exiv2", ["-M", "set Exif.Photo.DateTimeOriginal \(date)", source + "/" + name])
        }
        try build(["--no-search"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: site + "/search"), "no index")
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/index.html"))
        try build()
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/search/index.js"))
        let count = try searchFiles().count
        let dryRun = try build(["--no-search", "--dry-run"])
        XCTAssertTrue(dryRun.stdoutText.contains("search: rewrite 0, keep 0, remove \(count)\n"), dryRun.stdoutText)
        try write("vitrine.json", #"{"search": false}"#)
        let run = try build()
        XCTAssertTrue(run.stderrLines.contains { $0.hasSuffix("search: 0 pieces rewritten, 0 kept, \(count) removed") }, run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site + "/search"), "the old index is removed, its folders too")

        let page = try Vitrine.run(["page", site + "/manifest.json", "-o", site])
        XCTAssertEqual(page.status, 0, page.stderr)
        let manifestData = try Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json"))
        let manifest = try JSONSerialization.jsonObject(with: manifestData) as? [String: Any]
        let listed = items(try XCTUnwrap(manifest))
        let ids = listed.compactMap { $0["id"] as? String }
        // The undated first, then oldest to newest, gallery order breaking ties.
        let taken = listed.enumerated().sorted { left, right in
            let (a, b) = (left.element["takenAt"] as? String ?? "", right.element["takenAt"] as? String ?? "")
            return a != b ? a < b : left.offset < right.offset
        }.compactMap { $0.element["id"] as? String }
        XCTAssertNotEqual(taken, ids, "the dates given make the two orders differ")
        XCTAssertEqual(try numbers(), Dictionary(uniqueKeysWithValues: taken.enumerated().map { ($1, $0) }), "numbered in the order taken")
        XCTAssertEqual(try postings("lighthouse"), [["tower", "\(fields.title)"]])
        let without = try Vitrine.run(["page", site + "/manifest.json", "-o", site, "--no-search"])
        XCTAssertEqual(without.status, 0, without.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site + "/search"))
    }

    /// Parts write no index; the merge numbers the joined gallery in the whole site's state, and
    /// a whole build of the same site later keeps those numbers, a new item numbered after them.
    func testTheMergeNumbersTheWholeGallery() throws {
        try makeSource()
        for part in ["1/2", "2/2"] {
            let run = try Vitrine.run(["build", source, "-o", site, "--no-tiles", "--no-sheets", "--shard", part])
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: site + "/search"), "a part writes no page")
        let merge = try Vitrine.run(["build", "--merge", site, "--no-tiles", "--no-sheets"])
        XCTAssertEqual(merge.status, 0, merge.stderr)
        let merged = try numbers()
        XCTAssertEqual(Set(merged.values), [0, 1, 2, 3])
        XCTAssertEqual(try postings("saturn"), [["rome/forum", "\(fields.caption)"]])
        // A whole build of the site, with a new item first in gallery order: the merge's numbers stay.
        XCTAssertEqual(try Program.run("vips", ["black", source + "/aardvark.jpg", "20", "20"]).status, 0)
        try build()
        var whole = try numbers()
        XCTAssertEqual(whole.removeValue(forKey: "aardvark"), 4)
        XCTAssertEqual(whole, merged)
    }
}
