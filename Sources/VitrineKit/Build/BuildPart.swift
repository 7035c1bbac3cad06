import Foundation

/// Which share of the gallery a build makes: all of it, or one part of a `--shard K/N` run.
/// Its state, lock and manifest are named after it, and it judges other builds' leftovers by it.
enum BuildPart: Equatable, Sendable {
    case whole
    case shard(Shard)

    init(_ shard: Shard?) { self = shard.map(BuildPart.shard) ?? .whole }

    /// `-2-of-3` for part 2 of 3, nothing for the whole: what its state's and lock's names end with.
    var fileSuffix: String {
        switch self {
        case .whole: ""
        case .shard(let shard): "-\(shard.index)-of-\(shard.count)"
        }
    }

    /// The folder below the site parts' manifests are written in.
    static let folder = "parts"

    /// `parts/2-of-3.json`: a part's manifest, for the merge; nil for the whole gallery.
    var manifestPath: String? {
        switch self {
        case .whole: nil
        case .shard(let shard): "\(Self.folder)/\(shard.index)-of-\(shard.count).json"
        }
    }

    /// How old a temporary file must be before this build takes it for a dead build's: any age
    /// when it holds the whole site; ten minutes for a part, since parts of one run share the
    /// site and another machine's part may be writing.
    var leftoverAge: TimeInterval {
        switch self {
        case .whole: 0
        case .shard: 600
        }
    }
}
