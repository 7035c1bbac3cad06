import Foundation

/// What one build's stages share, and none of them changes: its options, site and part, the
/// state store and what records into it, and the executors work is handed to. Made once the
/// site and its state are open; the stages (``ScanStage``, ``DecideStage``, ``MakeStage``,
/// ``CleanupStage``) each take it with their inputs and give their results.
struct BuildRun {
    let options: BuildOptions
    let folder: SiteFolder
    let part: BuildPart
    /// The last build's state: nil only in a dry run of a site never built.
    let state: StateStore?
    let dryRun: Bool
    /// Records outputs made or moved as they are in place: nil in a dry run.
    let recorder: StateRecorder?
    /// Makes items' outputs: the worker pool, or ``InProcessExecutor`` in tests.
    let maker: any ItemExecutor
    /// Reads sources' headers: the worker pool, or ``InProcessProber`` in tests.
    let prober: any ProbeExecutor
    let listener: ProgressListener?
    /// Kinds made beside the options' (a test's counting kind).
    let extraOutputs: [AnyOutput]

    init(options: BuildOptions, folder: SiteFolder, part: BuildPart, state: StateStore?, dryRun: Bool,
         maker: any ItemExecutor, prober: any ProbeExecutor, listener: ProgressListener?, extraOutputs: [AnyOutput] = []) {
        self.options = options
        self.folder = folder
        self.part = part
        self.state = state
        self.dryRun = dryRun
        recorder = dryRun ? nil : state.map(StateRecorder.init)
        self.maker = maker
        self.prober = prober
        self.listener = listener
        self.extraOutputs = extraOutputs
    }

    var site: String { options.site }

    /// The state file's path, for messages.
    var statePath: String { state?.path ?? Path.join(site, SiteBuilder.stateFolder) }

    /// Throws ``SiteBuilder/Failure/cancelled`` once the run was stopped (a signal).
    func stopIfCancelled() throws(SiteBuilder.Failure) {
        if maker.isCancelled { throw .cancelled }
    }

    /// A state failure of `step`, naming the state file.
    func stateFailure(_ step: SiteBuilder.Failure.StateStep, _ underlying: any Error) -> SiteBuilder.Failure {
        .state(step, path: statePath, underlying: underlying)
    }
}
