/// Work on the whole gallery, run once every item's outputs are made and folded into the
/// manifest: a contact sheet composed from cells the workers made (``SheetPhase``), later an
/// index page or an archive.
///
/// A phase asks for per-item outputs of its own (``itemOutputs``), which are planned and made
/// with the command's (one decode per item, on the worker pool, largest sources first), so the
/// phase itself reads only what the workers made, never a source. It then gets the folded
/// manifest, in gallery order without the items that failed (they are in `errors`), and may
/// record what it made there (the contact sheet's `sheets`). Because it needs nothing of the
/// scan, it runs the same after a scan (`thumbs`, `sheet`, `build`) and on a manifest read
/// from a file (`sheet --manifest`, a merge of shards).
public protocol GalleryPhase: Sendable {
    /// A name for messages and the progress line (`sheet`).
    var name: String { get }

    /// The outputs this phase needs made of every item (contact-sheet cells): default none.
    var itemOutputs: [AnyOutput] { get }

    /// Does the whole-gallery work. What cannot be made is recorded in `manifest.errors` (and
    /// told to the context's listener), so that the command's exit status says so; the run
    /// goes on with the next phase.
    func run(on manifest: inout Manifest, context: GalleryPhaseContext)
}

extension GalleryPhase {
    public var itemOutputs: [AnyOutput] { [] }
}

/// What a phase is given besides the manifest.
public struct GalleryPhaseContext: Sendable {
    /// Where the items' outputs were written (``GalleryOptions/outputFolder``): the phase's own
    /// item outputs are found below it, at the paths their kinds plan.
    public var outputFolder: String
    /// Hears what the phase does: default none.
    public var listener: ProgressListener?
    /// Whether the run was stopped (a signal): a phase checks it between its steps (a sheet's
    /// pages) and returns soon after it turns true; default never.
    public var isCancelled: @Sendable () -> Bool
    /// Draws contact-sheet pages: the worker pool in a command, else (nil) ``InProcessPageDrawer``.
    public var pages: any SheetPageDrawer

    public init(outputFolder: String, listener: ProgressListener? = nil, isCancelled: @escaping @Sendable () -> Bool = { false },
                pages: (any SheetPageDrawer)? = nil) {
        self.outputFolder = outputFolder
        self.listener = listener
        self.isCancelled = isCancelled
        self.pages = pages ?? InProcessPageDrawer()
    }

    /// Tells the listener of a file the phase could not make, and records it in `manifest`.
    public func fail(_ path: String, _ failure: ItemFailure, in manifest: inout Manifest) {
        let error = ItemError(path: path, failure)
        listener?.receive(error.event)
        manifest.errors.append(error)
        manifest.errors.sort(by: ItemError.precedes)
    }
}
