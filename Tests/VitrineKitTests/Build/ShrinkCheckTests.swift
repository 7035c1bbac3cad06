import Foundation
@testable import VitrineKit
import XCTest

/// ``ShrinkCheck``: where a build stops rather than remove most of a site, run in this process.
final class ShrinkCheckTests: BuildSiteTestCase {
    private func build(allowShrink: Bool = false, dryRun: Bool = false) throws(SiteBuilder.Failure) -> SiteBuilder.Report {
        var options = BuildOptions(site: site)
        (options.tiles, options.sheet, options.webVideos, options.page) = (nil, nil, nil, false)
        options.allowShrink = allowShrink
        return try SiteBuilder(options: options, maker: InProcessExecutor(), prober: InProcessProber())
            .build([InputPath(sources)], readList: { [] }, dryRun: dryRun)
    }

    /// The failure `build` throws, or nil.
    private func refusal(dryRun: Bool = false) -> (removing: Int, of: Int)? {
        do {
            _ = try build(dryRun: dryRun)
            return nil
        } catch .shrink(let removing, let last) {
            return (removing, last)
        } catch {
            XCTFail("\(error)")
            return nil
        }
    }

    func testEveryItemOrHalfAndMoreThanTheLimitIsRefused() {
        let limit = BuildOptions.shrinkLimit
        let refused = { (removing: Int, last: Int) in ShrinkCheck.Shrink(removing: removing, last: last).isRefused }
        XCTAssertFalse(refused(0, 0))
        XCTAssertFalse(refused(0, 5))
        XCTAssertTrue(refused(1, 1), "every item, of one")
        XCTAssertTrue(refused(limit, limit), "every item, however few")
        XCTAssertFalse(refused(limit - 1, limit), "not all, and not more than the limit")
        XCTAssertFalse(refused(limit, 2 * limit), "half, but not more than the limit")
        XCTAssertTrue(refused(limit + 1, 2 * limit + 2), "half, and more than the limit")
        XCTAssertFalse(refused(limit + 1, 2 * limit + 3), "more than the limit, but less than half")
    }

    func testAnEmptiedSourceIsRefusedBeforeAnythingIsRemovedUnlessAllowed() throws {
        let pictures = try (0..<3).map { try picture("p\($0).png", level: UInt8(40 * $0 + 20)) }
        let first = try build()
        let thumbnails = first.manifest.items.compactMap { $0.renditions?.first?.path }
        XCTAssertEqual(thumbnails.count, 3)
        for path in pictures { try FileManager.default.removeItem(atPath: path) }
        for dryRun in [false, true] {
            let refused = try XCTUnwrap(refusal(dryRun: dryRun))
            XCTAssertEqual([refused.removing, refused.of], [3, 3])
        }
        for path in thumbnails { XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/" + path), path) }
        let allowed = try build(allowShrink: true)
        XCTAssertEqual(allowed.manifest.items.count, 0)
        XCTAssertGreaterThanOrEqual(allowed.removed, thumbnails.count)
        for path in thumbnails { XCTAssertFalse(FileManager.default.fileExists(atPath: site + "/" + path), path) }
    }

    /// Every source renamed: every path is gone, every content found again under a new one.
    func testItemsFoundUnderNewNamesAreMovedNotCounted() throws {
        let pictures = try (0..<3).map { try picture("p\($0).png", level: UInt8(40 * $0 + 20)) }
        _ = try build()
        for (index, path) in pictures.enumerated() { try FileManager.default.moveItem(atPath: path, toPath: sources + "/q\(index).png") }
        let moved = try build()
        XCTAssertEqual([moved.removed, moved.made], [0, 0])
        XCTAssertGreaterThan(moved.moved, 0)
    }

    /// A copy that stayed where it was is no new place for a gone picture of the same content:
    /// half the gallery and more than the limit going is refused though each has a copy left.
    func testACopyLeftInPlaceIsNoMove() throws {
        let count = BuildOptions.shrinkLimit + 2
        for index in 0..<count {
            let path = try picture(String(format: "a%02d.png", index), level: UInt8(5 * index + 10))
            try FileManager.default.copyItem(atPath: path, toPath: sources + String(format: "/c%02d.png", index))
        }
        _ = try build()
        for index in 0..<count { try FileManager.default.removeItem(atPath: sources + String(format: "/a%02d.png", index)) }
        let refused = try XCTUnwrap(refusal())
        XCTAssertEqual([refused.removing, refused.of], [count, 2 * count])
    }
}
