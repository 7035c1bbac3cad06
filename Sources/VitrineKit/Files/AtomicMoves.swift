import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension AtomicFile {
    /// Renames each `temporary` to its `target`, all or none: what was there before is kept
    /// aside until every move is done (a file as a second link, so that its name keeps showing
    /// it; a folder renamed), then removed. When a move fails, the ones done are undone (the new
    /// outputs removed, the old ones put back) and the temporaries removed. A Deep Zoom pyramid
    /// is its `_files` folder and its `.dzi`: one never stands without the other.
    public static func moveIntoPlace(together moves: [(temporary: String, target: String)]) throws(AtomicFileError) {
        defer { for move in moves { TemporariesInFlight.settled(move.temporary) } }
        var placed: [(target: String, aside: String?)] = []
        for (index, move) in moves.enumerated() {
            do {
                placed.append((move.target, try place(move.temporary, over: move.target)))
            } catch {
                for (target, aside) in placed.reversed() { putBack(aside, at: target) }
                for (temporary, _) in moves[index...] { remove(temporary) }
                for case let (_, aside?) in placed { remove(aside) }
                throw error
            }
        }
        for case let (_, aside?) in placed { remove(aside) }
    }

    /// Moves `temporary` to `target`, keeping what was there aside: its temporary name, or nil
    /// when there was nothing. On failure nothing has changed but for `temporary`.
    private static func place(_ temporary: String, over target: String) throws(AtomicFileError) -> String? {
        var info = stat()
        var aside: String?
        if lstat(target, &info) == 0 {
            let name = temporaryPath(for: target)
            // In flight until the caller removes it (``remove(_:)``) or puts it back.
            let isFolder = info.st_mode & S_IFMT == S_IFDIR
            guard (!isFolder && link(target, name) == 0) || rename(target, name) == 0 else {
                TemporariesInFlight.settled(name)
                throw AtomicFileError(path: target, code: errno)
            }
            aside = name
        }
        guard rename(temporary, target) == 0 else {
            let code = errno
            putBack(aside, at: target)
            throw AtomicFileError(path: target, code: code)
        }
        return aside
    }

    /// Undoes ``place(_:over:)``: what is at `target` now removed, and `aside` (if any) put back.
    private static func putBack(_ aside: String?, at target: String) {
        defer { aside.map(TemporariesInFlight.settled) }
        guard let aside else {
            remove(target)
            return
        }
        if rename(aside, target) == 0 {
            // When both names are links to one file (nothing replaced it yet), rename(2) does
            // nothing: the second link goes.
            unlink(aside)
            return
        }
        // A folder cannot replace one that is not empty: the new one goes first.
        let new = temporaryPath(for: target)
        defer { TemporariesInFlight.settled(new) }
        if rename(target, new) == 0 { remove(new) }
        _ = rename(aside, target)
    }
}
