import Foundation
import VipsKit
import XCTest
@testable import VitrineKit

/// The markup caption style: allowlist sanitising, Markdown through cmark, Pango, plain text.
final class MarkupTests: XCTestCase {
    func testAllowedInlineMarkupIsKeptAndNormalised() {
        let result = Markup.sanitize(##"<B>bold</B> <em>it</em> <U>u</U> <strike>gone</strike> x<sub>2</sub> e<SUP>x</SUP> <font color="#F00">red</font>"##)
        XCTAssertEqual(result.html, ##"<b>bold</b> <em>it</em> <u>u</u> <s>gone</s> x<sub>2</sub> e<sup>x</sup> <span style="color:#f00">red</span>"##)
        XCTAssertEqual(result.text, "bold it u gone x2 ex red")
        XCTAssertEqual(result.warnings, [])
    }

    func testScriptsStylesHandlersAndUnsafeLinksAreRemoved() {
        let result = Markup.sanitize(#"""
            <p onclick="steal()">Hi <script>alert("x")</script><style>p{}</style><a href="javascript:alert(1)">bad</a>
            <a href=" JAVASCRIPT:x">also</a> <a href="https://example.com/?a=1&amp;b=2" target="_blank">good</a>
            <a href="pics/a.jpg">relative</a> <img src=x onerror=alert(1)><iframe src="evil"></iframe></p>
            """#)
        XCTAssertFalse(result.html.contains("script"), result.html)
        XCTAssertFalse(result.html.contains("alert"), result.html)
        XCTAssertFalse(result.html.contains("onclick"), result.html)
        XCTAssertFalse(result.html.contains("javascript"), result.html)
        XCTAssertFalse(result.html.contains("iframe") || result.html.contains("img") || result.html.contains("target"), result.html)
        XCTAssertTrue(result.html.contains(#"<a href="https://example.com/?a=1&amp;b=2">good</a>"#), result.html)
        XCTAssertTrue(result.html.contains(#"<a href="pics/a.jpg">relative</a>"#), result.html)
        XCTAssertTrue(result.html.contains("<a>bad</a>"), result.html)
        XCTAssertEqual(Set(result.warnings), ["removed <script>", "removed <style>", "removed <iframe>",
            "removed event-handler attributes", "removed an unsafe link"])
        XCTAssertEqual(result.text, "Hi bad also good relative")
    }

    func testUnbalancedTagsAreClosedAndStrayClosersIgnored() {
        XCTAssertEqual(Markup.sanitize("<b>one <i>two</b> three</i></u>").html, "<b>one <i>two</i></b> three")
        XCTAssertEqual(Markup.sanitize("<p>open <em>never closed").html, "<p>open <em>never closed</em></p>")
        XCTAssertEqual(Markup.sanitize("a < b > c & d").html, "a &lt; b &gt; c &amp; d")
        XCTAssertEqual(Markup.sanitize("x <b title=\"unclosed").html, "x")
        XCTAssertEqual(Markup.sanitize("<!-- note --><?php echo ?>kept<!DOCTYPE html>").html, "kept")
    }

    func testListsInPlainTextAndImpliedEnds() {
        let loose = Markup.fromMarkdown("- first\n\n  more\n\n- second\n\n3. three\n4. four")
        XCTAssertEqual(loose.text, "• first\n\nmore\n\n• second\n\n3. three\n4. four")
        let handWritten = Markup.sanitize("<p>intro<ul><li>one<li>two</ul><ol start=\"7\"><li>seven<li>eight</ol>")
        XCTAssertEqual(handWritten.html, #"<p>intro</p><ul><li>one</li><li>two</li></ul><ol start="7"><li>seven</li><li>eight</li></ol>"#)
        XCTAssertEqual(handWritten.text, "intro\n\n• one\n• two\n\n7. seven\n8. eight")
        XCTAssertEqual(Markup.sanitize("<ul><li>a<ul><li>inner</ul><li>b</ul>").html,
            "<ul><li>a<ul><li>inner</li></ul></li><li>b</li></ul>")
    }

    func testDeepNestingIsFlattened() {
        let deep = String(repeating: "<b>", count: 10_000) + "x"
        let result = Markup.sanitize(deep)
        XCTAssertEqual(result.html.components(separatedBy: "<b>").count - 1, MarkupTree.maximumDepth)
        XCTAssertEqual(result.text, "x")
    }

    func testEntitiesAreDecodedOnceAndEscapedOnOutput() {
        let result = Markup.sanitize("caf&eacute; &amp;lt; &#233;&#x1F600; &copy; &bogus;")
        XCTAssertEqual(result.text, "caf&eacute; &lt; é😀 © &bogus;")
        XCTAssertEqual(result.html, "caf&amp;eacute; &amp;lt; é😀 © &amp;bogus;")
    }

    func testMarkdownBecomesMarkupWithRawHTMLSanitised() {
        let result = Markup.fromMarkdown("This is *funny* **bold**\n\n* item 1\n* item 2\n\n<script>x()</script>\n\n[link](javascript:x) <u>under</u>")
        XCTAssertEqual(result.html, """
            <p>This is <em>funny</em> <strong>bold</strong></p>
            <ul>
            <li>item 1</li>
            <li>item 2</li>
            </ul>

            <p><a>link</a> <u>under</u></p>
            """)
        XCTAssertEqual(result.text, "This is funny bold\n\n• item 1\n• item 2\n\nlink under")
    }

    func testPangoMarkupFromSanitisedMarkup() {
        let sanitized = Markup.sanitize(##"<p>A <strong>b</strong> &amp; <a href="https://x">link</a> <span style="color: #00ff00">g</span> <code>c</code></p><ul><li>one</li><li>two</li></ul>"##)
        XCTAssertEqual(Markup.pango(sanitized.html),
            ##"A <b>b</b> &amp; <u>link</u> <span foreground="#00ff00">g</span> <tt>c</tt>"## + "\n\n• one\n• two")
    }

    /// Pango itself (through libvips `text`, as contact sheets will draw captions) accepts what
    /// `pango(_:)` makes of every element the sanitiser keeps, and refuses broken markup.
    func testPangoAcceptsTheConvertedMarkup() throws {
        try Vips.initialize()
        let everything = Markup.fromMarkdown("""
            # Title & *more*

            Text with **bold**, _italic_, `code`, ~~no~~ <u>u</u> <s>s</s> H<sub>2</sub>O e<sup>x</sup> <small>small</small>
            <span style="color:#c00">red</span> <font color="teal">teal</font> [a link](https://example.com/?a=1&b=2) < > " '

            > quoted

            1. one
            2. two

            ---
            ```
            pre <b>formatted</b>
            ```
            """).html
        for markup in [everything, Markup.sanitize("<b>unclosed <i>tags & stray </u> closers").html, "plain"] {
            let pango = Markup.pango(markup)
            let image = try Operation.image("text", ["text": .string(pango), "font": .string("DejaVu Sans 12"), "width": .int(400)])
            XCTAssertGreaterThan(image.width * image.height, 0, pango)
        }
        XCTAssertThrowsError(try Operation.image("text", ["text": .string("<b>broken"), "font": .string("DejaVu Sans 12")]))
    }

    func testColourStylesOnlyWhenTheyAreJustAColour() {
        XCTAssertEqual(MarkupTree.color(fromStyle: "color: Red;"), "red")
        XCTAssertEqual(MarkupTree.color(fromStyle: "color:#A0b1C2"), "#a0b1c2")
        XCTAssertNil(MarkupTree.color(fromStyle: "color: red; background: url(x)"))
        XCTAssertNil(MarkupTree.color(fromStyle: "color: expression(alert(1))"))
        XCTAssertNil(MarkupTree.color(fromStyle: "color: #12345"))
    }
}

/// Text cleaning: NFC, controls, line ends, length, encodings.
final class CaptionTextTests: XCTestCase {
    func testNormalisesToNFCAndStripsControlCharacters() {
        let decomposed = "Cafe\u{301}\r\nline\u{0}\u{7}\u{85} two\t end  \n\n"
        let cleaned = CaptionText.clean(decomposed)
        XCTAssertEqual(cleaned.text, "Café\nline two  end")
        XCTAssertEqual(Array(cleaned.text.unicodeScalars).filter { $0.value == 0x301 }.count, 0)
        XCTAssertEqual(CaptionText.clean(" a\n b \r c ", singleLine: true).text, "a b c")
    }

    func testLongTextIsCutOnACharacterBoundaryWithAWarning() {
        let long = String(repeating: "é", count: CaptionText.maximumBytes)  // two bytes each
        let cleaned = CaptionText.clean(long)
        XCTAssertEqual(cleaned.text.utf8.count, CaptionText.maximumBytes)
        XCTAssertEqual(cleaned.text.count, CaptionText.maximumBytes / 2)
        XCTAssertEqual(cleaned.warnings, ["text of 128 KiB cut to 64 KiB"])
        XCTAssertEqual(CaptionText.cut("a😀b", toBytes: 3), "a")
    }

    func testInvalidUTF8IsReadAsLatin1WithAWarning() {
        let decoded = CaptionText.decode(Data([0x43, 0x61, 0x66, 0xE9, 0x20, 0x93, 0x71, 0x94]))
        XCTAssertEqual(decoded.text, "Café “q”")
        XCTAssertEqual(decoded.warnings.count, 1)
        XCTAssertEqual(CaptionText.decode(Data([0xEF, 0xBB, 0xBF, 0x41])), CaptionText.Cleaned(text: "A"))
    }
}
