import Foundation
import VipsKit

extension MediaScanner {
    /// Makes every file found something a worker can open, before any is read: remote images
    /// downloaded into the cache folder (or found current there), custom items' inline SVGs
    /// written there, their SVG files looked at. What cannot be had becomes an error named by
    /// its URL or declaration, and leaves the list. Throws when there is something to keep and
    /// no cache folder to keep it in.
    func prepareSources(_ found: inout Found) throws(ScanError) {
        var failures: [Int: ItemError] = [:]
        var kept: [Int] = []
        for (index, file) in found.files.enumerated() {
            switch file.origin {
            case .remote?: kept.append(index)
            case .custom(let item)?:
                switch item.svg {
                case .inline?: kept.append(index)
                case .file?: failures[index] = Self.look(at: &found.files[index])
                case nil: break
                }
            case nil: break
            }
        }
        if let first = kept.first {
            guard let folder = options.remote.cacheFolder else { throw .cacheFolderNeeded(found.files[first].name) }
            let cache = RemoteCache(folder: folder)
            var remote: [Int] = []
            for index in kept {
                guard case .custom(let item)? = found.files[index].origin, case .inline(let svg)? = item.svg else {
                    remote.append(index)
                    continue
                }
                do {
                    let written = try cache.file(forInlineSVG: svg)
                    found.files[index].path = written.path
                    found.files[index].bytes = written.bytes
                } catch {
                    failures[index] = ItemError(path: item.name, message: "cannot keep its SVG: \(error.description)", reason: .write)
                }
            }
            if !remote.isEmpty { fetch(remote, of: &found, into: cache, failures: &failures) }
        }
        guard !failures.isEmpty else { return }
        for index in failures.keys.sorted() {
            let error = failures[index]!
            found.errors.append(error)
            // Downloads were told of as they ended.
            if found.files[index].origin?.url == nil {
                listener?.receive(error.event)
            }
        }
        found.files = found.files.enumerated().filter { failures[$0.offset] == nil }.map(\.element)
    }

    /// Downloads the remote files at `indices`: each becomes its copy in the cache.
    private func fetch(_ indices: [Int], of found: inout Found, into cache: RemoteCache, failures: inout [Int: ItemError]) {
        let names = indices.map { found.files[$0].name }
        // The URL as given, user info and query included; `names` are what messages show.
        let urls = indices.map { found.files[$0].origin?.url.flatMap(RemoteURL.parse) ?? URL(fileURLWithPath: "/") }  // the walk took only URLs that parse
        listener?.receive(.started(phase: .fetch, total: urls.count))
        let results = Locked([(result: Result<Download, FetchFailure>, attempts: Int)?](repeating: nil, count: urls.count))
        // A signal (the pool cancelled) stops the downloads too.
        RemoteFetcher(options: options.remote, cache: cache, isCancelled: { [pool] in pool.isCancelled }).fetch(urls) { [listener] event in
            switch event {
            case .retrying(let number, let failure, let attempt, let total, let delay):
                let again = "trying again in \(delay.formatted(maxFractionDigits: 1)) s (attempt \(attempt) of \(total))"
                listener?.receive(.note(path: names[number], message: "\(failure.message): \(again)", setting: failure.setting))
            case .finished(let number, let result, let attempts):
                results.withLock { $0[number] = (result, attempts) }
                switch result {
                case .success(let download):
                    if download.reused { listener?.receive(.note(path: names[number], message: "not modified: the cached copy is used")) }
                    listener?.receive(.item(phase: .fetch, path: names[number], status: .ok))
                case .failure(let failure):
                    listener?.receive(ItemError(path: names[number], failure.itemFailure(attempts: attempts)).event)
                    listener?.receive(.item(phase: .fetch, path: names[number], status: .failed))
                }
            }
        }
        for (number, index) in indices.enumerated() {
            switch results.current[number] {
            case (.success(let download), _)?:
                let walk = found.walkIndex.removeValue(forKey: found.files[index].path)
                found.files[index].path = download.path
                found.files[index].bytes = download.bytes
                found.files[index].modified = download.modified
                if let walk { found.walkIndex[download.path] = walk }
            case (.failure(let failure), let attempts)?:
                failures[index] = ItemError(path: names[number], failure.itemFailure(attempts: attempts))
            case nil:
                failures[index] = ItemError(path: names[number], message: "not downloaded", reason: .network)
            }
        }
    }

    /// A custom item's SVG file, which must be a regular file: its size and time, or the error.
    private static func look(at file: inout InputFile) -> ItemError? {
        var info = stat()
        guard stat(file.path, &info) == 0 else {
            let reason: ErrorReason = errno == EACCES ? .permission : .notFound
            return ItemError(path: file.name, message: "svg: \(InputWalker.describe(errno: errno))", reason: reason)
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return ItemError(path: file.name, message: "svg: not a regular file", reason: .unsupported) }
        file.bytes = Int(info.st_size)
        #if canImport(Darwin)
            file.modified = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
            file.modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
        return nil
    }

    /// A file asked for by URL or declaration is meant to be media: what a probe passes over
    /// quietly is an error, and a custom item's SVG must be an SVG.
    /// A download the decoders refused is said to be a web page when it is one (a sign-in page
    /// served in place of a photo is common): the bytes say so, whatever the server called them.
    static func judged(_ outcome: ProbeOutcome, of file: InputFile) -> ProbeOutcome {
        switch (outcome, file.origin) {
        case (.ignored, .remote?) where isHTML(file.path), (.failed(_, .unreadable, _), .remote?) where isHTML(file.path),
             (.failed(_, .unsupported, _), .remote?) where isHTML(file.path):
            return .failed(message: "not an image: the server sent an HTML page", reason: .unsupported)
        case (.ignored(let reason), .remote?):
            return .failed(message: "not an image: \(reason)", reason: .unsupported)
        case (.ignored(let reason), .custom?):
            return .failed(message: "svg: not an SVG (\(reason))", reason: .unsupported)
        case (.image(let header), .custom?) where header.format != "svg":
            return .failed(message: "svg: not an SVG but \(header.format.uppercased()) content", reason: .unsupported)
        case (.video(let header), .custom?):
            return .failed(message: "svg: not an SVG but a video (\(header.format))", reason: .unsupported)
        default:
            return outcome
        }
    }

    /// Whether the file begins (after white space and a byte-order mark) with `<!doctype html`
    /// or `<html`.
    static func isHTML(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 512)) ?? Data(), as: UTF8.self)
            .trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{FEFF}"))).lowercased()
        return head.hasPrefix("<!doctype html") || head.hasPrefix("<html")
    }
}
