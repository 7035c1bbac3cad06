import Foundation
import VipsKit

/// One scan: finds the files, reads their headers on the worker pool, orders them,
/// gives them ids and links them into a manifest.
///
/// What people should be told (errors, damage, caption problems, files ignored) goes to the
/// listener as it is found; the report holds the manifest.
public struct MediaScanner: Sendable {
    public var options: ScanOptions
    /// Reads the headers: the worker pool, or ``InProcessProber`` in tests.
    public var pool: any ProbeExecutor
    /// Folders never walked into (a command's own output folder): default none.
    public var excludedFolders: [String] = []
    /// Hears each file's outcome as it comes: default none.
    public var listener: ProgressListener?
    /// Answers kept from an earlier run, for files that have not changed since (an
    /// incremental build's state): default none, every file is read.
    public var probeCache: (any ProbeCache)?
    /// The ids a site's last manifest gave its sources, which a rebuild keeps, and how that
    /// manifest names a file: default none, every id by the rule for a fresh site (`scan`).
    var keptIDs: (ids: KeptIDs, paths: PublishedPaths)?

    public init(options: ScanOptions, pool: any ProbeExecutor, listener: ProgressListener? = nil) {
        self.options = options
        self.pool = pool
        self.listener = listener
    }

    /// What a scan found.
    public struct Report: Sendable {
        public var manifest: Manifest
        /// Source paths of the images whose pixels need a colour transform to become sRGB.
        public var needsColourTransform: Set<String> = []
        /// The rendering intent of that transform, by source path, where it is not libvips' default.
        public var renderingIntents: [String: RenderingIntent] = [:]
        /// What the workers open files whose names are not UTF-8 with.
        public var aliases = PathAliases()
    }

    /// Scans `inputs` (files, folders, URLs, `-`), then the `--items` file's entries and the
    /// captions file's custom items. Throws only for bad options (`initialIndex`, no cache folder
    /// for downloads).
    ///
    /// In steps whose working data is gone before the next one starts: a gallery of 100,000
    /// files keeps little more than its items at any time.
    public func scan(_ inputs: [InputPath], readList: () -> [InputPath] = InputPath.standardInputLines) throws(ScanError) -> Report {
        try scan(gather(inputs, readList: readList))
    }

    /// The files a scan reads, before any is read: the inputs walked, remote images
    /// downloaded, custom items' SVG files looked at.
    struct Gathered {
        var asked: GalleryInputs
        var found: Found
    }

    /// The scan's first step: what ``scan(_:readList:)`` would read (its walk's messages said).
    func gather(_ inputs: [InputPath], readList: () -> [InputPath]) throws(ScanError) -> Gathered {
        let asked = GalleryInputs(inputs, items: options.items, captions: options.captions.file)
        var found = walk(asked, readList: readList)
        try prepareSources(&found)
        return Gathered(asked: asked, found: found)
    }

    /// The rest of the scan, from what ``gather(_:readList:)`` found.
    func scan(_ gathered: consuming Gathered) throws(ScanError) -> Report {
        let asked = gathered.asked
        let found = gathered.found
        // Workers open a file whose name is not UTF-8 through an alias that is.
        let aliases = PathAliases()
        var scanned = probe(found.files, aliases: aliases)
        scanned.joinMotion(files: found.files, motion: options.motion)
        scanned.joinRaw(files: found.files, pairs: options.rawPairs)
        let (entryFiles, ids) = identify(scanned, found: found)
        var captions = options.captions
        captions.itemWords = options.items?.words
        var texts = GalleryText(options: captions, inputs: asked.displays, files: entryFiles, ids: ids,
            otherParts: found.otherParts, walked: found.walked)
        var items = scanned.items
        scanned.items = []
        let albums = options.albums == .folders ? texts.albums(allFiles: found.namedLikeMedia) : nil
        let recordedKeys = order(&items, ids: ids, files: entryFiles, albums: albums?.ofFile, embedded: scanned, texts: &texts,
            walkIndex: found.walkIndex)
        // A remote image's URL as it is published: never its user info (`user:password@`), its
        // query only when asked (queries carry tokens). The full URL is read from the inputs
        // again by the next run; the state holds none.
        for position in items.indices {
            if let url = items[position].source?.url { items[position].source?.url = RemoteURL.published(url, keepQuery: options.remote.keepQuery) }
        }

        var manifest = Manifest()
        if let shard = options.shard {
            // A part cannot check the initial index (it has only some items): merge does.
            manifest.partial = PartialManifest(shard: shard.description, order: options.order.rawValue, reverse: options.reverse,
                initialIndex: options.initialIndex)
            if albums != nil {
                manifest.partial?.albumOrder = options.albumOrder.rawValue
                manifest.partial?.reverseAlbums = options.reverseAlbums
            }
            for position in items.indices { items[position].sortKey = recordedKeys[position] }
        } else {
            try ScanError.check(initialIndex: options.initialIndex, count: items.count)
            manifest.initialIndex = items.isEmpty ? nil : options.initialIndex
        }
        manifest.cyclic = options.cyclic
        manifest.direction = options.direction
        manifest.gap = options.gap
        if let albums, options.shard == nil {
            // The items' order so far is their order within each album.
            let members = items.map { AlbumTree.Member(id: $0.id, album: $0.album, takenAt: $0.takenAt) }
            manifest.albums = AlbumTree.ordered(albums.records, members: members, by: options.albumOrdering)
            // Moved, not shared: the items are permuted in place, never copied.
            manifest.items = items
            items = []
            AlbumTree.arrange(&manifest)
        } else {
            // A part's albums are records that `manifest merge` orders and fills.
            manifest.albums = albums?.records
            Navigation.link(&items, cyclic: options.cyclic)
            manifest.items = items
        }
        texts.describe(&manifest, folders: albums == nil)
        manifest.errors = (found.errors + scanned.errors).sorted(by: ItemError.precedes)
        for warning in texts.warnings { listener?.receive(.warning(path: warning.path, message: warning.message)) }
        return Report(manifest: manifest, needsColourTransform: scanned.needsColourTransform,
            renderingIntents: scanned.renderingIntents, aliases: aliases)
    }

    /// What the walk found, with what later steps need of the files the part does not hold.
    struct Found {
        /// This part's files (all of them without `--shard`), in walk order.
        var files: [InputFile]
        var errors: [ItemError]
        /// Every file found (all parts): a folder the walk listed needs no `stat` per sidecar.
        var walked: Set<String>
        /// Files named like media (all parts): they hold their ids whether or not they read.
        var namedLikeMedia: [InputFile]
        /// Other parts' files (`--shard`), whose captions-file rows are theirs to use.
        var otherParts: [InputFile] = []
        /// Every file's place in the walk, for `--order none` across parts (`--shard` only).
        var walkIndex: [String: Int] = [:]
        /// Folders the walk could not list (``InputWalker/Result/unreadableFolders``).
        var unreadableFolders: [InputWalker.UnreadableFolder] = []
    }

    private func walk(_ inputs: GalleryInputs, readList: () -> [InputPath]) -> Found {
        var walker = InputWalker()
        walker.excludedFolders = excludedFolders + [options.remote.cacheFolder].compactMap { $0 }
        let walked = inputs.walk(with: walker, readList: readList)
        for error in walked.errors { listener?.receive(error.event) }
        for site in walked.sites {
            listener?.receive(.warning(path: site, message: "skipped: a vitrine site (it holds a build's state in .vitrine/), never read as photos"))
        }
        for duplicate in walked.duplicates {
            listener?.receive(.note(path: duplicate.path, message: "ignored: the same file as \(duplicate.firstSeenAs)"))
        }
        for warning in walked.warnings { listener?.receive(.warning(path: warning.path, message: warning.message)) }
        // Ids never depend on other files' content or on the part. A sidecar linked to another
        // file of the source is a duplicate of it, and still beside its media.
        var found = Found(files: walked.files, errors: walked.errors, walked: Set(walked.files.map(\.path) + walked.duplicates.map(\.path)),
            namedLikeMedia: walked.files.filter(\.isMeantAsMedia))
        found.unreadableFolders = walked.unreadableFolders
        if let shard = options.shard {
            found.walkIndex = Dictionary(walked.files.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
            // A Live Photo's clip and a RAW+JPEG pair's RAW are read by their photo's part.
            let partnerExtensions = (options.motion ? MotionPairing.clipExtensions : [])
                .union(options.rawPairs == .merge ? MediaFormat.rawExtensions : [])
            let partners = MotionPairing.photoPartners(walked.files, partnerExtensions: partnerExtensions)
            let isOurs = { (file: InputFile) in shard.contains(relativePath: partners[file.relativePath] ?? file.relativePath) }
            found.otherParts = walked.files.filter { !isOurs($0) }
            found.files = walked.files.filter(isOurs)
        }
        return found
    }

    /// Every file's header read on the worker pool, each answer boiled down as it comes (an
    /// item, its embedded text when there is any, whether it needs a colour transform): no
    /// file's whole answer is kept. Items come back in walk order.
    private func probe(_ files: [InputFile], aliases: PathAliases) -> Scanned {
        var probe = options.probe
        probe.embeddedText = options.captions.readsEmbedded
        probe.language = options.captions.language
        // A custom item without an SVG has nothing to read: its declaration is its header. A
        // file unchanged since the last build is answered from its state.
        let scanned = Locked(Scanned(capacity: files.count))
        var probed: [Int] = []
        // The state's answers are looked up and decoded a batch at a time on every core (a
        // rebuild of 100,000 files asks for each), then recorded in order.
        var known: [ProbeOutcome?] = []
        let batch = 1024, lanes = ProcessInfo.processInfo.activeProcessorCount
        for index in files.indices {
            let file = files[index]
            if index % batch == 0, let probeCache {
                let range = index..<min(files.count, index + batch)
                let answers = Locked([ProbeOutcome?](repeating: nil, count: range.count))
                DispatchQueue.concurrentPerform(iterations: lanes) { [probe] lane in
                    for offset in stride(from: lane, to: range.count, by: lanes)
                    where files[range.lowerBound + offset].isProbed {
                        let answer = probeCache.answer(for: files[range.lowerBound + offset], options: probe)
                        if answer != nil { answers.withLock { $0[offset] = answer } }
                    }
                }
                known = answers.current
            }
            if !file.isProbed {
                guard let header = file.origin?.customItem?.declaredHeader else { continue }
                let outcome = ProbeOutcome.image(header)
                scanned.withLock { $0.record(outcome, file: file, number: index) }
                if let listener { Self.report(outcome, path: file.name, to: listener, counted: false) }
            } else if let known = known.isEmpty ? nil : known[index % batch] {
                scanned.withLock { $0.record(known, file: file, number: index) }
                // Said again (a failure is in every run's manifest), but not counted as read.
                if let listener { Self.report(known, path: file.name, to: listener, counted: false) }
            } else {
                probed.append(index)
            }
        }
        var roots = SourceRoots()
        let tasks = probed.map { index in
            WorkTask.probe(path: files[index].rawPath.flatMap(aliases.path(for:)) ?? files[index].path, options: probe,
                root: roots.root(of: files[index]))
        }
        listener?.receive(.started(phase: .scan, total: tasks.count))
        pool.probe(tasks, queueDepth: Self.probeQueueDepth) { [listener, probeCache, probed, probe] task, result in
            let index = probed[task]
            var outcome: ProbeOutcome
            switch result {
            case .success(.probe(let probed)): outcome = probed
            case .success(.produce), .success(.sheetPage):
                outcome = .failed(message: "the worker answered another question", reason: .crashed)
            case .failure(let failure): outcome = .failed(message: failure.message, reason: failure.reason, setting: failure.setting)
            }
            outcome = Self.judged(outcome, of: files[index])
            scanned.withLock { $0.record(outcome, file: files[index], number: index) }
            probeCache?.keep(outcome, for: files[index], options: probe)
            if let listener { Self.report(outcome, path: files[index].name, to: listener) }
        }
        var result = scanned.withLock { value -> Scanned in
            defer { value = Scanned(capacity: 0) }
            return value
        }
        // In walk order, whichever worker answered first; items are moved in place, never copied
        // into a second array (they are most of a large scan's memory).
        let walkOrder = result.files.indices.sorted { result.files[$0] < result.files[$1] }
        result.items.permute(by: walkOrder)
        result.files = walkOrder.map { result.files[$0] }
        return result
    }

    /// The readable files and their ids. Ids come from paths alone (not from the chosen order),
    /// so they never change with --order. They are shared out among every file named like
    /// media, readable or not, so that a file failing today does not shift its neighbours'
    /// ids. Two inputs may hold the same relative path: they are kept apart by suffix, stably.
    /// A file keeps the id the site's last manifest gave it (``keptIDs``).
    private func identify(_ scanned: Scanned, found: Found) -> (files: [InputFile], ids: [String]) {
        let entryFiles = scanned.files.map { found.files[$0] }
        // By bytes: two spellings of `café.jpg` (NFC, NFD) are two files, and `String` takes them for one.
        let entryPaths = Set(entryFiles.map { $0.rawPath ?? Array($0.path.utf8) })
        let holders = entryFiles + found.namedLikeMedia.filter { !entryPaths.contains($0.rawPath ?? Array($0.path.utf8)) }
        let kept = keptIDs.map { $0.ids.ids(of: holders, paths: $0.paths) } ?? []
        let ids = Array(ItemIdentifier.uniqueIDs(forRelativePaths: holders.map(\.relativePath), kept: kept).prefix(entryFiles.count))
        return (entryFiles, ids)
    }

    /// Gives items their ids and words, and puts them in gallery order, in place. Returns the
    /// sort keys a part records (`--shard`), in the new order; empty otherwise.
    private func order(_ items: inout [Item], ids: [String], files: [InputFile], albums: [String]?, embedded scanned: Scanned,
                       texts: inout GalleryText, walkIndex: [String: Int]) -> [RecordedSortKey] {
        var sortKeys: [SortKey] = []
        sortKeys.reserveCapacity(ids.count)
        for index in items.indices {
            items[index].id = ids[index]
            items[index].album = albums?[index]
            let text = texts.apply(toFile: index, files[index], embedded: scanned.embedded[scanned.files[index]], item: &items[index])
            files[index].origin?.customItem?.applyText(to: &items[index])
            var key = SortKey(file: files[index], takenAt: items[index].takenAt)
            key.captionsPosition = texts.captionsPosition(ofFile: index)
            if options.order == .sidecar { key.sidecarOrders = texts.folderOrders(of: files[index]) + [text.order] }
            sortKeys.append(key)
        }
        let order = ItemSorter.order(sortKeys, by: options.order, reverse: options.reverse)
        items.permute(by: order)
        guard options.shard != nil else { return [] }
        return order.map { index in
            RecordedSortKey(sortKeys[index], walk: walkIndex[sortKeys[index].file.path] ?? 0, order: options.order)
        }
    }

    /// What the probes said, boiled down.
    struct Scanned {
        /// Readable files: their item (no id yet), and their place in the walk's list.
        var items: [Item] = []
        var files: [Int] = []
        /// The embedded text of the few files that have any, by their place in the walk.
        var embedded: [Int: EmbeddedText] = [:]
        /// Apple's Live Photo identifiers of the photos and clips that have one, by their place in the walk.
        var contentIdentifiers: [Int: String] = [:]
        var errors: [ItemError] = []
        var needsColourTransform = Set<String>()
        var renderingIntents: [String: RenderingIntent] = [:]

        /// Room for `capacity` files from the start: a growing array of items copies itself.
        init(capacity: Int) {
            items.reserveCapacity(capacity)
            files.reserveCapacity(capacity)
        }

        mutating func record(_ outcome: ProbeOutcome, file: InputFile, number: Int) {
            switch outcome {
            case .image(let header):
                items.append(MediaScanner.item(file, header))
                files.append(number)
                if let text = header.text { embedded[number] = text }
                if let identifier = header.contentIdentifier { contentIdentifiers[number] = identifier }
                if header.needsColourTransform ?? true { needsColourTransform.insert(file.path) }
                renderingIntents[file.path] = header.intent
            case .video(let header):
                items.append(MediaScanner.item(file, header))
                files.append(number)
                if let text = header.text { embedded[number] = text }
                if let identifier = header.contentIdentifier { contentIdentifiers[number] = identifier }
            case .ignored:
                break
            case .failed(let message, let reason, let setting):
                errors.append(ItemError(path: file.name, message: message, reason: reason, setting: setting))
            }
        }
    }

    /// Header reads kept queued per worker: they take a millisecond, where a round trip shows.
    static let probeQueueDepth = 4

    /// Tells `listener` how one file's probe went.
    static func report(_ outcome: ProbeOutcome, path: String, to listener: ProgressListener, counted: Bool = true) {
        let status: ProgressEvent.ItemStatus
        switch outcome {
        case .image(let header):
            // Damage is always said (it is in the manifest too); metadata oddities
            // ("unknown EXIF resolution unit") only with --verbose.
            for warning in header.warnings ?? [] {
                listener.receive(header.damaged == true ? .warning(path: path, message: warning) : .note(path: path, message: warning))
            }
            status = header.damaged == true ? .damaged : .ok
        case .video(let header):
            if let damage = header.damage {
                listener.receive(.warning(path: path, message: "damaged: \(damage), kept", setting: .allowDamaged))
            }
            status = header.damaged == true ? .damaged : .ok
        case .ignored(let reason):
            listener.receive(.note(path: path, message: "ignored: \(reason)"))
            status = .ignored
        case .failed(let message, let reason, let setting):
            listener.receive(.error(path: path, message: message, reason: reason, setting: setting))
            status = .failed
        }
        if counted { listener.receive(.item(phase: .scan, path: path, status: status)) }
    }
}

extension MediaScanner {
    static func source(_ file: InputFile, sha256: String?) -> Item.Source {
        Item.Source(path: file.path, bytes: file.bytes, url: file.origin?.url, sha256: sha256,
            pathBytes: file.rawPath.map { Data($0).base64EncodedString() })
    }

    static func item(_ file: InputFile, _ header: ImageHeader) -> Item {
        if let custom = file.origin?.customItem { return custom.item(file, header) }
        var item = Item(id: "", format: header.format, width: header.width, height: header.height, orientation: header.orientation,
            hasAlpha: header.hasAlpha ? true : nil, takenAt: header.takenAt, pages: header.pages, damaged: header.damaged,
            source: source(file, sha256: header.sha256))
        item.camera = header.camera
        item.exposure = header.exposure
        item.motion = header.motion.map(Motion.init(motionPhotoClip:))
        item.raw = header.raw.map(ItemRaw.init)
        return item
    }

    static func item(_ file: InputFile, _ header: VideoHeader) -> Item {
        var item = Item(id: "", kind: .video, format: header.format, width: header.width, height: header.height,
            takenAt: header.takenAt, damaged: header.damaged, source: source(file, sha256: header.sha256))
        item.duration = header.duration
        item.durationLabel = DurationLabel.text(for: header.duration)
        item.codec = header.codec
        item.fps = header.fps
        item.hasAudio = header.hasAudio
        item.coding = header.coding
        item.hdr = header.hdr
        return item
    }
}

public enum ScanError: SettingProblem, Equatable, Sendable {
    case initialIndexOutOfRange(Int, count: Int)
    /// A URL or an inline SVG (named) and no cache folder to keep it in (`scan` without `--cache`).
    case cacheFolderNeeded(String)

    /// `--initial-index` must name an item; on an empty gallery only 0 is allowed.
    static func check(initialIndex: Int, count: Int) throws(ScanError) {
        guard count == 0 ? initialIndex == 0 : (0..<count).contains(initialIndex) else {
            throw .initialIndexOutOfRange(initialIndex, count: count)
        }
    }

    public var sentence: SettingText {
        switch self {
        case .initialIndexOutOfRange(let index, let count):
            count == 0
                ? "\(Setting.initialIndex) \(index) is out of range: the gallery is empty"
                : "\(Setting.initialIndex) \(index) is out of range: the gallery has \(count) items (0 to \(count - 1))"
        case .cacheFolderNeeded(let name):
            "\(name) is kept in a cache folder before it is read: give one with \(Setting.cache) DIR (scan writes no other files)"
        }
    }
}
