import Foundation
import VipsKit
import XCTest

/// Themes (issue 43): `--theme grid|justified|DIR`, `--page-css FILE` and their `vitrine.json`
/// keys, for `build` and `page`, on real builds; a theme folder's blocks checked before anything
/// is written; the style element (base, theme, site CSS) covered by the policy's hash; the
/// justified layout's chunk aspect sums in `data/index.js`.
final class ThemeTests: TemporaryFolderTestCase {
    /// Photos of every shape the justified layout caps: landscape, portrait, square, a 20:1
    /// panorama and a 1:10 strip.
    static let shapes = [(96, 64), (64, 96), (80, 80), (2000, 100), (40, 400), (120, 90)]

    func makeSource(_ name: String = "src") throws -> String {
        let source = folder + "/" + name
        let sizes = Self.shapes.map { "(\($0.0), \($0.1))" }.joined(separator: ", ")
        let script = """
            import os, sys
            from PIL import Image
            os.makedirs(sys.argv[1], exist_ok=True)
            for n, size in enumerate([\(sizes)]):
                Image.new("RGB", size, (n * 40 % 256, 200 - n * 30, 90)).save(os.path.join(sys.argv[1], "p%d.jpg" % n), quality=80)
            """
        let run = try Program.run("/usr/bin/python3", ["-c", script, source])
        XCTAssertEqual(run.status, 0, run.stderr)
        return source
    }

    func build(_ source: String, _ site: String, _ extra: [String] = []) throws -> Vitrine.Run {
        try Vitrine.run(["build", source, "-o", site, "--no-video-copies", "--no-tiles", "--no-sheets"] + extra)
    }

    func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// A built-in theme's CSS as build.sh embeds it.
    func builtInCSS(_ name: String) throws -> String {
        try text(Repository.root.appendingPathComponent("Sources/page/dist/themes/\(name).css").path)
    }

    /// The text of index.html's style element.
    func style(of html: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let open = try XCTUnwrap(html.range(of: "<style>"), file: file, line: line)
        let close = try XCTUnwrap(html.range(of: "</style>", range: open.upperBound..<html.endIndex), file: file, line: line)
        return String(html[open.upperBound..<close.lowerBound])
    }

    /// `sha256-BASE64` of `text`, as a CSP hash source names it.
    func hashSource(_ text: String) -> String {
        let hex = Array(Checksum.sha256(of: Data(text.utf8)).utf8)
        let bytes = stride(from: 0, to: hex.count, by: 2).map { UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
        return "sha256-" + Data(bytes).base64EncodedString()
    }

    /// A theme folder: `theme.json` and the files given (name → text).
    @discardableResult
    func makeTheme(_ name: String, json: String = #"{"contract": 1, "layout": "justified"}"#,
                   files: [String: String] = [:]) throws -> String {
        let theme = folder + "/" + name
        try FileManager.default.createDirectory(atPath: theme, withIntermediateDirectories: true)
        try json.write(toFile: theme + "/theme.json", atomically: true, encoding: .utf8)
        for (file, content) in files { try content.write(toFile: theme + "/" + file, atomically: true, encoding: .utf8) }
        return theme
    }

    static let header = """
        <header class="gallery-head"><h1 id="gallery-title">{{title}}</h1><nav id="breadcrumbs" aria-label="Albums"></nav>
        <h2 id="album-title"></h2><div id="album-description"></div></header>
        """

    // MARK: choosing a theme

    func testThemeFlagAndConfigKeySelectTheLayoutAndItsCSS() throws {
        let source = try makeSource()
        let site = folder + "/site"
        XCTAssertEqual(try build(source, site).status, 0)
        let standard = try text(site + "/index.html")
        XCTAssertTrue(standard.contains(#"<body data-layout="grid">"#), "the default is grid")
        XCTAssertTrue(try style(of: standard).hasSuffix(try builtInCSS("grid")), "grid's CSS after the base")

        // Built again with the same theme: nothing is written.
        let before = try hashes(of: site)
        let again = try build(source, site)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try hashes(of: site), before)

        // Another theme rewrites index.html, and only it.
        let justified = try build(source, site, ["--theme", "justified"])
        XCTAssertEqual(justified.status, 0, justified.stderr)
        let html = try text(site + "/index.html")
        XCTAssertTrue(html.contains(#"<body data-layout="justified">"#))
        XCTAssertTrue(try style(of: html).hasSuffix(try builtInCSS("justified")))
        XCTAssertFalse(try style(of: html).contains(try builtInCSS("grid")))
        let after = try hashes(of: site)
        XCTAssertEqual(Set(after.keys), Set(before.keys))
        XCTAssertEqual(after.keys.filter { after[$0] != before[$0] }, ["index.html"], "another theme rewrites index.html only")
        let dryRun = try build(source, site, ["--theme", "justified", "--dry-run"])
        XCTAssertTrue(dryRun.stdoutText.contains("page: rewrite 0,"), dryRun.stdoutText)

        // The key of vitrine.json, in the source folder; the command line wins over it.
        let configured = try makeSource("configured")
        try #"{"theme": "justified"}"#.write(toFile: configured + "/vitrine.json", atomically: true, encoding: .utf8)
        let other = folder + "/other"
        XCTAssertEqual(try build(configured, other).status, 0)
        XCTAssertTrue(try text(other + "/index.html").contains(#"<body data-layout="justified">"#))
        XCTAssertEqual(try build(configured, other, ["--theme", "grid"]).status, 0)
        XCTAssertTrue(try text(other + "/index.html").contains(#"<body data-layout="grid">"#))

        // `vitrine page` takes the same option.
        let manifest = site + "/manifest.json"
        let page = try Vitrine.run(["page", manifest, "-o", site, "--theme", "grid"])
        XCTAssertEqual(page.status, 0, page.stderr)
        XCTAssertEqual(try text(site + "/index.html"), standard)
    }

    func testThemeFolderReplacesTheBlocksAndTheCSS() throws {
        let source = try makeSource()
        let theme = try makeTheme("look", files: [
            "theme.css": ".gallery-head { --theme-marker: 7; }\n",
            "header.html": Self.header,
            "footer.html": #"<footer class="site-foot"><p>Photographs © the folks, <a href="https://example.org/">site</a></p></footer>"#,
        ])
        let site = folder + "/site"
        let run = try build(source, site, ["--theme", theme])
        XCTAssertEqual(run.status, 0, run.stderr)
        let html = try text(site + "/index.html")
        XCTAssertTrue(html.contains(#"<body data-layout="justified">"#), "the layout theme.json names")
        XCTAssertTrue(html.contains(#"<footer class="site-foot"><p>Photographs © the folks"#), "the footer shows")
        XCTAssertTrue(html.contains("</footer><script>"), "the footer right before the script")
        XCTAssertTrue(html.contains(#"<h1 id="gallery-title">"#), "the folder's header, its title filled")
        XCTAssertFalse(html.contains("{{"), "every placeholder filled")
        let element = try style(of: html)
        XCTAssertTrue(element.hasSuffix(".gallery-head { --theme-marker: 7; }\n"))
        XCTAssertFalse(element.contains(try builtInCSS("justified")), "theme.css replaces the built-in theme's CSS")

        // Its layout defaults to grid; the site's vitrine.json may name a folder inside it.
        try #"{"contract": 1}"#.write(toFile: theme + "/theme.json", atomically: true, encoding: .utf8)
        try FileManager.default.moveItem(atPath: theme, toPath: source + "/look")
        try #"{"theme": "look"}"#.write(toFile: source + "/vitrine.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(try build(source, site).status, 0)
        let configured = try text(site + "/index.html")
        XCTAssertTrue(configured.contains(#"<body data-layout="grid">"#))
        XCTAssertTrue(configured.contains("site-foot"))
        // A source folder's vitrine.json may not name a theme outside it.
        try #"{"theme": "../elsewhere"}"#.write(toFile: source + "/vitrine.json", atomically: true, encoding: .utf8)
        let outside = try build(source, site)
        XCTAssertEqual(outside.status, 2, outside.stderr)
        XCTAssertTrue(outside.stderr.contains("'theme' must name a folder inside"), outside.stderr)
    }

    /// What a theme folder's blocks may not hold: refused with exit 2 and one line naming the
    /// file and the tag, before anything is written.
    func testThemeBlocksThatWouldRunScriptAreRefusedBeforeAnythingIsWritten() throws {
        let source = try makeSource()
        let cases: [(file: String, content: String, said: String)] = [
            ("header.html", Self.header + "<script>alert(1)</script>", "<script>"),
            ("footer.html", ##"<footer><a href="#" onclick="steal()">x</a></footer>"##, "<a onclick>"),
            ("footer.html", #"<p><a href="javascript:alert(1)">x</a></p>"#, "<a href>"),
            ("footer.html", #"<img src="x.png" onerror="alert(1)" alt="">"#, "<img onerror>"),
            ("footer.html", #"<meta http-equiv="refresh" content="0;url=https://example.org">"#, "<meta>"),
            ("header.html", "<header><nav id=\"breadcrumbs\"></nav><h2 id=\"album-title\"></h2></header>", "id=\"album-description\""),
            ("footer.html", #"<div id="grid"></div>"#, "holds id=\"grid\", which the page's frame holds"),
            ("footer.html", #"<nav id="breadcrumbs"></nav>"#, "holds id=\"breadcrumbs\", which the page's header holds"),
        ]
        for (number, refused) in cases.enumerated() {
            let theme = try makeTheme("bad\(number)", files: [refused.file: refused.content])
            let site = folder + "/site\(number)"
            let run = try build(source, site, ["--theme", theme])
            XCTAssertEqual(run.status, 2, "\(refused.content): \(run.stderr)")
            XCTAssertEqual(run.stderrLines.count, 1, run.stderr)
            XCTAssertTrue(run.stderr.contains(theme + "/" + refused.file), run.stderr)
            XCTAssertTrue(run.stderr.contains(refused.said), "\(refused.said): \(run.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: site), "nothing written: \(run.stderr)")
        }
        // `vitrine page` refuses it the same, and leaves the site alone.
        let site = folder + "/site"
        XCTAssertEqual(try build(source, site).status, 0)
        let before = try hashes(of: site)
        let page = try Vitrine.run(["page", site + "/manifest.json", "-o", site, "--theme", folder + "/bad0"])
        XCTAssertEqual(page.status, 2, page.stderr)
        XCTAssertTrue(page.stderr.contains("bad0/header.html: <script>"), page.stderr)
        XCTAssertEqual(try hashes(of: site), before)
    }

    func testBadThemeFoldersAreRefused() throws {
        let source = try makeSource()
        let cases: [(json: String?, said: String)] = [
            (#"{"contract": 2, "layout": "grid"}"#, "theme.json: 'contract' is 2; this vitrine reads theme contract 1"),
            (#"{"contract": 1, "layout": "masonry"}"#, "theme.json: 'layout' is \"masonry\"; it takes grid or justified"),
            (#"{"layout": "grid"}"#, "theme.json: no 'contract'"),
            (#"{"contract": 1, "layuot": "grid"}"#, "theme.json: unknown key 'layuot'"),
            ("[1]", "theme.json: not a JSON object"),
            (nil, "theme.json: no such file"),
        ]
        for (number, bad) in cases.enumerated() {
            let theme = try makeTheme("theme\(number)", json: bad.json ?? "")
            if bad.json == nil { try FileManager.default.removeItem(atPath: theme + "/theme.json") }
            let site = folder + "/site\(number)"
            let run = try build(source, site, ["--theme", theme])
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertTrue(run.stderr.contains(theme + "/" + bad.said), "\(bad.said): \(run.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: site))
        }
        let missing = try build(source, folder + "/site", ["--theme", folder + "/nowhere"])
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertTrue(missing.stderr.contains(folder + "/nowhere: no such theme folder"), missing.stderr)
        // theme.css is CSS for the page's style element: one that would close it is refused.
        let closing = try makeTheme("closing", files: ["theme.css": "p { color: red } </style><p>x"])
        let closed = try build(source, folder + "/site", ["--theme", closing])
        XCTAssertEqual(closed.status, 2, closed.stderr)
        XCTAssertTrue(closed.stderr.contains(closing + "/theme.css: holds '</style'"), closed.stderr)
        // A theme file reached through a link out of the folder is not read.
        let theme = try makeTheme("linked")
        try "body { color: red; }".write(toFile: folder + "/outside.css", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: theme + "/theme.css", withDestinationPath: folder + "/outside.css")
        let linked = try build(source, folder + "/site", ["--theme", theme])
        XCTAssertEqual(linked.status, 2, linked.stderr)
        XCTAssertTrue(linked.stderr.contains(theme + "/theme.css: reached through a symbolic link out of " + theme), linked.stderr)
    }

    // MARK: the site's CSS

    func testPageCSSComesAfterTheThemesAndThePolicyHashCoversIt() throws {
        let source = try makeSource()
        let css = folder + "/site.css"
        try ".grid { --site-marker: 3; }\n".write(toFile: css, atomically: true, encoding: .utf8)
        let site = folder + "/site"
        let run = try build(source, site, ["--theme", "justified", "--page-css", css])
        XCTAssertEqual(run.status, 0, run.stderr)
        let html = try text(site + "/index.html")
        let element = try style(of: html)
        XCTAssertTrue(element.hasSuffix(try builtInCSS("justified") + ".grid { --site-marker: 3; }\n"), "base, theme, then the site's")
        let policy = try XCTUnwrap(html.firstMatch(of: /style-src '([^']+)'/)?.1)
        XCTAssertEqual(String(policy), hashSource(element), "the policy's hash is the style element's")

        // `vitrine page`, and the key of vitrine.json (a file inside the source folder).
        let page = try Vitrine.run(["page", site + "/manifest.json", "-o", site, "--page-css", css])
        XCTAssertEqual(page.status, 0, page.stderr)
        XCTAssertTrue(try style(of: text(site + "/index.html")).hasSuffix(try builtInCSS("grid") + ".grid { --site-marker: 3; }\n"))
        try "main { --config-marker: 1; }".write(toFile: source + "/look.css", atomically: true, encoding: .utf8)
        try #"{"page-css": "look.css"}"#.write(toFile: source + "/vitrine.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(try build(source, site).status, 0)
        XCTAssertTrue(try style(of: text(site + "/index.html")).hasSuffix("main { --config-marker: 1; }"))

        // CSS that would close the style element is refused, nothing written.
        try "a { color: red }</STYLE><script>alert(1)</script>".write(toFile: css, atomically: true, encoding: .utf8)
        let refused = try build(source, folder + "/other", ["--page-css", css])
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--page-css \(css): holds '</style'"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/other"))
        let missing = try Vitrine.run(["page", site + "/manifest.json", "-o", site, "--page-css", folder + "/none.css"])
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("--page-css " + folder + "/none.css: no such file"), missing.stderr)
    }

    // MARK: the justified layout's data

    /// `aspectRange` in data/index.js, and each album's `aspects`: one sum per chunk of its
    /// items' aspect ratios, each within the range, to 2 decimals.
    func testAspectsAreTheChunksClampedSums() throws {
        let source = try makeSource()
        let scan = try Vitrine.run(["scan", source])
        XCTAssertEqual(scan.status, 0, scan.stderr)
        // A gallery of 1,234 items (three chunks), of the scanned ones' shapes and more.
        var manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: scan.stdout) as? [String: Any])
        let scanned = items(manifest)
        var many: [[String: Any]] = []
        for index in 0..<1_234 {
            var item = scanned[index % scanned.count]
            item["id"] = String(format: "i%05d", index)
            item["width"] = 50 + index * 37 % 900
            item["height"] = 50 + index * 53 % 700
            item["position"] = "\(index + 1)/1234"
            many.append(item)
        }
        manifest["items"] = many
        manifest.removeValue(forKey: "albums")
        let path = folder + "/many.json"
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: path))
        let site = folder + "/site"
        let page = try Vitrine.run(["page", path, "-o", site, "--videos", "none"])
        XCTAssertEqual(page.status, 0, page.stderr)

        let index = try piece(site + "/data/index.js")
        let range = try XCTUnwrap(index["aspectRange"] as? [Double])
        XCTAssertEqual(range, [0.5, 3.0])
        let album = try XCTUnwrap((index["albums"] as? [[String: Any]])?.first)
        let aspects = try XCTUnwrap(album["aspects"] as? [Double])
        XCTAssertEqual(aspects.count, 3)
        XCTAssertEqual(album["chunks"] as? Int, 3)
        for (number, sum) in aspects.enumerated() {
            let chunk = try piece(site + String(format: "/data/%04d.js", number + 1))
            let ratios = try XCTUnwrap(chunk["items"] as? [[String: Any]]).map { item -> Double in
                let width = Double(item["width"] as? Int ?? 0), height = Double(item["height"] as? Int ?? 0)
                return min(max(width / height, range[0]), range[1])
            }
            XCTAssertEqual(sum, (ratios.reduce(0, +) * 100).rounded() / 100, "chunk \(number + 1)")
            XCTAssertTrue(ratios.contains(0.5) && ratios.contains(3.0) || number == 2, "both caps are reached")
        }
    }

    /// The JSON a piece hands the page: `vitrinePiece("PATH", JSON);`.
    func piece(_ path: String) throws -> [String: Any] {
        let text = try self.text(path)
        let start = try XCTUnwrap(text.range(of: "\",")).upperBound
        let end = try XCTUnwrap(text.range(of: ");", options: .backwards)).lowerBound
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text[start..<end].utf8)) as? [String: Any])
    }
}
