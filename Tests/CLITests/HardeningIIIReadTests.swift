import Foundation
import XCTest

/// Breaks 2 and 3 of issue 38, as vitrine reads the files it finds: a FIFO at a name the build
/// reads (in SRC or in SITE) held it forever, and a sidecar linked to `/proc/self/environ` or
/// to a file outside SRC was published as a caption. Each is now passed over with a one-line
/// warning naming it, the build ends, and nothing of a link's target reaches the site.
final class HardeningIIIReadTests: HardeningIIITestCase {
    /// The text of the file outside SRC, and a variable of vitrine's environment: no site may
    /// hold either.
    static let fileMarker = "OUTSIDE-MARKER-7f3a9"
    /// What a warning says of a file whose real path leaves its source, or its site.
    static let outOfSource = "reached through a symbolic link out of the source"
    static let outOfSite = "reached through a symbolic link out of the site"
    static let environmentMarker = "ENVIRON-MARKER-c41d8"

    override var environment: [String: String] { super.environment.merging(["VITRINE_TEST_SECRET": Self.environmentMarker]) { $1 } }

    /// Makes a FIFO at `path`.
    func fifo(_ path: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(mkfifo(path, 0o644), 0, String(cString: strerror(errno)), file: file, line: line)
    }

    /// A build that must end: the run (killed after 60 s), failing when it took 30 s or more.
    func boundedBuild(_ source: String, _ site: String, _ extra: [String] = [], _ what: String,
                      file: StaticString = #filePath, line: UInt = #line) throws -> Vitrine.Run {
        let run = try build(source, site, extra, timeout: 60)
        XCTAssertLessThan(run.seconds, 30, "\(what): the build did not end: \(run.stderr)", file: file, line: line)
        return run
    }

    /// Whether `path` itself (a link not followed) is a regular file.
    func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// The files below `site` (`.vitrine/` included: the state keeps probe answers) whose bytes
    /// hold `marker`.
    func files(in site: String, holding marker: String) -> [String] {
        listing(site).filter { $0.value.hasPrefix("file ") }.keys.filter { path in
            (try? Data(contentsOf: URL(fileURLWithPath: path)))?.range(of: Data(marker.utf8)) != nil
        }.sorted()
    }

    /// The issue's reproducer: `mkfifo SRC/.nomedia; vitrine build SRC -o SITE` never ended
    /// (and `scan` neither). The marker is passed over, its folder left out as an empty one
    /// leaves it.
    func testAFIFONomediaEndsTheBuildAndTheScan() throws {
        let source = try makeSource()
        fifo(source + "/.nomedia")
        let site = folder + "/site"
        let run = try boundedBuild(source, site, [], ".nomedia")
        XCTAssertEqual(run.status, 0, run.stderr)
        let said = "\(source)/.nomedia: a FIFO, not a regular file: passed over; its folder is left out"
        XCTAssertTrue(run.stderr.contains(said), run.stderr)
        XCTAssertEqual(try itemIDs(site), [])
        let scan = try Vitrine.run(["scan", source], environment: environment, timeout: 60)
        XCTAssertLessThan(scan.seconds, 30, scan.stderr)
        XCTAssertEqual(scan.status, 0, scan.stderr)
        XCTAssertTrue(scan.stderr.contains("\(source)/.nomedia: a FIFO"), scan.stderr)
    }

    /// A FIFO at each name a rebuild reads in SRC, one at a time: the build ends, says which
    /// file it passed over, and goes on (a captions file named by vitrine.json is refused, exit 2).
    func testAFIFOAtEveryNameTheBuildReadsInTheSourceIsPassedOver() throws {
        let (source, site, selected) = try finishedSite()
        try FileManager.default.createDirectory(atPath: source + "/2020/notes", withIntermediateDirectories: true)
        let plants: [(name: String, status: Int32, said: String)] = [
            ("2020/notes/.nomedia", 0, "\(source)/2020/notes/.nomedia: a FIFO, not a regular file: passed over; its folder is left out"),
            ("2019/p00.txt", 0, "\(source)/2019/p00.txt: a FIFO, not a regular file: passed over"),
            ("2019/p01.jpg.xmp", 0, "\(source)/2019/p01.jpg: p01.jpg.xmp: a FIFO, not a regular file: passed over"),
            ("index.md", 0, "\(source)/index.md: a FIFO, not a regular file: passed over"),
            ("2020/index.md", 0, "\(source)/2020/index.md: a FIFO, not a regular file: passed over"),
            ("vitrine.json", 0, "\(source)/vitrine.json: a FIFO, not a regular file: passed over"),
            ("captions.csv", 2, "'captions' names \(source)/captions.csv: a FIFO, not a regular file"),
        ]
        for plant in plants {
            let path = source + "/" + plant.name
            fifo(path)
            if plant.name == "captions.csv" {
                try Data(#"{"captions": "captions.csv"}"#.utf8).write(to: URL(fileURLWithPath: source + "/vitrine.json"))
            }
            // The photo beside an XMP sidecar is read again (its header answer is kept otherwise).
            if plant.name.hasSuffix(".xmp") {
                try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: source + "/2019/p01.jpg")
            }
            let run = try boundedBuild(source, site, [], plant.name)
            XCTAssertEqual(run.status, plant.status, "\(plant.name): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(plant.said), "\(plant.name): \(run.stderr)")
            try FileManager.default.removeItem(atPath: path)
            if plant.name == "captions.csv" { try FileManager.default.removeItem(atPath: source + "/vitrine.json") }
        }
        let again = try build(source, site)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try itemIDs(site).count, Self.itemCount)
        XCTAssertEqual(try selection(site), selected)
    }

    /// A FIFO in SITE where a rebuild reads: a contact-sheet cell (it held a rebuild for 44
    /// minutes; now it is no output, made again), the last manifest, the page's `index.html` and
    /// a part of a build in parts.
    func testAFIFOInTheSiteIsPassedOver() throws {
        let (source, site, _) = try finishedSite()
        let cells = site + "/.vitrine/cells/2019"
        let cell = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: cells).sorted().first { $0.hasPrefix("p00-") })
        try FileManager.default.removeItem(atPath: cells + "/" + cell)
        fifo(cells + "/" + cell)
        // A new caption for p00 changes its sheet page, which is drawn again from the cells; the
        // FIFO is no cell, made again in its place.
        try Data("a caption\n".utf8).write(to: URL(fileURLWithPath: source + "/2019/p00.txt"))
        let drawn = try boundedBuild(source, site, [], "cells")
        XCTAssertEqual(drawn.status, 0, drawn.stderr)
        XCTAssertTrue(isRegularFile(cells + "/" + cell), "the cell is made again: \(drawn.stderr)")

        for name in ["manifest.json", "index.html"] {
            try FileManager.default.removeItem(atPath: site + "/" + name)
            fifo(site + "/" + name)
            let run = try boundedBuild(source, site, [], name)
            XCTAssertEqual(run.status, 0, "\(name): \(run.stderr)")
            XCTAssertTrue(isRegularFile(site + "/" + name), "\(name) is written again in the FIFO's place")
            if name == "manifest.json" {
                XCTAssertTrue(run.stderr.contains("\(site)/manifest.json: a FIFO, not a regular file: passed over"), run.stderr)
            }
        }

        let parts = folder + "/parts-site"
        for part in ["1/2", "2/2"] {
            let run = try build(source, parts, ["--shard", part, "--no-tiles"])
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        try FileManager.default.removeItem(atPath: parts + "/parts/2-of-2.json")
        fifo(parts + "/parts/2-of-2.json")
        let merge = try Vitrine.run(["build", "--merge", parts], environment: environment, timeout: 60)
        XCTAssertLessThan(merge.seconds, 30, merge.stderr)
        XCTAssertNotEqual(merge.status, 0, "a merge without a part would drop its items: \(merge.stderr)")
        XCTAssertTrue(merge.stderr.contains("cannot read \(parts)/parts/2-of-2.json: a FIFO, not a regular file"), merge.stderr)
    }

    /// A link out of SRC at each name the build reads, to a file outside SRC or to
    /// `/proc/self/environ`, one at a time: nothing of it is taken, a warning names the file, and
    /// neither marker is anywhere in SITE. A link to another file inside SRC still works.
    func testALinkOutOfTheSourceIsNeverRead() throws {
        let source = try makeSource()
        let outside = folder + "/outside.txt"
        try Data("Title: \(Self.fileMarker)\n\n\(Self.fileMarker)\n".utf8).write(to: URL(fileURLWithPath: outside))
        let xmp = folder + "/outside.xmp"
        try Data(Self.xmpPacket(caption: Self.fileMarker).utf8).write(to: URL(fileURLWithPath: xmp))
        try Data("2019/p05.jpg,\(Self.fileMarker)\n".utf8).write(to: URL(fileURLWithPath: folder + "/outside.csv"))
        try Data(#"{"title": "\#(Self.fileMarker)"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/outside.json"))
        try Data("inside words\n".utf8).write(to: URL(fileURLWithPath: source + "/2020/notes.txt"))
        try FileManager.default.createDirectory(atPath: source + "/2019/extra", withIntermediateDirectories: true)
        let links: [(name: String, target: String, said: String)] = [
            ("2019/p00.txt", "/proc/self/environ", "\(source)/2019/p00.jpg: p00.txt: \(Self.outOfSource): ignored"),
            ("2019/p01.txt", outside, "\(source)/2019/p01.jpg: p01.txt: \(Self.outOfSource): ignored"),
            ("2019/p02.md", "../../outside.txt", "\(source)/2019/p02.jpg: p02.md: \(Self.outOfSource): ignored"),
            ("2019/p03.jpg.xmp", xmp, "\(source)/2019/p03.jpg: p03.jpg.xmp: \(Self.outOfSource): ignored"),
            ("2019/p04.xmp", "/proc/self/environ", "\(source)/2019/p04.jpg: p04.xmp: \(Self.outOfSource): ignored"),
            ("index.md", outside, "\(source): index.md: \(Self.outOfSource): ignored"),
            ("trips/index.md", "/proc/self/environ", "\(source)/trips: index.md: \(Self.outOfSource): ignored"),
            ("2019/extra/.nomedia", "/proc/self/environ", "\(source)/2019/extra/.nomedia: \(Self.outOfSource): passed over"),
            ("vitrine.json", folder + "/outside.json", "\(source)/vitrine.json: \(Self.outOfSource): ignored"),
            // Inside the source: read.
            ("2020/p00.txt", "../2020/notes.txt", ""),
        ]
        for link in links {
            try FileManager.default.createSymbolicLink(atPath: source + "/" + link.name, withDestinationPath: link.target)
        }
        let site = folder + "/site"
        let run = try boundedBuild(source, site, [], "links")
        XCTAssertEqual(run.status, 0, run.stderr)
        for link in links where !link.said.isEmpty {
            XCTAssertTrue(run.stderr.contains(link.said), "\(link.name): \(run.stderr)")
        }
        for marker in [Self.fileMarker, Self.environmentMarker] {
            XCTAssertEqual(files(in: site, holding: marker), [], "\(marker) reached the site")
        }
        let captions = Dictionary(uniqueKeysWithValues: items(try manifest(site)).compactMap { item -> (String, String)? in
            guard let id = item["id"] as? String else { return nil }
            return (id, (item["caption"] as? [String: Any])?["text"] as? String ?? "")
        })
        XCTAssertEqual(captions["2020/p00"], "inside words", "a link inside the source is followed")
        for id in ["2019/p00", "2019/p01", "2019/p02", "2019/p03", "2019/p04"] { XCTAssertEqual(captions[id], "", id) }

        // The captions file vitrine.json names is refused through a link out, and nothing is built.
        try FileManager.default.removeItem(atPath: source + "/vitrine.json")
        try Data(#"{"captions": "captions.csv"}"#.utf8).write(to: URL(fileURLWithPath: source + "/vitrine.json"))
        try FileManager.default.createSymbolicLink(atPath: source + "/captions.csv", withDestinationPath: folder + "/outside.csv")
        let refused = try boundedBuild(source, site, [], "captions.csv")
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("'captions' must name a file inside \(source) (got captions.csv)"), refused.stderr)
        XCTAssertEqual(files(in: site, holding: Self.fileMarker), [])
    }

    /// A link out of SITE where a rebuild reads (the last manifest, whose unknown members a
    /// rebuild keeps; a part of a build in parts): not read, said, and nothing of its target
    /// reaches the site. A contact-sheet cell that is a link is no cell: made again in its place.
    /// Nothing is written through a link.
    func testALinkOutOfTheSiteIsNeverRead() throws {
        let (source, site, _) = try finishedSite()
        let outside = folder + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        var last = try manifest(site)
        last["extraMarker"] = Self.fileMarker
        try JSONSerialization.data(withJSONObject: last).write(to: URL(fileURLWithPath: outside + "/manifest.json"))
        try FileManager.default.removeItem(atPath: site + "/manifest.json")
        try FileManager.default.createSymbolicLink(atPath: site + "/manifest.json", withDestinationPath: outside + "/manifest.json")
        let cells = site + "/.vitrine/cells/2019"
        let cell = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: cells).sorted().first { $0.hasPrefix("p00-") })
        try FileManager.default.moveItem(atPath: cells + "/" + cell, toPath: outside + "/" + cell)
        try FileManager.default.createSymbolicLink(atPath: cells + "/" + cell, withDestinationPath: outside + "/" + cell)
        try Data("a caption\n".utf8).write(to: URL(fileURLWithPath: source + "/2019/p00.txt"))
        let before = listing(outside)
        let run = try boundedBuild(source, site, [], "links in SITE")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(site)/manifest.json: \(Self.outOfSite): ignored"), run.stderr)
        XCTAssertTrue(isRegularFile(cells + "/" + cell), "the linked cell is made again in the link's place: \(run.stderr)")
        XCTAssertEqual(files(in: site, holding: Self.fileMarker), [])
        XCTAssertEqual(changes(before, listing(outside)), [], "nothing was written through the links")

        let parts = folder + "/parts-site"
        for part in ["1/2", "2/2"] {
            let built = try build(source, parts, ["--shard", part, "--no-tiles"])
            XCTAssertEqual(built.status, 0, built.stderr)
        }
        let written = try Data(contentsOf: URL(fileURLWithPath: parts + "/parts/2-of-2.json"))
        var part = try JSONSerialization.jsonObject(with: written) as? [String: Any]
        part?["title"] = Self.fileMarker
        try JSONSerialization.data(withJSONObject: part ?? [:]).write(to: URL(fileURLWithPath: outside + "/2-of-2.json"))
        try FileManager.default.removeItem(atPath: parts + "/parts/2-of-2.json")
        try FileManager.default.createSymbolicLink(atPath: parts + "/parts/2-of-2.json", withDestinationPath: outside + "/2-of-2.json")
        let merge = try Vitrine.run(["build", "--merge", parts], environment: environment, timeout: 60)
        XCTAssertNotEqual(merge.status, 0, merge.stderr)
        XCTAssertTrue(merge.stderr.contains("cannot read \(parts)/parts/2-of-2.json: " + Self.outOfSite), merge.stderr)
        XCTAssertEqual(files(in: parts, holding: Self.fileMarker), [])
    }

    /// Paths the command line gives may still be pipes: `--captions <(…)` is read (it was
    /// refused as "not a regular file").
    func testACaptionsFileOnTheCommandLineMayBeAPipe() throws {
        let source = try makeSource()
        let script = #"exec "$0" scan "$1" --captions <(printf 'path,caption\n2019/p00.jpg,from a pipe\n')"#
        let run = try Program.run("bash", ["-c", script, Vitrine.executable.path, source])
        XCTAssertEqual(run.status, 0, run.stderr)
        let scanned = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let caption = items(scanned).first { $0["id"] as? String == "2019/p00" }?["caption"] as? [String: Any]
        XCTAssertEqual(caption?["text"] as? String, "from a pipe")
    }

    /// The captions file a source's vitrine.json names is read as a file of that source (a link
    /// inside it is followed); the one a `--config` file names may lie anywhere.
    func testACaptionsFileIsConfinedOnlyWhenASourceNamesIt() throws {
        let source = try makeSource()
        try FileManager.default.createDirectory(atPath: source + "/notes", withIntermediateDirectories: true)
        try Data("2019/p00.jpg,named by the source\n".utf8).write(to: URL(fileURLWithPath: source + "/notes/captions.csv"))
        try FileManager.default.createSymbolicLink(atPath: source + "/captions.csv", withDestinationPath: "notes/captions.csv")
        try Data(#"{"captions": "captions.csv"}"#.utf8).write(to: URL(fileURLWithPath: source + "/vitrine.json"))
        let site = folder + "/site"
        let run = try boundedBuild(source, site, [], "captions inside")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(caption(of: "2019/p00", in: try manifest(site)), "named by the source")

        try Data("2019/p00.jpg,named by --config\n".utf8).write(to: URL(fileURLWithPath: folder + "/elsewhere.csv"))
        try Data(#"{"captions": "\#(folder!)/elsewhere.csv"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/options.json"))
        let configured = try boundedBuild(source, site, ["--config", folder + "/options.json"], "--config")
        XCTAssertEqual(configured.status, 0, configured.stderr)
        XCTAssertEqual(caption(of: "2019/p00", in: try manifest(site)), "named by --config")
    }

    /// The caption text of the item `id` in a manifest.
    func caption(of id: String, in manifest: [String: Any]) -> String? {
        (items(manifest).first { $0["id"] as? String == id }?["caption"] as? [String: Any])?["text"] as? String
    }

    /// An XMP sidecar holding `caption` as its `dc:description`.
    static func xmpPacket(caption: String) -> String {
        """
        <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
        <dc:description><rdf:Alt><rdf:li xml:lang="x-default">\(caption)</rdf:li></rdf:Alt></dc:description>
        </rdf:Description></rdf:RDF></x:xmpmeta>
        <?xpacket end="w"?>
        """
    }
}

extension HardeningIIIReadTests {
    /// A folder linked into the source from outside: its photos are read as before (the walk
    /// follows links), but the sidecar beside one, reached through that link, is not.
    func testASidecarReachedThroughALinkedFolderOutOfTheSourceIsNotRead() throws {
        let source = try makeSource()
        let outside = folder + "/elsewhere/album"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source + "/2019/p00.jpg", toPath: outside + "/far.jpg")
        try Data(Self.fileMarker.utf8).write(to: URL(fileURLWithPath: outside + "/far.txt"))
        try FileManager.default.createSymbolicLink(atPath: source + "/linked", withDestinationPath: outside)
        let run = try Vitrine.run(["scan", source], environment: environment)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(source)/linked/far.jpg: far.txt: \(Self.outOfSource): ignored"), run.stderr)
        XCTAssertTrue(try items(run.json()).contains { $0["id"] as? String == "linked/far" })
        XCTAssertFalse(run.stdoutText.contains(Self.fileMarker))
    }
}
