import Foundation

/// A build's clean-up of its items. Takes the decisions' leftovers: removes temporary files
/// that builds which died left in the folders outputs go to (before the make, and again when
/// stopped), the files of outputs nothing plans any more (paths read from the state, removed
/// only below the site), then forgets their rows and the sources gone.
struct CleanupStage {
    let run: BuildRun

    /// Temporary files of builds that died, in the site and in `folders` (those outputs are
    /// written into, ``BuildPass/folders``): at once, since this build holds the lock (a part
    /// only those old enough, ``BuildPart/leftoverAge``).
    func removeTemporaryFiles(in folders: Set<String>) {
        for folder in folders.union([run.site]) { AtomicFile.removeLeftovers(in: folder, olderThan: run.part.leftoverAge) }
    }

    /// Removes each output's files of `removals`; gives how many outputs were removed whole, and
    /// a line for each path refused: one that leads out of the site (an edited state) is left alone.
    func removeOutputs(_ removals: [[String]]) -> (removed: Int, refused: [String]) {
        var left = 0
        var refused: [String] = []
        for paths in removals {
            var refusedOne = false
            for path in paths {
                do { try run.folder.remove(path) } catch {
                    refused.append("\(run.statePath): \(error)")
                    refusedOne = true
                }
            }
            if refusedOne { left += 1 }
        }
        return (removals.count - left, refused)
    }

    /// Forgets the rows of `unclaimed` (those this build did not write again) and the sources
    /// the state knows that are not `present`.
    func forget(_ unclaimed: [StateStore.Output], present: Set<String>, state: StateStore,
                recorder: StateRecorder) throws(SiteBuilder.Failure) {
        var gone: [String] = []
        do { try state.eachSource { key, _ in if !present.contains(key) { gone.append(key) } } } catch {
            throw run.stateFailure(.read, error)
        }
        do {
            try state.batch {
                for output in unclaimed where !recorder.rewritten.contains(StateRecorder.key(output)) { try state.forget(output) }
                for key in gone { try state.forgetSource(key) }
            }
        } catch {
            throw run.stateFailure(.recordRemovals, error)
        }
    }
}
