import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files and folders one item's outputs made, held back until every output of the item
/// is made and the decoder has had its say, then put in place in the order they were staged.
///
/// So a file found damaged never replaces a good output of an earlier run, and a reader (or
/// an interrupted run) never sees half of an output under its final name: bytes are written
/// to temporary names beside their targets and renamed over them (see ``AtomicFile``).
public final class Staging {
    /// The folder the outputs' relative paths are rooted in.
    public let outputFolder: String
    private var steps: [Step] = []
    private var scratch: [String] = []

    private enum Step {
        /// Encoded bytes, written at commit.
        case bytes(Data, target: String)
        /// A file or folder already written under a temporary name beside its target.
        case written(temporary: String, target: String)
        /// Several of those, put in place all or none.
        case together([(temporary: String, target: String)])
    }

    /// Folders below `outputFolder` are made and entered only through real folders (``OutputTree``).
    public init(outputFolder: String) {
        self.outputFolder = outputFolder
        OutputTree.confine(below: outputFolder)
    }

    /// The full path of a path below the output folder.
    public func path(_ relative: String) -> String { Path.join(outputFolder, relative) }

    /// Stages `data` to be written at `relative` (below the output folder).
    public func stage(_ data: Data, at relative: String) {
        steps.append(.bytes(data, target: path(relative)))
    }

    /// A temporary path beside `relative`'s target for an output written by someone else (a
    /// libvips saver writing a file, or a folder of tiles); staged to be moved into place.
    public func temporaryPath(for relative: String) throws(ItemFailure) -> String {
        let target = path(relative)
        do {
            try AtomicFile.createFolder(Path.parent(of: target))
        } catch {
            throw ItemFailure.write(error.description)
        }
        let temporary = AtomicFile.temporaryPath(for: target)
        steps.append(.written(temporary: temporary, target: target))
        return temporary
    }

    /// A fresh empty folder beside the outputs (on the same file system, so that what is made
    /// in it can be renamed into place), for tools that write several files of their own
    /// naming (libvips' `dzsave`). It is removed once the item is committed or discarded.
    public func scratchFolder() throws(ItemFailure) -> String {
        do { try AtomicFile.createFolder(outputFolder) } catch { throw ItemFailure.write(error.description) }
        let folder = AtomicFile.temporaryPath(for: path("scratch"))
        guard mkdir(folder, 0o755) == 0 else {
            TemporariesInFlight.settled(folder)
            throw ItemFailure.write("cannot write \(folder): \(String(cString: strerror(errno)))")
        }
        scratch.append(folder)
        return folder
    }

    /// Stages moving `made` (a file or folder written elsewhere, typically in a
    /// ``scratchFolder()``) into place at `relative` below the output folder.
    public func stageMove(_ made: String, to relative: String) throws(ItemFailure) {
        let target = path(relative)
        do { try AtomicFile.createFolder(Path.parent(of: target)) } catch { throw ItemFailure.write(error.description) }
        steps.append(.written(temporary: made, target: target))
    }

    /// Stages moving each of `made` into place at its path below the output folder, all or
    /// none (a Deep Zoom pyramid's folder and descriptor): when one cannot be moved, the others
    /// are undone, the older output left as it was.
    public func stageMoves(_ made: [(made: String, relative: String)]) throws(ItemFailure) {
        var moves: [(temporary: String, target: String)] = []
        for (file, relative) in made {
            let target = path(relative)
            do { try AtomicFile.createFolder(Path.parent(of: target)) } catch { throw ItemFailure.write(error.description) }
            moves.append((file, target))
        }
        steps.append(.together(moves))
    }

    /// Puts every staged output in place, in staging order. On the first failure, what is not
    /// yet in place is removed, and the failure names the output.
    public func commit() throws(ItemFailure) {
        defer {
            steps = []
            removeScratch()
        }
        for (index, step) in steps.enumerated() {
            do {
                switch step {
                case .bytes(let data, let target): try AtomicFile.write(data, to: target)
                case .written(let temporary, let target): try AtomicFile.moveIntoPlace(temporary, over: target)
                case .together(let moves): try AtomicFile.moveIntoPlace(together: moves)
                }
            } catch {
                discard(steps[(index + 1)...])
                throw ItemFailure.write(error.description)
            }
        }
    }

    /// Removes whatever was written under temporary names; nothing is put in place.
    public func discard() {
        discard(steps[...])
        steps = []
        removeScratch()
    }

    private func removeScratch() {
        for folder in scratch { AtomicFile.remove(folder) }
        scratch = []
    }

    private func discard(_ pending: ArraySlice<Step>) {
        for step in pending {
            switch step {
            case .bytes: break
            case .written(let temporary, _): AtomicFile.remove(temporary)
            case .together(let moves): for (temporary, _) in moves { AtomicFile.remove(temporary) }
            }
        }
    }
}
