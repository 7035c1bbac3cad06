import Foundation

/// Whether a build may remove what its scan no longer found. A mistyped source, an unmounted
/// disk or an emptied folder looks to a build like a gallery whose items all went: it would
/// remove their outputs, and with them the selection. So, before anything is moved or removed,
/// a build that would remove every item of the last build, or at least half of them and more
/// than ``BuildOptions/shrinkLimit``, stops, unless asked to go on (``BuildOptions/allowShrink``).
///
/// The last build's items are the sources its outputs were made from, as the state records
/// them; a part's state holds only its own share, so a part counts its share. An item whose
/// content was found under another path is moved, not removed.
struct ShrinkCheck {
    /// What a build would remove of the last build's items.
    struct Shrink: Equatable {
        var removing = 0
        var last = 0

        var isRefused: Bool {
            guard removing > 0 else { return false }
            return removing == last || (removing * 2 >= last && removing > BuildOptions.shrinkLimit)
        }
    }

    let run: BuildRun

    /// Throws ``SiteBuilder/Failure/shrink(removing:of:)`` when the build would remove too many
    /// of the last build's items; `items` are those this build found, `present` their keys,
    /// `reused` those whose content the state knew under the same key.
    func check(_ items: [Item], present: Set<String>, reused: Set<String>) throws(SiteBuilder.Failure) {
        guard !run.options.allowShrink, let state = run.state else { return }
        let shrink: Shrink
        do { shrink = try Self.measure(state: state, items: items, present: present, reused: reused) } catch {
            throw run.stateFailure(.read, error)
        }
        if shrink.isRefused { throw .shrink(removing: shrink.removing, of: shrink.last) }
    }

    /// What the build would remove of the last build's items: those `present` (the keys of
    /// `items`) lacks, but for those whose content an item that is not `reused` has.
    static func measure(state: StateStore, items: [Item], present: Set<String>, reused: Set<String>) throws -> Shrink {
        var shrink = Shrink()
        // The last build's items this one did not find, by content (a source whose content the
        // state no longer knows cannot have been moved).
        var goneBySHA: [String: Int] = [:]
        try state.eachOutputSource { key, sha256 in
            shrink.last += 1
            guard !present.contains(key) else { return }
            shrink.removing += 1
            if let sha256 { goneBySHA[sha256, default: 0] += 1 }
        }
        guard !goneBySHA.isEmpty else { return shrink }
        // An item the state knew as it is is not where another moved; each other one with a gone
        // item's content takes that item's place (as ``GoneSources`` finds it for the move).
        for item in items {
            guard let sha256 = item.source?.sha256, let left = goneBySHA[sha256], left > 0, !reused.contains(SourceKey.of(item)) else {
                continue
            }
            goneBySHA[sha256] = left - 1
            shrink.removing -= 1
        }
        return shrink
    }
}
