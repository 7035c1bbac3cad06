import Foundation

/// Which files make one moving photo: a Live Photo's photo and clip share a folder and a base
/// name (`IMG_0042.HEIC`, `IMG_0042.MOV`) and, when both carry one, Apple's content identifier;
/// without identifiers, the clip must be shorter than ``LivePhoto/longestUnidentifiedClip``.
enum MotionPairing {
    static let photoExtensions: Set<String> = ["heic", "heif", "jpg", "jpeg"]
    static let clipExtensions: Set<String> = ["mov", "mp4"]

    /// `2019/img_0042`: the folder and base name a photo and its clip share, case folded
    /// (cameras write `IMG_0042.JPG` beside `IMG_0042.mov`).
    static func key(of relativePath: String, extensions: Set<String>) -> String? {
        let ending = Path.fileExtension(of: relativePath).lowercased()
        guard extensions.contains(ending) else { return nil }
        return String(relativePath.dropLast(ending.count + 1)).lowercased()
    }

    /// Each file's photo-named partner, by relative path, for the files whose ending is one of
    /// `partnerExtensions` (clips, RAW files): a pair is read by one part of a sharded build,
    /// the photo's, decided by names alone so that every part agrees.
    static func photoPartners(_ files: [InputFile], partnerExtensions: Set<String>) -> [String: String] {
        var photos: [String: String] = [:]
        for file in files {
            if let key = key(of: file.relativePath, extensions: photoExtensions), photos[key] == nil { photos[key] = file.relativePath }
        }
        var partners: [String: String] = [:]
        for file in files {
            if let key = key(of: file.relativePath, extensions: partnerExtensions), let photo = photos[key] { partners[file.relativePath] = photo }
        }
        return partners
    }

    /// Whether a photo and a clip with the same name are one Live Photo.
    static func belongTogether(photoIdentifier: String?, clipIdentifier: String?, clipDuration: Double?) -> Bool {
        if let photoIdentifier, let clipIdentifier { return photoIdentifier == clipIdentifier }
        return (clipDuration ?? .infinity) < LivePhoto.longestUnidentifiedClip
    }
}

extension MediaScanner.Scanned {
    /// Joins each Live Photo's clip to its photo (``Item/motion``), the clip's own item left out
    /// (its id stays reserved: ids are shared out among every file named like media). Without
    /// `motion`, clips stay items and Motion Photos are stills.
    mutating func joinMotion(files: [InputFile], motion: Bool) {
        guard motion else {
            for index in items.indices where items[index].motion != nil { items[index].motion = nil }
            return
        }
        var photos: [String: [Int]] = [:]
        for (position, number) in self.files.enumerated() where items[position].kind == .image {
            if let key = MotionPairing.key(of: files[number].relativePath, extensions: MotionPairing.photoExtensions) {
                photos[key, default: []].append(position)
            }
        }
        guard !photos.isEmpty else { return }
        var joined = Set<Int>()
        for (position, number) in self.files.enumerated() where items[position].kind == .video {
            guard let key = MotionPairing.key(of: files[number].relativePath, extensions: MotionPairing.clipExtensions),
                let photo = photos[key]?.first(where: { photo in
                    items[photo].motion == nil
                        && MotionPairing.belongTogether(photoIdentifier: contentIdentifiers[self.files[photo]],
                            clipIdentifier: contentIdentifiers[number], clipDuration: items[position].duration)
                })
            else { continue }
            items[photo].motion = Motion(livePhotoClip: items[position])
            joined.insert(position)
        }
        leaveOut(joined)
    }
}
