import Foundation
import XCTest

/// `--shard K/N` parts joined by `vitrine manifest merge` give what a single run prints, byte
/// for byte; parts that do not fit together are refused.
final class MergeTests: TemporaryFolderTestCase {
    let root = Repository.root

    /// The single run's stdout, and the merge of `count` parts given in a scrambled order.
    func singleAndMerged(_ arguments: [String], count: Int = 3) throws -> (single: Data, merged: Data, parts: [String]) {
        let single = try Vitrine.run(arguments)
        XCTAssertTrue([0, 1].contains(single.status), single.stderr)
        var parts: [String] = []
        for index in 1...count {
            let part = try Vitrine.run(arguments + ["--shard", "\(index)/\(count)"])
            XCTAssertTrue([0, 1].contains(part.status), part.stderr)
            XCTAssertNotNil((try part.json())["partial"])
            let file = folder + "/part\(index).json"
            try part.stdout.write(to: URL(fileURLWithPath: file))
            parts.append(file)
        }
        let merged = try Vitrine.run(["manifest", "merge"] + parts.reversed())
        XCTAssertEqual(merged.status, 0, merged.stderr)
        return (single.stdout, merged.stdout, parts)
    }

    func testCorpusScanInThreePartsMergesByteForByte() throws {
        let inputs = [try Corpus.path("mixed/sigal-sample"), try Corpus.path("photos"), try Corpus.path("mixed/video"),
            try Corpus.path("mixed/broken/libvips__truncated.svgz"), folder + "/missing"]
        for options in [["--cyclic", "--initial-index", "5"], ["--order", "date", "--reverse"], ["--order", "sidecar"], ["--order", "none"]] {
            let (single, merged, parts) = try singleAndMerged(["scan", "--timeout", "3"] + options + inputs)
            XCTAssertEqual(merged, single, "\(options)")
            let counts = try parts.map { items(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: $0))) as! [String: Any]).count }
            XCTAssertTrue(counts.allSatisfy { $0 > 0 }, "every part has some items: \(counts)")
            XCTAssertEqual(counts.reduce(0, +), items(try JSONSerialization.jsonObject(with: single) as! [String: Any]).count)
        }
    }

    func testThumbsAndCaptionsInPartsMergeByteForByte() throws {
        let captions = folder + "/captions.json"
        try Data(#"""
            [{"path": "portraits/orientation-portrait-8.jpg", "style": "custom", "caption": {"b": [1.50, {"a": null}]}},
             {"path": "coffee.jpg", "caption": "Second"}]
            """#.utf8).write(to: URL(fileURLWithPath: captions))
        let (single, merged, _) = try singleAndMerged(["thumbs", root.appendingPathComponent("Examples/media").path, "-o",
            folder + "/t", "--size", "64", "--captions", captions, "--order", "captions"])
        XCTAssertEqual(merged, single)
        XCTAssertTrue(String(decoding: merged, as: UTF8.self).contains(#""custom" : {"b": [1.50, {"a": null}]}"#))
    }

    /// A camera's IMG_0001…IMG_0012 spread over the parts, and colliding ids (a.jpg, a.png,
    /// a-2.jpg: ids a, a-3 and a-2) come out as in one run whichever parts they land in.
    func testCameraNamesSpreadAndCollidingIdsAgree() throws {
        let gallery = folder + "/camera"
        try FileManager.default.createDirectory(atPath: gallery, withIntermediateDirectories: true)
        let source = root.appendingPathComponent("Examples/media/coffee.jpg").path
        var names = (1...12).map { String(format: "IMG_%04d.JPG", $0) } + ["a.jpg", "a.png", "a-2.jpg", "notes.txt"]
        names.append("broken.jpg")
        for name in names { try FileManager.default.copyItem(atPath: source, toPath: gallery + "/" + name) }
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: gallery + "/broken.jpg"))
        try Data("text".utf8).write(to: URL(fileURLWithPath: gallery + "/notes.txt"))
        let (single, merged, parts) = try singleAndMerged(["scan", gallery])
        XCTAssertEqual(merged, single)
        let ids = items(try JSONSerialization.jsonObject(with: single) as! [String: Any]).map { $0["id"] as! String }
        XCTAssertEqual(Set(ids.filter { $0.hasPrefix("a") }), ["a", "a-2", "a-3"])
        let counts = try parts.map { items(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: $0))) as! [String: Any]).count }
        XCTAssertTrue(counts.allSatisfy { $0 >= 2 }, "the 15 pictures spread: \(counts)")
        XCTAssertEqual(try Vitrine.run(["scan", gallery, "--shard", "1/2", "--ndjson"]).status, 2)
    }

    /// A thumbs part that loses an item (a JPEG cut short: its header reads, its pixels do not)
    /// tells the merge, which then opens on the same item as a single run.
    func testThumbsPartsLosingTheInitialItemMergeLikeOneRun() throws {
        let gallery = folder + "/lossy"
        try FileManager.default.createDirectory(atPath: gallery, withIntermediateDirectories: true)
        let source = root.appendingPathComponent("Examples/media/coffee.jpg").path
        for name in ["a", "b", "d", "e", "f", "g"] { try FileManager.default.copyItem(atPath: source, toPath: gallery + "/\(name).jpg") }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: gallery + "/c.jpg"))
        for (initial, expected) in [("2", 2), ("3", 2), ("6", 5)] {
            let (single, merged, _) = try singleAndMerged(["thumbs", gallery, "-o", folder + "/t", "--size", "32",
                "--initial-index", initial], count: 2)
            XCTAssertEqual(merged, single, "--initial-index \(initial)")
            let manifest = try JSONSerialization.jsonObject(with: single) as! [String: Any]
            XCTAssertEqual(errors(manifest).count, 1)
            // c (index 2) is lost: asked for c, a run opens on d, now at 2; asked for d, on d; for g, on g, now at 5.
            XCTAssertEqual(manifest["initialIndex"] as? Int, expected, "--initial-index \(initial)")
        }
    }

    func testPartsThatDoNotFitAreRefused() throws {
        let examples = root.appendingPathComponent("Examples/media").path
        func part(_ extra: [String], _ name: String) throws -> String {
            let run = try Vitrine.run(["scan", examples] + extra)
            let file = folder + "/" + name
            try run.stdout.write(to: URL(fileURLWithPath: file))
            return file
        }
        let one = try part(["--shard", "1/2"], "one.json"), two = try part(["--shard", "2/2"], "two.json")
        func refusal(_ parts: [String]) throws -> String {
            let run = try Vitrine.run(["manifest", "merge"] + parts)
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertEqual(run.stdout.count, 0)
            return run.stderr
        }
        XCTAssertTrue(try refusal([one]).contains("missing shard 2/2"))
        XCTAssertTrue(try refusal([one, two, one]).contains("shard 1/2 is given twice"))
        XCTAssertTrue(try refusal([one, try part(["--shard", "2/2", "--reverse"], "reversed.json")]).contains("was not made like"))
        XCTAssertTrue(try refusal([one, try part([], "whole.json")]).contains("not a part of a gallery"))
        // The same items claimed by two parts.
        var text = try String(contentsOfFile: one, encoding: .utf8)
        text = text.replacingOccurrences(of: #""shard" : "1/2""#, with: #""shard" : "2/2""#)
        let impostor = folder + "/impostor.json"
        try text.write(toFile: impostor, atomically: true, encoding: .utf8)
        XCTAssertTrue(try refusal([one, impostor, two]).contains("shard 2/2 is given twice"))
        let all = try part(["--shard", "1/1"], "all.json")
        XCTAssertTrue(try refusal([one, all]).contains("was not made like"), "shard counts differ")
        let overlap = folder + "/overlap.json"
        let mine = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: one))) as! [String: Any]
        var theirs = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: two))) as! [String: Any]
        theirs["items"] = (theirs["items"] as! [Any]) + [(mine["items"] as! [Any])[0]]
        try JSONSerialization.data(withJSONObject: theirs).write(to: URL(fileURLWithPath: overlap))
        let id = ((mine["items"] as! [[String: Any]])[0]["id"] as! String)
        XCTAssertTrue(try refusal([one, overlap]).contains("item '\(id)' is in both"))
        // --initial-index is checked once the parts are joined.
        let far1 = try part(["--shard", "1/2", "--initial-index", "99"], "far1.json")
        let far2 = try part(["--shard", "2/2", "--initial-index", "99"], "far2.json")
        XCTAssertTrue(try refusal([far1, far2]).contains("--initial-index 99 is out of range"))
    }
}
