@testable import VitrineKit
import XCTest

/// The zoom policy, a pure function of the picture's size and the options, as a table.
final class ZoomPolicyTests: XCTestCase {
    struct Case {
        var width, height: Int
        var options = ZoomOptions()
        var min, max: Double
        var doubleTap: DoubleTap
        var doubleTapScale: Double?
        var enabled: Bool
        var line: UInt = #line
    }

    func testTheTable() {
        let cases: [Case] = [
            // 4000×3000 in 1920×1080: fitted at 0.36, so 1:1 pixels is 2.7778 times the fitted size.
            Case(width: 4000, height: 3000, min: 1, max: 2.7778, doubleTap: .zoom, doubleTapScale: 2, enabled: true),
            // A portrait 1200×1800: fitted by its height, 1080/1800.
            Case(width: 1200, height: 1800, min: 1, max: 1.6667, doubleTap: .zoom, doubleTapScale: 1.6667, enabled: true),
            // Exactly the viewport: nothing to zoom into; a double tap would do nothing.
            Case(width: 1920, height: 1080, min: 1, max: 1, doubleTap: .none, doubleTapScale: nil, enabled: false),
            // Smaller than the viewport: shown at its own size, never enlarged.
            Case(width: 800, height: 600, min: 1, max: 1, doubleTap: .none, doubleTapScale: nil, enabled: false),
            // --max-scale stops before 1:1; it cannot pass 1:1 without --above-original.
            Case(width: 4000, height: 3000, options: ZoomOptions(maxScale: 1.5), min: 1, max: 1.5, doubleTap: .zoom,
                doubleTapScale: 1.5, enabled: true),
            Case(width: 4000, height: 3000, options: ZoomOptions(maxScale: 5), min: 1, max: 2.7778, doubleTap: .zoom,
                doubleTapScale: 2, enabled: true),
            Case(width: 4000, height: 3000, options: ZoomOptions(maxScale: 5, aboveOriginal: true), min: 1, max: 5,
                doubleTap: .zoom, doubleTapScale: 2, enabled: true),
            // Seed 001's 0.5 to 2.5 on a small picture, enlarged to fit (960×540 → 2× fitted).
            Case(width: 960, height: 540, options: ZoomOptions(minScale: 0.5, maxScale: 2.5, aboveOriginal: true), min: 0.5,
                max: 2.5, doubleTap: .zoom, doubleTapScale: 2, enabled: true),
            // Enlarged to fit without --max-scale: the fitted picture is past 1:1 already, so max is 1.
            Case(width: 960, height: 540, options: ZoomOptions(aboveOriginal: true), min: 1, max: 1, doubleTap: .none,
                doubleTapScale: nil, enabled: false),
            // Zooming out only.
            Case(width: 800, height: 600, options: ZoomOptions(minScale: 0.25), min: 0.25, max: 1, doubleTap: .none,
                doubleTapScale: nil, enabled: true),
            // Double tap: none, and custom (kept within the scales).
            Case(width: 4000, height: 3000, options: ZoomOptions(doubleTap: .none), min: 1, max: 2.7778, doubleTap: .none,
                doubleTapScale: nil, enabled: true),
            Case(width: 4000, height: 3000, options: ZoomOptions(doubleTap: .custom, doubleTapScale: 1.5), min: 1, max: 2.7778,
                doubleTap: .custom, doubleTapScale: 1.5, enabled: true),
            Case(width: 4000, height: 3000, options: ZoomOptions(doubleTap: .custom, doubleTapScale: 9), min: 1, max: 2.7778,
                doubleTap: .custom, doubleTapScale: 2.7778, enabled: true),
            // Another viewport: a phone's 390×844 points.
            Case(width: 4000, height: 3000, options: ZoomOptions(viewportWidth: 390, viewportHeight: 844), min: 1, max: 10.2564,
                doubleTap: .zoom, doubleTapScale: 2, enabled: true),
            // A one-pixel-wide strip: fitted by its height.
            Case(width: 1, height: 5000, min: 1, max: 4.6296, doubleTap: .zoom, doubleTapScale: 2, enabled: true),
        ]
        for c in cases {
            let zoom = ZoomPolicy.zoom(width: c.width, height: c.height, options: c.options)
            XCTAssertEqual(zoom.minScale, c.min, "minScale", line: c.line)
            XCTAssertEqual(zoom.maxScale, c.max, "maxScale", line: c.line)
            XCTAssertEqual(zoom.doubleTap, c.doubleTap, "doubleTap", line: c.line)
            XCTAssertEqual(zoom.doubleTapScale, c.doubleTapScale, "doubleTapScale", line: c.line)
            XCTAssertEqual(zoom.enabled, c.enabled, "enabled", line: c.line)
            XCTAssertEqual(zoom.aboveOriginal, c.options.aboveOriginal, line: c.line)
            XCTAssertGreaterThanOrEqual(zoom.maxScale, 1, "never below the fitted picture", line: c.line)
        }
    }

    func testOptionsAreChecked() {
        let problems: [(ZoomOptions, ZoomOptions.Problem)] = [
            (ZoomOptions(minScale: 0), .minScale(0)),
            (ZoomOptions(minScale: 1.5), .minScale(1.5)),
            (ZoomOptions(maxScale: 0.5), .maxScale(0.5)),
            (ZoomOptions(doubleTap: .custom), .doubleTapScaleNeeded),
            (ZoomOptions(doubleTap: .zoom, doubleTapScale: 3), .doubleTapScaleUnused),
            (ZoomOptions(viewportWidth: 0), .viewport),
        ]
        for (options, problem) in problems {
            XCTAssertThrowsError(try options.check()) { XCTAssertEqual($0 as? ZoomOptions.Problem, problem) }
        }
        XCTAssertNoThrow(try ZoomOptions(minScale: 0.5, maxScale: 2.5, doubleTap: .custom, doubleTapScale: 2).check())
    }
}
