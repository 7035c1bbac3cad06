import Foundation
import XCTest

/// Issue 39, fault 2: `vitrine export` copied whatever file sat at a path, unchecked, and took a
/// site's paths (relative to its source folder) from the current folder. A site's files are
/// found where its build found them (the state records its sources, or `--source` says), and a
/// copy is put in place only when its size and SHA-256 are those the manifest records.
final class ExportChecksTests: TemporaryFolderTestCase {
    /// Photos of distinct colours at `paths` below the test's folder (Pillow, in one process).
    func makePhotos(_ paths: [String]) throws {
        let list = paths.map { "\"\($0)\"" }.joined(separator: ", ")
        let script = """
            import os, sys
            from PIL import Image, ImageDraw
            for n, path in enumerate([\(list)]):
                path = os.path.join(sys.argv[1], path)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                image = Image.new("RGB", (120, 80), ((n * 71) % 256, (n * 113 + 40) % 256, (n * 29 + 90) % 256))
                ImageDraw.Draw(image).ellipse([n * 7 % 60, 10, n * 7 % 60 + 50, 60], fill=(255 - n * 20, 30, n * 40 % 256))
                image.save(path, quality=90)
            """
        let run = try Program.run("/usr/bin/python3", ["-c", script, folder])
        XCTAssertEqual(run.status, 0, run.stderr)
    }

    /// `vitrine build SOURCES -o SITE` run in `directory`, then `ids` selected in order.
    func buildAndSelect(_ sources: [String], site: String, in directory: String, ids: [String]) throws {
        let build = try Vitrine.run(["build"] + sources + ["-o", site, "--no-tiles", "--no-sheets", "--no-video-copies"],
            currentDirectory: directory)
        XCTAssertEqual(build.status, 0, build.stderr)
        let select = try Vitrine.run(["select", "--in-place", site + "/manifest.json"] + ids.flatMap { ["--add", $0] },
            currentDirectory: directory)
        XCTAssertEqual(select.status, 0, select.stderr)
    }

    func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    func listing(_ path: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    func makeFolder(_ path: String) throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }

    /// SIGTERM (or Ctrl-C) while a copy is streamed: the command ends at once, 128 + the signal,
    /// and its hidden temporary file goes with it, so the folder holds nothing of the copy. The
    /// source grown to gigabytes (sparse) is read for seconds; it would fail its check at the end.
    func testAStoppedExportLeavesNoTemporaryFile() throws {
        try makePhotos(["src/a.jpg"])
        try buildAndSelect(["src"], site: "S", in: folder, ids: ["a"])
        XCTAssertEqual(truncate(folder + "/src/a.jpg", 8 << 30), 0)
        try makeFolder(folder + "/EX")
        let export = try SignalTests.RunningBuild(["export", folder + "/S/manifest.json", "--selection", "-o", folder + "/EX"])
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, export.process.isRunning, !listing(folder + "/EX").contains(where: { $0.contains(".partial-") }) {
            Thread.sleep(forTimeInterval: 0.01)
        }
        XCTAssertTrue(export.process.isRunning, "still copying")
        XCTAssertEqual(listing(folder + "/EX").filter { $0.contains(".partial-") }.count, 1, "the copy is under way")
        let stopped = export.terminate()
        XCTAssertEqual(export.process.terminationReason, .exit)
        XCTAssertEqual(stopped.status, 143, "128 + SIGTERM")
        XCTAssertEqual(listing(folder + "/EX"), [], "no temporary file left")
    }

    /// The reproducer: a text file and another photo of the same size at two chosen items' paths.
    /// Each is one error naming the item, exit 1, and the folder holds nothing of them (no
    /// temporary file either); the unchanged one is copied byte for byte. The same with --link.
    func testAChangedSourceIsAnErrorNamingTheItemAndNothingOfItIsLeft() throws {
        try makePhotos(["src/a.jpg", "src/sub/b.jpg", "src/c.jpg", "another.jpg"])
        try buildAndSelect(["src"], site: "S", in: folder, ids: ["sub/b", "a", "c"])
        let original = try XCTUnwrap(contents(folder + "/src/a.jpg"))
        try Data("not a photo\n".utf8).write(to: URL(fileURLWithPath: folder + "/src/sub/b.jpg"))
        // Another photo, padded after its end to the very size of the one it replaces: only the
        // hash tells them apart.
        var swapped = try XCTUnwrap(contents(folder + "/another.jpg"))
        XCTAssertLessThan(swapped.count, original.count)
        swapped += Data(count: original.count - swapped.count)
        try swapped.write(to: URL(fileURLWithPath: folder + "/src/a.jpg"))
        try makeFolder(folder + "/other")
        for link in [false, true] {
            let target = link ? "EX-links" : "EX"
            let run = try Vitrine.run(["export", "../S/manifest.json", "--selection", "-o", "../" + target] + (link ? ["--link"] : []),
                currentDirectory: folder + "/other")
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertEqual(run.stderrLines.count, 2, run.stderr)
            XCTAssertTrue(run.stderrLines.contains {
                $0.hasPrefix("vitrine: error: sub/b.jpg (item sub/b): it holds 12 bytes, not the ") && $0.contains("the manifest records")
            }, run.stderr)
            XCTAssertTrue(run.stderrLines.contains {
                $0.hasPrefix("vitrine: error: a.jpg (item a): its content is not the one the manifest records (another SHA-256)")
            }, run.stderr)
            XCTAssertEqual(run.stdoutText, "../\(target)/03-c.jpg\n")
            XCTAssertEqual(listing(folder + "/" + target), ["03-c.jpg"], "nothing of the changed files, not even a temporary one")
            XCTAssertEqual(contents(folder + "/\(target)/03-c.jpg"), contents(folder + "/src/c.jpg"))
        }
        let linked = try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/EX-links/03-c.jpg")
        XCTAssertEqual(linked, URL(fileURLWithPath: folder + "/src/c.jpg").resolvingSymlinksInPath().path)
    }

    /// A site's paths are below its source: run from the folder the build ran in (where
    /// `a.jpg` is not) or from anywhere else (where other files have the manifest's paths),
    /// export finds the files through the state. With
    /// several sources (a folder reached through a link, a folder, a file given alone), each
    /// path is found below the one it came from.
    func testExportFromAnotherFolderFindsTheSiteFilesThroughItsState() throws {
        try makePhotos(["photos/a.jpg", "photos/trip/b.jpg", "real/x.jpg", "more/y.jpg", "single.jpg"])
        try buildAndSelect(["photos"], site: "S", in: folder, ids: ["trip/b", "a"])
        // The reproducer: other files at the manifest's paths from the current folder
        // (another photo, a text file), which export used to copy.
        try makePhotos(["elsewhere/deeper/a.jpg"])
        try makeFolder(folder + "/elsewhere/deeper/trip")
        try Data("not a photo\n".utf8).write(to: URL(fileURLWithPath: folder + "/elsewhere/deeper/trip/b.jpg"))
        for (directory, site) in [(folder!, "S"), (folder + "/elsewhere/deeper", "../../S")] {
            let output = folder + "/EX-\(UUID().uuidString.prefix(6))"
            let run = try Vitrine.run(["export", site + "/manifest.json", "--selection", "-o", output], currentDirectory: directory)
            XCTAssertEqual(run.status, 0, "from \(directory): \(run.stderr)")
            XCTAssertEqual(listing(output), ["01-b.jpg", "02-a.jpg"])
            XCTAssertEqual(contents(output + "/01-b.jpg"), contents(folder + "/photos/trip/b.jpg"))
            XCTAssertEqual(contents(output + "/02-a.jpg"), contents(folder + "/photos/a.jpg"))
        }
        try FileManager.default.createSymbolicLink(atPath: folder + "/linked", withDestinationPath: folder + "/real")
        try buildAndSelect(["linked", "more/", "single.jpg"], site: "S2", in: folder, ids: ["single", "x", "y"])
        let run = try Vitrine.run(["export", folder + "/S2/manifest.json", "--selection", "-o", "out"], currentDirectory: folder + "/elsewhere")
        XCTAssertEqual(run.status, 0, run.stderr)
        let output = folder + "/elsewhere/out"
        XCTAssertEqual(listing(output), ["01-single.jpg", "02-x.jpg", "03-y.jpg"])
        XCTAssertEqual(contents(output + "/01-single.jpg"), contents(folder + "/single.jpg"))
        XCTAssertEqual(contents(output + "/02-x.jpg"), contents(folder + "/real/x.jpg"))
        XCTAssertEqual(contents(output + "/03-y.jpg"), contents(folder + "/more/y.jpg"))
    }

    /// A site copied without `.vitrine` (its sources moved too): a missing file is one error
    /// naming the item and suggesting --source; with --source, one for each of the build's
    /// sources in its order, the files are found and checked.
    func testSourceOptionFindsTheFilesOfASiteWithoutItsState() throws {
        try makePhotos(["day1/a.jpg", "day1/sub/b.jpg", "day2/c.jpg"])
        try buildAndSelect(["day1", "day2"], site: "S", in: folder, ids: ["c", "sub/b"])
        try FileManager.default.removeItem(atPath: folder + "/S/.vitrine")
        try makeFolder(folder + "/moved")
        for name in ["day1", "day2"] { try FileManager.default.moveItem(atPath: folder + "/" + name, toPath: folder + "/moved/" + name) }
        let missing = try Vitrine.run(["export", "S/manifest.json", "--selection", "-o", "EX"], currentDirectory: folder)
        XCTAssertEqual(missing.status, 1, missing.stderr)
        XCTAssertEqual(missing.stderrLines.count, 2, missing.stderr)
        for (path, id) in [("day2/c.jpg", "c"), ("day1/sub/b.jpg", "sub/b")] {
            XCTAssertTrue(missing.stderrLines.contains {
                $0.hasPrefix("vitrine: error: \(path) (item \(id)): no such file from the current folder: give the folder its paths start "
                    + "from with --source")
            }, missing.stderr)
        }
        XCTAssertEqual(listing(folder + "/EX"), [])
        let found = try Vitrine.run(["export", "S/manifest.json", "--selection", "-o", "EX", "--source", "moved/day1", "--source", "moved/day2"],
            currentDirectory: folder)
        XCTAssertEqual(found.status, 0, found.stderr)
        XCTAssertEqual(found.stdoutText, "EX/01-c.jpg\nEX/02-b.jpg\n")
        XCTAssertEqual(contents(folder + "/EX/01-c.jpg"), contents(folder + "/moved/day2/c.jpg"))
        XCTAssertEqual(contents(folder + "/EX/02-b.jpg"), contents(folder + "/moved/day1/sub/b.jpg"))
        let wrong = try Vitrine.run(["export", "S/manifest.json", "--selection", "-o", "EX2", "--source", "."], currentDirectory: folder)
        XCTAssertEqual(wrong.status, 1, wrong.stderr)
        XCTAssertTrue(wrong.stderrLines.allSatisfy { $0.contains("no such file in the folders given with --source") }, wrong.stderr)
        let absent = try Vitrine.run(["export", "S/manifest.json", "--selection", "-o", "EX3", "--source", "nowhere"], currentDirectory: folder)
        XCTAssertEqual(absent.status, 2, absent.stderr)
        XCTAssertTrue(absent.stderr.contains("--source nowhere: no such file or folder"), absent.stderr)
    }

    /// A manifest from `vitrine scan` keeps its rule: paths from the current folder (the one it
    /// ran in). Elsewhere a missing file suggests --source, which takes that folder; a file whose
    /// size changed is refused even without a SHA-256 in the manifest.
    func testAScanManifestTakesItsPathsFromTheCurrentFolder() throws {
        try makePhotos(["photos/a.jpg", "photos/b.jpg"])
        let scan = try Vitrine.run(["scan", "photos"], currentDirectory: folder)
        XCTAssertEqual(scan.status, 0, scan.stderr)
        let chosen = try Vitrine.run(["select", "-", "--add", "b", "--add", "a"], stdin: scan.stdoutText)
        try chosen.stdout.write(to: URL(fileURLWithPath: folder + "/g.json"))
        let here = try Vitrine.run(["export", "g.json", "--selection", "-o", "EX"], currentDirectory: folder)
        XCTAssertEqual(here.status, 0, here.stderr)
        XCTAssertEqual(contents(folder + "/EX/01-b.jpg"), contents(folder + "/photos/b.jpg"))
        try makeFolder(folder + "/elsewhere")
        let away = try Vitrine.run(["export", "../g.json", "--selection", "-o", "EX"], currentDirectory: folder + "/elsewhere")
        XCTAssertEqual(away.status, 1, away.stderr)
        XCTAssertTrue(away.stderrLines.contains { $0.hasPrefix("vitrine: error: photos/b.jpg (item b): no such file from the current folder") }
            && away.stderrLines.allSatisfy { $0.contains("with --source") }, away.stderr)
        XCTAssertEqual(listing(folder + "/elsewhere/EX"), [])
        let given = try Vitrine.run(["export", "../g.json", "--selection", "-o", "EX", "--source", ".."], currentDirectory: folder + "/elsewhere")
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertEqual(contents(folder + "/elsewhere/EX/02-a.jpg"), contents(folder + "/photos/a.jpg"))
        try Data("short".utf8).write(to: URL(fileURLWithPath: folder + "/photos/a.jpg"))
        let changed = try Vitrine.run(["export", "g.json", "--selection", "-o", "EX4"], currentDirectory: folder)
        XCTAssertEqual(changed.status, 1, changed.stderr)
        XCTAssertTrue(changed.stderr.contains("vitrine: error: photos/a.jpg (item a): it holds 5 bytes, not the "), changed.stderr)
        XCTAssertEqual(listing(folder + "/EX4"), ["01-b.jpg"])
    }

    /// A site built in two parts and merged: the merge records no sources, its parts do, and
    /// export reads them there.
    func testASiteBuiltInPartsFindsItsFilesThroughAPartsState() throws {
        try makePhotos(["photos/a.jpg", "photos/trip/b.jpg", "photos/c.jpg"])
        for part in ["1/2", "2/2"] {
            let run = try Vitrine.run(["build", "photos", "-o", "S", "--shard", part, "--no-tiles", "--no-sheets"], currentDirectory: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        let merge = try Vitrine.run(["build", "--merge", "-o", "S"], currentDirectory: folder)
        XCTAssertEqual(merge.status, 0, merge.stderr)
        let select = try Vitrine.run(["select", "--in-place", "S/manifest.json", "--add", "trip/b", "--add", "c"], currentDirectory: folder)
        XCTAssertEqual(select.status, 0, select.stderr)
        try makeFolder(folder + "/elsewhere")
        let run = try Vitrine.run(["export", "../S/manifest.json", "--selection", "-o", "EX"], currentDirectory: folder + "/elsewhere")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(contents(folder + "/elsewhere/EX/01-b.jpg"), contents(folder + "/photos/trip/b.jpg"))
        XCTAssertEqual(contents(folder + "/elsewhere/EX/02-c.jpg"), contents(folder + "/photos/c.jpg"))
    }
}
