import Foundation
import VipsKit
import XCTest

/// Small media made at test time with libvips, in a fresh folder per test.
final class TestFolder {
    let path: String

    init(_ name: String = #function) throws {
        try Vips.initialize()
        let safe = name.filter { $0.isLetter || $0.isNumber }
        path = NSTemporaryDirectory() + "vitrine-test-\(safe)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// An image whose left half is dark and right half bright, so rotation shows.
    @discardableResult
    func image(_ relative: String, width: Int = 60, height: Int = 40, orientation: Int? = nil,
               fields: [String: String] = [:]) throws -> String {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height { for x in 0..<width { for b in 0..<3 { pixels[(y * width + x) * 3 + b] = x < width / 2 ? 30 : 220 } } }
        var image = try Image.fromPixels(pixels, width: width, height: height, bands: 3)
        if let orientation { image = try image.settingField("orientation", int: orientation) }
        for (name, value) in fields { image = try image.settingField(name, string: value) }
        try image.save(to: full)
        return full
    }

    @discardableResult
    func file(_ relative: String, _ contents: String) throws -> String {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: URL(fileURLWithPath: full))
        return full
    }
}
