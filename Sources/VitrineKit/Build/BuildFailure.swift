import Foundation

extension SiteBuilder {
    /// Why a build stopped, each case with what failed and why; the text is in ``sentence``,
    /// whose settings the command words.
    public enum Failure: SettingProblem {
        /// The command line cannot work as given (`-o` a file): a usage error, nothing written.
        case usage(SettingText)
        case scan(ScanError)
        /// A source named on the command line is not there: a usage error, nothing written.
        case missingSource(path: String)
        /// The build would remove `removing` of the last build's `of` items, too many to do
        /// unasked (``BuildOptions/allowShrink``): stopped before anything was moved or removed.
        case shrink(removing: Int, of: Int)
        /// The site or its state folder cannot be made.
        case folder(path: String, underlying: any Error)
        /// Another build holds the site (or the lock cannot be taken).
        case lock(path: String, underlying: any Error)
        /// `manifest.json` (or a part's manifest) cannot be written.
        case manifest(path: String, underlying: any Error)
        /// `index.html` cannot be written.
        case page(underlying: any Error)
        /// `--merge` found no part in `folder`.
        case noParts(folder: String)
        /// `--merge`: a part's manifest cannot be read.
        case unreadablePart(path: String, reason: ConfinedRead.Failure)
        /// `--merge`: the parts cannot be joined.
        case parts(underlying: any Error)
        /// The state store at `path` failed at `step`.
        case state(StateStep, path: String, underlying: any Error)
        /// Stopped by the executor's cancellation (a signal): what was finished is in the state.
        case cancelled

        /// What the build was doing with its state when it failed.
        public enum StateStep: Sendable {
            case open, recordSources, read, recordOutputs, recordRemovals, recordSheets, recordSearchNumbers, recordBuild
        }

        /// Whether the command line cannot work as given (exit 2): nothing was written.
        public var isUsage: Bool {
            switch self {
            case .usage, .missingSource: true
            default: false
            }
        }

        public var sentence: SettingText {
            switch self {
            case .usage(let sentence): sentence
            case .scan(let error): error.sentence
            case .noParts(let folder): "no parts to merge in \(folder) (build them with \(Setting.shard) K/N)"
            case .folder(_, let underlying as any SettingProblem), .parts(let underlying as any SettingProblem): underlying.sentence
            default: SettingText(stringLiteral: text)
            }
        }

        /// The sentence of a failure that names no setting.
        private var text: String {
            switch self {
            case .usage, .scan, .noParts, .folder(_, _ as any SettingProblem), .parts(_ as any SettingProblem): sentence.description
            case .missingSource(let path): path.isEmpty ? "an empty SRC names no file" : "\(path): no such file or folder"
            case .shrink(let removing, let last): "the build would remove \(removing) of the \(last) items of the last build"
            case .folder(_, let underlying), .lock(_, let underlying): "\(underlying)"
            case .manifest(let path, let underlying):
                // An AtomicFileError names the path already.
                underlying is AtomicFileError ? "\(underlying)" : "cannot write \(path): \(underlying)"
            case .page(let underlying): "cannot write the page: \(underlying)"
            case .unreadablePart(let path, let reason): "cannot read \(path): \(reason)"
            case .parts(let underlying): "cannot join the parts: \(underlying)"
            case .state(let step, let path, let underlying): Self.stateText(step, path: path, reason: Self.reason(underlying))
            case .cancelled: "stopped: the next build resumes from what was finished"
            }
        }

        /// An underlying failure's own words; SQLite's name the database, which the sentence names already.
        private static func reason(_ underlying: any Error) -> String {
            (underlying as? SQLiteDatabase.Failure)?.message ?? "\(underlying)"
        }

        private static func stateText(_ step: StateStep, path: String, reason: String) -> String {
            switch step {
            case .open: "the build's state \(path) cannot be used: \(reason)"
            case .recordSources: "cannot record the sources in the build's state \(path): \(reason)"
            case .read: "cannot read the build's state \(path): \(reason) (remove it to build everything again)"
            case .recordOutputs: "cannot record the outputs in the build's state \(path): \(reason)"
            case .recordRemovals: "cannot record the removals in the build's state \(path): \(reason)"
            case .recordSheets: "cannot record the sheets in the build's state \(path): \(reason)"
            case .recordSearchNumbers: "cannot record the search's item numbers in the build's state \(path): \(reason)"
            case .recordBuild: "cannot record the build in the build's state \(path): \(reason)"
            }
        }
    }
}
