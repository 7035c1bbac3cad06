import Foundation
import VipsKit

/// Pixel measurements on real outputs, through libvips.
enum Pixels {
    /// Mean absolute difference per band (0–255) between two images of the same size.
    static func meanDifference(_ a: String, _ b: String) throws -> Double {
        try Vips.initialize()
        return try meanDifference(Image.load(a), Image.load(b))
    }

    static func meanDifference(_ a: Image, _ b: Image) throws -> Double {
        let difference = try Operation.image("subtract", ["left": .image(a), "right": .image(b)])
        let magnitude = try Operation.image("abs", ["in": .image(difference)])
        return try Operation.call("avg", ["in": .image(magnitude)])["out"]?.double ?? .infinity
    }

    /// Whether every pixel of the file decodes, with libvips told to fail on truncation.
    static func decodesCompletely(_ path: String) -> Bool {
        do {
            try Vips.initialize()
            let image = try Image.load(path, options: ["fail_on": .string("truncated")])
            try Operation.call("avg", ["in": .image(image)])
            return true
        } catch {
            return false
        }
    }

    static func size(_ path: String) throws -> (Int, Int) {
        try Vips.initialize()
        let image = try Image.load(path)
        return (image.width, image.height)
    }
}
