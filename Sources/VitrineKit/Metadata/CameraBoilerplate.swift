/// The camera a file names in its EXIF Make and Model (`Canon`, `Canon EOS 5D`).
struct CameraName: Sendable {
    var make: String?
    var model: String?
}

/// Text that cameras, phones and editors write into ImageDescription or UserComment by
/// themselves when nobody wrote a caption. Recognised by what causes it, not by a list of
/// brands, so that cameras nobody has heard of are caught too. After trimming, with runs of
/// spaces as one and letter case ignored, the text is boilerplate when it is
/// - the file's own Make, Model, Make and Model, or the Make's first word (spaces ignored:
///   `NIKON CORPORATION`, `NIKON D750`, `SAMSUNG` for `Samsung Techwin`);
/// - one or two words, then `DIGITAL CAMERA` or `DIGITAL STILL CAMERA` (`OLYMPUS DIGITAL
///   CAMERA`, `KODAK Digital Still Camera`), or those words alone;
/// - one word, then `DSC` (`SONY DSC`);
/// - a single upper-case token of letters and digits joined by underscores, beginning with a
///   letter (`EXIF_JPEG_PICTURE`, `OLYMPUS_IMAGE_1`);
/// - 32 hexadecimal digits or more and nothing else (a digest an editor wrote);
/// - a word programs fill in: `Untitled`, `Default`, `Image`, `Picture`, `DCIM`.
/// A word here is letters, digits, `-`, `.` and `&`. Text with more around it is a caption:
/// `SONY DSC at the beach`, `Digital camera museum in Tokyo`.
enum CameraBoilerplate {
    /// Placeholders of programs, not of any camera brand.
    static let programPlaceholders: Set<String> = ["untitled", "default", "image", "picture", "dcim",
        "lead technologies inc. v1.01"]

    /// Longer text is never boilerplate but a digest (hex digests are at most 128 digits).
    static let longestChecked = 160

    static func matches(_ text: String, camera: CameraName) -> Bool {
        guard text.utf8.count <= longestChecked else { return false }
        let words = text.split(whereSeparator: \.isWhitespace)
        let lowered = words.map { $0.lowercased() }
        guard !lowered.isEmpty else { return false }
        if isOwnName(lowered.joined(), camera) || programPlaceholders.contains(lowered.joined(separator: " ")) { return true }
        if lowered.count == 1 { return isFirmwareToken(words[0]) || isHexDigest(words[0]) }
        let leading = lowered.last == "dsc" ? (lowered.count == 2 ? 1 : -1) : digitalCameraLeading(lowered)
        return (0...2).contains(leading) && lowered.prefix(leading).allSatisfy(isBrandWord)
    }

    /// How many words stand before a final `digital camera` or `digital still camera`, or -1.
    private static func digitalCameraLeading(_ words: [String]) -> Int {
        for ending in [["digital", "camera"], ["digital", "still", "camera"]] where words.count >= ending.count {
            if Array(words.suffix(ending.count)) == ending { return words.count - ending.count }
        }
        return -1
    }

    /// `spaceless` (lowercased, spaces removed) is the file's Make, Model, both, or the Make's first word.
    private static func isOwnName(_ spaceless: String, _ camera: CameraName) -> Bool {
        func squeezed(_ name: String?) -> String? {
            let text = name.map { $0.split(whereSeparator: \.isWhitespace).joined().lowercased() }
            return text?.isEmpty == false ? text : nil
        }
        let make = squeezed(camera.make), model = squeezed(camera.model)
        let brand = camera.make?.split(whereSeparator: \.isWhitespace).first.map { $0.lowercased() }
        return [make, model, make.flatMap { make in model.map { make + $0 } }, brand].contains(spaceless)
    }

    private static func isBrandWord(_ word: String) -> Bool {
        word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-.&".unicodeScalars.contains($0) }
    }

    /// `EXIF_JPEG_PICTURE`: upper-case ASCII letters and digits in two or more parts joined by
    /// `_`, the first beginning with a letter.
    private static func isFirmwareToken(_ word: Substring) -> Bool {
        let parts = word.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count >= 2, let first = word.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        }
    }

    private static func isHexDigest(_ word: Substring) -> Bool {
        word.utf8.count >= 32 && word.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit)
    }
}
