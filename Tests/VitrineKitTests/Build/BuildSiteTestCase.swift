import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// What the in-process tests of Build share: a temporary folder holding the sources
/// (`photos/`) and the site, and flat pictures made in it.
class BuildSiteTestCase: XCTestCase {
    var folder: TestFolder!
    var sources: String { folder.path + "/photos" }
    var site: String { folder.path + "/site" }

    override func setUpWithError() throws {
        folder = try TestFolder(name)
    }

    override func tearDown() { folder = nil }

    /// A flat picture of one grey `level` below the sources: its path.
    @discardableResult
    func picture(_ name: String, level: UInt8, width: Int = 60, height: Int = 40) throws -> String {
        let path = sources + "/" + name
        try FileManager.default.createDirectory(atPath: Path.parent(of: path), withIntermediateDirectories: true)
        let pixels = [UInt8](repeating: level, count: width * height * 3)
        try Image.fromPixels(pixels, width: width, height: height, bands: 3).save(to: path)
        return path
    }
}
