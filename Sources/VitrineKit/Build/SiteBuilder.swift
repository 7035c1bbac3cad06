import Foundation
import VipsKit

/// `vitrine build`: the whole gallery in one incremental, resumable command.
///
/// A build scans its sources (reading again only the files that changed since the last build:
/// same size, modification time and inode), plans every item's outputs, keeps those the last
/// build made from the same content with the same settings, moves those whose item was renamed
/// (known by its content's SHA-256), makes the rest on the worker pool, removes what it made
/// before that nothing plans any more, runs the whole-gallery phases (contact sheets), and
/// writes the manifest. What it knows of the last build is in `SITE/.vitrine/`
/// (``StateStore``), written only once outputs are in place, so a build killed at any moment
/// is finished by the next one as if it had never stopped.
public struct SiteBuilder {
    public var options: BuildOptions
    /// Makes items' outputs: the worker pool, or ``InProcessExecutor`` in tests. Its
    /// cancellation (a signal) stops the build between steps.
    public var maker: any ItemExecutor
    /// Reads sources' headers: the worker pool, or ``InProcessProber`` in tests.
    public var prober: any ProbeExecutor
    /// Hears each file's outcome as it comes: default none.
    public var listener: ProgressListener?
    /// Kinds made beside the options' (a test's counting kind): default none.
    var extraOutputs: [AnyOutput] = []

    /// A build on `pool`, which both reads headers and makes outputs.
    public init(options: BuildOptions, pool: WorkerPool, listener: ProgressListener? = nil) {
        self.init(options: options, maker: pool, prober: pool, listener: listener)
    }

    public init(options: BuildOptions, maker: any ItemExecutor, prober: any ProbeExecutor, listener: ProgressListener? = nil) {
        self.options = options
        self.maker = maker
        self.prober = prober
        self.listener = listener
    }

    /// What a build did.
    public struct Report: Sendable {
        public var manifest: Manifest
        /// Outputs made, kept from the last build as they were, moved to an item's new name,
        /// and removed.
        public var made = 0
        public var kept = 0
        public var moved = 0
        public var removed = 0
        /// One line per action (`make`, `keep`, `move`, `remove`, with the item and paths).
        public var actions: [String] = []
        /// What a person should know about the run that is not a failure (`--merge`: old parts ignored).
        public var notes: [String] = []
        /// Paths read from the site (its state) that lead out of it, each refused and left
        /// alone: one line each. The run goes on; it did not do all it was asked.
        public var refused: [String] = []
        /// The selected items' ids that went (their items are no longer in the gallery), in
        /// the order chosen: the selection keeps the others, in theirs.
        public var unselected: [String] = []
        /// Whether the build found nothing changed since the last complete one (``UnchangedBuild``)
        /// and stopped there: ``manifest`` is then empty, the site's `manifest.json` is as it was,
        /// and the counts below are its.
        public var unchanged = false
        /// What writing the page did (files rewritten, kept, removed; in a dry run, would do):
        /// nil without a page, or when the build stopped unchanged.
        public var page: GalleryPage.Written?
        /// The gallery's items and errors (``manifest``'s, or the unchanged site's).
        public var itemCount: Int { unchanged ? unchangedCounts.items : manifest.items.count }
        public var errorCount: Int { unchanged ? unchangedCounts.errors : manifest.errors.count }
        var unchangedCounts = (items: 0, errors: 0)
    }

    /// Where the build keeps what it knows: `SITE/.vitrine/`.
    public static let stateFolder = ".vitrine"

    /// Builds the site from `inputs`. With `dryRun`, nothing is written: the report says what a
    /// build would do.
    public func build(_ inputs: [InputPath], readList: () -> [InputPath] = InputPath.standardInputLines,
                      dryRun: Bool = false) throws(Failure) -> Report {
        // A source that is not there is a typo or a disk not mounted: nothing is made of it,
        // least of all a site without its items.
        if let missing = inputs.first(where: Self.isMissing) { throw .missingSource(path: missing.display) }
        let folder: SiteFolder
        do {
            folder = try SiteFolder.open(options.site, sources: inputs, outputFolders: options.outputFolders,
                overwrite: options.overwrite)
        } catch {
            throw .usage(error.sentence)
        }
        try refuseUnopenableState(in: folder.path, part: BuildPart(options.scan.shard))
        return try build(inputs, in: folder, readList: readList, dryRun: dryRun)
    }

    /// The state's file below `site`, for this part.
    static func statePath(in site: String, part: BuildPart) -> String {
        Path.join(Path.join(site, stateFolder), "state\(part.fileSuffix).sqlite")
    }

    /// A usage failure, before anything is written, when SQLite could not open the state's file
    /// for the length of its path (a deep `-o`): else the build would stop once it has begun.
    func refuseUnopenableState(in site: String, part: BuildPart) throws(Failure) {
        let path = Self.statePath(in: site, part: part)
        guard let length = StateStore.tooLong(path) else { return }
        throw .usage("the build's state \(path) would have a path of \(length) bytes, and SQLite opens none longer than "
            + "\(StateStore.longestPath) (counted from /): the site folder needs a shorter path")
    }

    /// Whether `input`, a source named on the command line, does not exist (a URL and `-`, the
    /// list on standard input, are not looked for).
    static func isMissing(_ input: InputPath) -> Bool {
        guard input.bytes != [UInt8(ascii: "-")], RemoteURL.scheme(of: input.display) == nil, input.status() == nil else { return false }
        let code = errno
        return code == ENOENT || code == ENOTDIR
    }

    /// Builds into `folder`, the site as opened (a link resolved once): every path below the
    /// site is its, not ``BuildOptions/site`` as given.
    private func build(_ inputs: [InputPath], in folder: SiteFolder, readList: () -> [InputPath],
                       dryRun: Bool) throws(Failure) -> Report {
        let site = folder.path
        let part = BuildPart(options.scan.shard)
        let stateFolder = Path.join(site, Self.stateFolder)
        let lock = dryRun ? nil : try prepare(site, stateFolder: stateFolder, part: part)
        let state = try openState(Self.statePath(in: site, part: part), dryRun: dryRun)
        // The items made and folded in. The run (the ledger, the decisions: several records for
        // every output of every item) ends with that step, before the manifest and the page,
        // each as large as the gallery, are written.
        var manifest: Manifest
        var counts: ItemCounts
        let built: BuiltItems.Items
        do {
            // The list on standard input is read once: a second pass works on the same list.
            var listed: [InputPath]?
            let readOnce = {
                if listed == nil { listed = readList() }
                return listed ?? []
            }
            let outcome = try buildItemsUntilSteady(inputs, readList: readOnce, folder: folder, part: part, state: state,
                dryRun: dryRun)
            try recordInputs(inputs, listed: listed ?? [], in: state, dryRun: dryRun)
            switch outcome {
            case .unchanged(let note):
                withExtendedLifetime(lock) {}
                return note.report()
            case .items(let items, let itemCounts, let notes): (manifest, counts, built) = (items, itemCounts, notes)
            }
        }
        guard !dryRun, let state else { return try dryRunReport(manifest, counts: counts, state: state, site: site, part: part) }
        try stopIfCancelled()
        var written: GalleryPage.Written?
        var unselected: [String] = []
        if let partPath = part.manifestPath {
            // A part: its items and their outputs; the whole gallery's work waits for the merge.
            SiteManifest.publishable(&manifest, inputs: inputs, keepLocation: options.keepLocation)
            try write(manifest, extra: ExtraMembers(), to: Path.join(site, partPath))
        } else {
            var pages: [String] = []
            (written, unselected) = try publish(&manifest, state: state, folder: folder) { (manifest: inout Manifest) throws(Failure) in
                let sheets = try finish(&manifest, state: state, folder: folder, refused: &counts.refused)
                counts.addSheets(made: sheets.made, kept: sheets.kept, removed: sheets.removed)
                pages = manifest.sheets?.map(\.path) ?? []
                SiteManifest.publishable(&manifest, inputs: inputs, keepLocation: options.keepLocation)
            }
            // Complete: every item made, every page drawn, nothing refused; the next build may
            // find it unchanged.
            if let fingerprint = built.fingerprint, manifest.errors.count == built.scanErrors, counts.refused.isEmpty,
                let stamp = FileStamp(path: Path.join(site, Self.manifestName))
            {
                try note(UnchangedBuild(fingerprint: fingerprint, items: manifest.items.count, errors: manifest.errors.count,
                    outputs: 0, pages: pages, pieces: written?.pieces ?? [], manifest: stamp,
                    page: options.page ? FileStamp(path: Path.join(site, GalleryPage.fileName)) : nil,
                    presentation: options.iiifManifest ? FileStamp(path: Path.join(site, BuildOptions.iiifManifestName)) : nil,
                    said: built.said), in: state)
            }
        }
        withExtendedLifetime(lock) {}
        return Report(manifest: manifest, counts: counts, page: written, unselected: unselected)
    }

    /// What a dry run says it would do after the items: the selection it would carry over, the
    /// sheet pages and the page's pieces as it would find them. It fails where the build would:
    /// a state it cannot read, a page it could not write.
    private func dryRunReport(_ manifest: Manifest, counts: ItemCounts, state: StateStore?, site: String,
                              part: BuildPart) throws(Failure) -> Report {
        var counts = counts
        var shown = manifest
        let carried = part == .whole ? carried(state: state, in: site) : SiteManifest.Carried()
        let unselected = SiteManifest.unselected(carried, by: SiteManifest.apply(carried, to: &shown).kept)
        if part == .whole, let phase = sheetPhase(in: site) {
            let sheets = SheetReuse.plan(shown, phase: phase, kept: state.map(SheetReuse.kept(in:)) ?? [], force: options.force)
            counts.addSheets(made: sheets.make, kept: sheets.keep, removed: sheets.remove)
            if options.listsActions { counts.actions += sheets.actions }
        }
        var written: GalleryPage.Written?
        if part == .whole, options.page {
            // Numbered as the build would number them, the state left as it is.
            var numbers = SearchNumbers()
            if let state {
                do { numbers = try state.searchNumbers() } catch { throw .state(.read, path: state.path, underlying: error) }
            }
            numbers.number(SearchNumbers.takenOrder(manifest))
            var page = page(for: manifest, in: site)
            page.searchNumbers = numbers
            do { written = try page.write(manifest, dryRun: true) } catch { throw .page(underlying: error) }
        }
        return Report(manifest: manifest, counts: counts, page: written, unselected: unselected)
    }

    /// Builds the items; when some changed while their outputs were made (``SourceStamp``), once
    /// more: the scan reads those again, and what the first pass made is kept. An item that
    /// changed the second time too is an error (``ErrorReason/changed``).
    private func buildItemsUntilSteady(_ inputs: [InputPath], readList: () -> [InputPath], folder: SiteFolder, part: BuildPart,
                                       state: StateStore?, dryRun: Bool) throws(Failure) -> BuiltItems {
        // The run's options name the site as opened, as its paths and its fingerprint do.
        var runOptions = options
        runOptions.site = folder.path
        func pass() throws(Failure) -> BuiltItems {
            let run = BuildRun(options: runOptions, folder: folder, part: part, state: state, dryRun: dryRun, maker: maker,
                prober: prober, listener: listener, extraOutputs: extraOutputs)
            return try buildItems(inputs, readList: readList, run: run)
        }
        let first = try pass()
        guard case .items(let manifest, let firstCounts, _) = first, manifest.errors.contains(where: { $0.reason == .changed })
        else { return first }
        guard case .items(let items, var counts, let notes) = try pass() else { return first }
        // What the first pass made, the second found in place.
        counts.kept = max(0, counts.kept - firstCounts.made)
        counts.made += firstCounts.made
        counts.moved += firstCounts.moved
        counts.removed += firstCounts.removed
        counts.refused = firstCounts.refused + counts.refused
        return .items(items, counts, notes)
    }

    /// Notes `build` (its count of outputs read from the state) for the next build.
    private func note(_ build: UnchangedBuild, in state: StateStore) throws(Failure) {
        var build = build
        do {
            build.outputs = try state.outputCount()
            try state.setNote(UnchangedBuild.noteKey, JSONEncoder.compact.encode(build))
        } catch {
            throw .state(.recordBuild, path: state.path, underlying: error)
        }
    }

    /// `manifest.json`, below the site.
    public static let manifestName = "manifest.json"

    /// The whole-gallery work, once every item is folded in: contact sheets, each page drawn
    /// again only when what it shows changed (``SheetReuse``). Its pages drawn, kept and removed.
    @discardableResult
    func finish(_ manifest: inout Manifest, state: StateStore, folder: SiteFolder,
                refused: inout [String]) throws(Failure) -> (made: Int, kept: Int, removed: Int) {
        guard let phase = sheetPhase(in: folder.path) else {
            manifest.sheets = nil
            return (0, 0, 0)
        }
        let kept = SheetReuse.kept(in: state)
        let keeping = options.force ? [:] : Dictionary(kept.map { ($0.sheet.path, $0) }, uniquingKeysWith: { first, _ in first })
        let context = GalleryPhaseContext(outputFolder: folder.path, listener: listener, isCancelled: { [maker] in maker.isCancelled },
            pages: maker as? any SheetPageDrawer)
        let drawn = phase.draw(on: &manifest, context: context, keeping: keeping)
        // Stopped among the pages: the state still lists the last build's pages, so the next
        // build draws those whose fingerprint is not the one recorded.
        try stopIfCancelled()
        // Pages of the last build that this one does not list (fewer pages now): paths read from
        // the state, removed only below the site.
        let listed = Set(drawn.records.map(\.sheet.path))
        let gone = Set(kept.map(\.sheet.path)).subtracting(listed)
        for path in gone.sorted() {
            do { try folder.remove(path) } catch { refused.append("\(state.path): \(error)") }
        }
        removeEmptiedFolders(of: gone, below: Path.parent(of: phase.fileName), in: folder)
        do {
            try state.setNote(SheetReuse.noteKey, try JSONEncoder.compact.encode(SheetReuse(pages: drawn.records)))
        } catch {
            throw .state(.recordSheets, path: state.path, underlying: error)
        }
        return (drawn.drawn, drawn.kept, gone.count)
    }

    /// The folders of albums that went, left empty once their pages were removed: each
    /// removed page's folders up to (not including) `top`, while they are empty (`rmdir`
    /// removes nothing else).
    private func removeEmptiedFolders(of removed: Set<String>, below top: String, in folder: SiteFolder) {
        let folders = Set(removed.map { Path.parent(of: $0) }.filter { Path.isBelow($0, top, orSame: false) })
        // Deepest first, so that a parent emptied by its child's removal goes too.
        for start in folders.sorted(by: { $0.count > $1.count }) {
            var current = start
            // A folder not confined to the site (a link) or not empty is left: rmdir removes nothing else.
            while Path.isBelow(current, top, orSame: false), let full = try? folder.confined(current), rmdir(full) == 0 {
                current = Path.parent(of: current)
            }
        }
    }

    /// The contact sheets' phase of this build into `site`, nil without sheets.
    func sheetPhase(in site: String) -> SheetPhase? {
        options.sheet.map {
            SheetPhase(settings: $0, folder: site, fileName: Path.join(BuildOptions.sheetFolder, BuildOptions.sheetFileName))
        }
    }

    /// Writes `manifest.json` and the page, with what the last manifest holds that a rebuild
    /// keeps (``SiteManifest/Carried``) applied first, then `prepare` (the sheets). The last
    /// manifest is read only when it is not the file the last build wrote (an edit, a select):
    /// otherwise what it carries is in the state's note, and a gallery of 100,000 items is not
    /// read back. Gives what writing the page did, and the selected ids that went.
    @discardableResult
    func publish(_ manifest: inout Manifest, state: StateStore?, folder: SiteFolder,
                 prepare: (inout Manifest) throws(Failure) -> Void = { (_: inout Manifest) throws(Failure) in })
        throws(Failure) -> (page: GalleryPage.Written?, unselected: [String])
    {
        let site = folder.path
        let path = Path.join(site, Self.manifestName)
        let carried = carried(state: state, in: site)
        let (extra, kept) = SiteManifest.apply(carried, to: &manifest)
        try prepare(&manifest)
        try stopIfCancelled()
        try write(manifest, extra: extra, to: path)
        if let state, let stamp = FileStamp(path: path) {
            // Only a shortcut: without the note, the next build reads what it carries from the
            // manifest itself.
            try? state.setNote(ManifestNote.key, JSONEncoder.compact.encode(ManifestNote(stamp: stamp, carried: kept)))
        }
        try stopIfCancelled()
        try writePresentation(of: manifest, in: site)
        return (try writePage(of: manifest, in: site, state: state), SiteManifest.unselected(carried, by: kept))
    }

    /// The IIIF Presentation manifest of the published gallery (``BuildOptions/iiifManifest``),
    /// left alone when it says the same: a rebuild that changes nothing writes nothing.
    func writePresentation(of manifest: Manifest, in site: String) throws(Failure) {
        guard options.iiifManifest, let baseURL = options.tiles?.baseURL else { return }
        let path = Path.join(site, BuildOptions.iiifManifestName)
        do {
            // Labelled as the page is headed (`--title`, else the gallery's, else its root album's).
            let title = GalleryPage(site: site, title: options.pageTitle).pageTitle(for: manifest)
            let document = try IIIFPresentation.manifest(of: manifest, baseURL: baseURL, path: BuildOptions.iiifManifestName,
                title: title)
            try AtomicFile.writeIfChanged(document, to: path)
        } catch {
            throw .manifest(path: path, underlying: error)
        }
    }

    /// Throws ``Failure/cancelled`` once the maker was cancelled (a signal), between steps that
    /// each leave the site and its state consistent.
    func stopIfCancelled() throws(Failure) {
        if maker.isCancelled { throw .cancelled }
    }

    /// What the last manifest holds that a rebuild keeps: from the state's note when the file is
    /// the one the last build wrote, else read from the file; the site's, `site`.
    func carried(state: StateStore?, in site: String) -> SiteManifest.Carried {
        let path = Path.join(site, Self.manifestName)
        // A note this vitrine cannot read (another version's) is as none: the file is read instead.
        let note = state?.note(ManifestNote.key).flatMap { try? JSONDecoder().decode(ManifestNote.self, from: $0) }
        let stamp = FileStamp(path: path)
        return note.flatMap { stamp != nil && $0.stamp == stamp ? $0.carried : nil }
            ?? SiteManifest.carried(from: stamp == nil ? nil : lastManifestBytes(path, in: site))
    }

    /// What the state notes of the manifest a build wrote: the file, and what it carries.
    struct ManifestNote: Codable {
        static let key = "manifest"
        var stamp: FileStamp
        var carried: SiteManifest.Carried
    }

    /// The gallery's page (`index.html` and its data pieces) in `site`, playing videos from their copies.
    func page(for manifest: Manifest, in site: String) -> GalleryPage {
        var videos: [String: [PageVideo]] = [:]
        for item in manifest.items { if let media = item.media, !media.isEmpty { videos[item.id] = media.map(PageVideo.init) } }
        var page = GalleryPage(site: site, videoSources: videos, title: options.pageTitle)
        (page.theme, page.pageCSS, page.search) = (options.pageTheme, options.pageCSS, options.search)
        if let zoom = options.tiles?.zoom { page.viewport = (zoom.viewportWidth, zoom.viewportHeight) }
        return page
    }

    /// Writes the page, its search index's items numbered as `state` keeps them (``searchNumbers(of:in:)``); what it rewrote.
    func writePage(of manifest: Manifest, in site: String, state: StateStore?) throws(Failure) -> GalleryPage.Written? {
        guard options.page else { return nil }
        var page = page(for: manifest, in: site)
        if options.search, let state { page.searchNumbers = try searchNumbers(of: manifest, in: state) }
        do { return try page.write(manifest) } catch { throw .page(underlying: error) }
    }

    /// The search numbers of `manifest`'s items: those `state` keeps, a new item given the next
    /// never used, a gone one's dropped; recorded before any piece naming them is written. The
    /// whole site's state keeps them: a part (`--shard`) writes no page, and the merge numbers
    /// the joined gallery in the state a whole build reads. A build that could not write some
    /// outputs (``ErrorReason/write``: a full disk) records none: the items it left out come
    /// back with the next build, which numbers them with the others in the order they were
    /// taken, as a clean build does, instead of after them.
    func searchNumbers(of manifest: Manifest, in state: StateStore) throws(Failure) -> SearchNumbers {
        var numbers: SearchNumbers
        do { numbers = try state.searchNumbers() } catch { throw .state(.read, path: state.path, underlying: error) }
        let change = numbers.number(SearchNumbers.takenOrder(manifest))
        guard !change.isEmpty, !manifest.errors.contains(where: { $0.reason == .write }) else { return numbers }
        do { try state.keepSearchNumbers(change, next: numbers.next) } catch {
            throw .state(.recordSearchNumbers, path: state.path, underlying: error)
        }
        return numbers
    }

    func write(_ manifest: Manifest, extra: ExtraMembers, to path: String) throws(Failure) {
        do { try SiteManifest.write(manifest, extra: extra, to: path) } catch { throw .manifest(path: path, underlying: error) }
    }

    /// The site and its state folder made, and this part's lock taken.
    func prepare(_ site: String, stateFolder: String, part: BuildPart) throws(Failure) -> BuildLock {
        do {
            try AtomicFile.prepareOutputFolder(site)
            try AtomicFile.createFolder(stateFolder)
        } catch let problem as AtomicFile.OutputFolderProblem {
            if case .isAFile = problem { throw .usage("\(problem)") }
            throw .folder(path: site, underlying: problem)
        } catch {
            throw .folder(path: stateFolder, underlying: error)
        }
        let lockPath = Path.join(stateFolder, "lock" + part.fileSuffix)
        do { return try BuildLock(path: lockPath) } catch { throw .lock(path: lockPath, underlying: error) }
    }

    func openState(_ path: String, dryRun: Bool) throws(Failure) -> StateStore? {
        if dryRun && !FileManager.default.fileExists(atPath: path) { return nil }
        do { return try StateStore(path: path, readOnly: dryRun) } catch { throw .state(.open, path: path, underlying: error) }
    }

    static func paths(of output: StateStore.Output) -> [String] {
        output.target.paths
    }
}
