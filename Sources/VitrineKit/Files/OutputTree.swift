import Foundation
import VipsKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folders this process writes outputs below (a site, `-o DIR`), and the rule every folder
/// made or entered below one follows: no symbolic link on the way from it.
///
/// A site is often restored from a cache or handed over, so what it holds is input: a link
/// planted in it (`SITE/tiles -> ~/elsewhere`) would otherwise lead writes, and `--force`'s
/// replacements, out of it. The root itself may be a link (`-o` is followed once, when it is
/// opened), and so may folders above it (`/tmp` on macOS). ``AtomicFile/createFolder(_:)``, the
/// helper every writer creates or enters a folder with, applies the rule; a build also checks
/// the folders it will write into before it writes anything (``SiteFolder``).
public enum OutputTree {
    private static let roots = Locked<[String]>([])

    /// Makes `folder` a root: from now on, folders below it are made and entered only through
    /// real folders. Called where an output folder is opened (the site, `-o`, a worker's job).
    public static func confine(below folder: String) {
        let folder = Path.normalized(folder)
        roots.withLock { if !$0.contains(folder) { $0.append(folder) } }
    }

    /// The deepest root `path` lies below or is, if any.
    static func root(of path: String) -> String? {
        let path = Path.normalized(path)
        return roots.withLock { list in
            // `.` holds every relative path but those that climb out of it.
            list.filter { Path.isBelow(path, $0, orSame: true) || $0 == "." && !path.hasPrefix("/") && !path.hasPrefix("..") }
                .max { $0.count < $1.count }
        }
    }

    /// The folders from `root` down to `path` (the root excluded, `path` included), in order.
    static func steps(from root: String, to path: String) -> [String] {
        let path = Path.normalized(path)
        let relative = root == "." ? path : String(path.dropFirst(root.count))
        var current = root
        return relative.split(separator: "/").map { component in
            current = Path.join(current, String(component))
            return current
        }
    }

    /// What is at one step of the way, by lstat(2): a link is never followed.
    enum Step: Equatable {
        case missing, folder, link, other

        init(_ path: String) {
            var info = stat()
            guard lstat(path, &info) == 0 else {
                self = .missing
                return
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: self = .folder
            case S_IFLNK: self = .link
            default: self = .other
            }
        }
    }
}
