import Foundation
import VipsKit

/// What lets a rebuild that has nothing to do know it from the state and its sources' `stat`
/// alone, without reading any output's product back, folding items, or encoding the manifest.
///
/// A complete build (every planned output made, the manifest and page written) notes a
/// fingerprint of everything they came from: the options, the vitrine program itself with its
/// rendering and manifest versions (the items and captions files are read into the options),
/// and every file its walk found (path, size, modification time and ctime to the nanosecond,
/// inode: an edit in place that puts the modification time back still moves the ctime). A
/// later build whose
/// fingerprint is the one noted, whose manifest and page are the files that build wrote, and
/// whose every recorded output, sheet page and page data piece is still in place is unchanged: it says again
/// what the last one said of its files, and stops. Any other build removes the note before it
/// changes anything, so a build killed halfway never leaves one that lies.
struct UnchangedBuild: Codable {
    static let noteKey = "unchanged"

    var fingerprint: String
    /// The manifest's counts, for the summary and the exit status.
    var items: Int
    var errors: Int
    /// Rows of the state's outputs.
    var outputs: Int
    /// The sheet pages, and the gallery page's data pieces, below the site.
    var pages: [String]
    var pieces: [String]
    /// `manifest.json` and `index.html` as the build wrote them (no page: nil).
    var manifest: FileStamp
    var page: FileStamp?
    /// `iiif-manifest.json` as the build wrote it (``BuildOptions/iiifManifest``; else nil).
    var presentation: FileStamp?
    /// What the build said of its files once they were walked (damage, caption problems,
    /// failures): said again by the unchanged build, as a full rebuild would.
    var said: [Said]

    struct Said: Codable, Equatable {
        enum Kind: String, Codable { case warning, note, error }
        var kind: Kind
        var path: String
        var message: String
        var reason: ErrorReason?
        var setting: Setting?

        init?(_ event: ProgressEvent) {
            switch event {
            case .warning(let path, let message, let setting):
                (kind, self.path, self.message, self.setting) = (.warning, path, message, setting)
            case .note(let path, let message, let setting):
                (kind, self.path, self.message, self.setting) = (.note, path, message, setting)
            case .error(let path, let message, let reason, let setting):
                (kind, self.path, self.message, self.reason, self.setting) = (.error, path, message, reason, setting)
            default: return nil
            }
        }

        var event: ProgressEvent {
            switch kind {
            case .warning: .warning(path: path, message: message, setting: setting)
            case .note: .note(path: path, message: message, setting: setting)
            case .error: .error(path: path, message: message, reason: reason ?? .unreadable, setting: setting)
            }
        }
    }

    /// The fingerprint of a build of `gathered` with `options`; nil when a build of these inputs
    /// cannot be known unchanged from their files: an input that is not a local folder, an
    /// items file naming files or URLs (a single file's sidecars are outside any walk; a server
    /// may send a new picture), a part of a build, or `--force`.
    static func fingerprint(of gathered: MediaScanner.Gathered, inputs: [InputPath], options: BuildOptions,
                            extraOutputs: [AnyOutput] = []) -> String? {
        guard !options.force, options.scan.shard == nil, !inputs.isEmpty, inputs.allSatisfy(isLocalFolder),
            options.scan.items?.inputs.allSatisfy({ if case .custom = $0 { true } else { false } }) ?? true,
            !gathered.found.files.contains(where: { if case .remote? = $0.origin { true } else { false } })
        else { return nil }
        var text = "vitrine-unchanged/1\n\(VitrineVersion.string)\n\(Manifest.schemaVersion)\n\(RenderingVersion.current)\n"
        // Another vitrine may write another manifest from the same files: its program file is
        // part of the fingerprint, so the first build after an upgrade decides item by item.
        text += (Bundle.main.executablePath.flatMap { path in FileStamp(path: path).map { path + " " + CanonicalText.of($0) } } ?? "?") + "\n"
        text += CanonicalText.of(options) + "\n" + CanonicalText.of(extraOutputs) + "\n"
        // The items and captions files are read into the options, and so are part of their text.
        text += CanonicalText.of(gathered.asked.displays) + "\n" + CanonicalText.of(gathered.found.errors) + "\n"
        var bytes = Array(text.utf8)
        bytes.reserveCapacity(bytes.count + gathered.found.files.count * 96)
        for file in gathered.found.files {
            bytes += file.rawPath ?? Array(file.path.utf8)
            bytes += Array("\t\(file.relativePath)\t\(file.inputIndex)\t\(file.bytes)\t\(file.modifiedNanoseconds)\t".utf8)
            bytes += Array("\(file.changedNanoseconds)\t".utf8)
            bytes += Array("\(file.identity.device):\(file.identity.inode)".utf8)
            if let origin = file.origin { bytes += Array(("\t" + CanonicalText.of(origin)).utf8) }
            bytes.append(0x0A)
        }
        return Checksum.sha256(of: Data(bytes))
    }

    private static func isLocalFolder(_ input: InputPath) -> Bool {
        guard input.bytes != [UInt8(ascii: "-")], RemoteURL.scheme(of: input.display) == nil, let status = input.status() else { return false }
        return status.st_mode & S_IFMT == S_IFDIR
    }

    /// The note, when the state holds one for `fingerprint`.
    static func noted(in state: StateStore, fingerprint: String) -> UnchangedBuild? {
        // Read with the JSON layer's decoder: what a large gallery's build said may be long.
        guard let data = state.note(noteKey), let document = try? JSONDocument(data),
            let note = try? JSONDocumentDecoder().decode(Self.self, from: document), note.fingerprint == fingerprint
        else { return nil }
        return note
    }

    /// Whether the site is still as the noted build left it: its manifest and page the files it
    /// wrote, its sheet pages in place, and every output the state records complete (checked as
    /// a rebuild checks a kept one), none set aside. Throws when the state cannot be read.
    func holds(in site: SiteFolder, state: StateStore, outputs: [AnyOutput], page pageFile: String?,
               presentation presentationFile: String?) throws -> Bool {
        guard FileStamp(path: Path.join(site.path, SiteBuilder.manifestName)) == manifest,
            pageFile.flatMap(FileStamp.init(path:)) == page, presentationFile.flatMap(FileStamp.init(path:)) == presentation
        else { return false }
        guard pages.allSatisfy({ FileStat.isFile(Path.join(site.path, $0)) }),
            pieces.allSatisfy({ FileStat.isFile(Path.join(site.path, $0)) })
        else { return false }
        let kinds = Dictionary(outputs.map { (OutputLedger.Key($0), $0) }, uniquingKeysWith: { first, _ in first })
        var rows = 0, complete = true
        try state.eachOutput(products: true) { _, output in
            rows += 1
            guard complete else { return }
            let key = OutputLedger.Key(kind: output.kind, identifier: output.identifier, renderingVersion: output.renderingVersion)
            guard !output.isStale, let kind = kinds[key] else { return complete = false }
            if kind.completenessReadsProduct {
                guard let product = OutputLedger.product(output.product) else { return complete = false }
                complete = kind.isComplete(output.target, product: product, in: site.path)
            } else {
                complete = output.target.exists(in: site.path)
            }
        }
        return complete && rows == self.outputs
    }

    /// The report of an unchanged build: nothing made, everything kept.
    func report() -> SiteBuilder.Report {
        var report = SiteBuilder.Report(manifest: Manifest())
        report.kept = outputs + pages.count
        report.unchangedCounts = (items, errors)
        report.unchanged = true
        return report
    }
}

/// Passes a build's events on, keeping what it says of its files (``UnchangedBuild/Said``)
/// while ``isKeeping``.
final class SaidRecorder: ProgressListener, @unchecked Sendable {
    private let next: ProgressListener?
    private let kept = Locked<[UnchangedBuild.Said]>([])
    private let keeping = Locked(false)

    init(passingTo next: ProgressListener?) { self.next = next }

    var isKeeping: Bool {
        get { keeping.current }
        set { keeping.withLock { $0 = newValue } }
    }

    var said: [UnchangedBuild.Said] { kept.current }

    func receive(_ event: ProgressEvent) {
        if keeping.current, let said = UnchangedBuild.Said(event) { kept.withLock { $0.append(said) } }
        next?.receive(event)
    }
}

/// Every stored value of a value, recursively, as text that is the same in every run: the
/// members of sets and dictionaries sorted (their order changes from one process to the
/// next), a value with no members by its debug description.
enum CanonicalText {
    static func of(_ value: Any) -> String {
        var text = ""
        write(value, to: &text)
        return text
    }

    private static func write(_ value: Any, to text: inout String) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .set?, .dictionary?:
            text += "{" + mirror.children.map { of($0.value) }.sorted().joined(separator: ",") + "}"
        case .optional?:
            if let wrapped = mirror.children.first { write(wrapped.value, to: &text) } else { text += "nil" }
        default:
            guard !mirror.children.isEmpty else {
                text += String(reflecting: value)
                return
            }
            text += "\(mirror.subjectType)("
            for child in mirror.children {
                text += (child.label ?? "") + ":"
                write(child.value, to: &text)
                text += ","
            }
            text += ")"
        }
    }
}
