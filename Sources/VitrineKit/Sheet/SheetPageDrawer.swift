import Foundation
import VipsKit

/// Draws contact-sheet pages and reports each as it is done: the worker pool in a command (a
/// page is one more job of it, so pages are drawn in parallel and the main process never
/// holds their pixels), ``InProcessPageDrawer`` in tests.
public protocol SheetPageDrawer: Sendable {
    /// Draws every page of `pages` and calls `completion` once per page (serialised), as each is
    /// done. Once the run is cancelled, pages not started are never drawn and get no completion.
    /// - Parameter isCancelled: asked between pages by a drawer that has no cancellation of its own.
    func drawPages(_ pages: [SheetPageJob], isCancelled: @escaping @Sendable () -> Bool,
                   completion: @escaping @Sendable (Int, SheetPageAnswer) -> Void)
}

extension WorkerPool: SheetPageDrawer {
    public func drawPages(_ pages: [SheetPageJob], isCancelled: @escaping @Sendable () -> Bool,
                          completion: @escaping @Sendable (Int, SheetPageAnswer) -> Void) {
        // One page at a time a worker: a page takes long enough that a queue would only leave
        // one worker drawing alone at the end.
        run(count: pages.count, queueDepth: 1, task: { .sheetPage(pages[$0]) }) { index, result in
            switch result {
            case .success(.sheetPage(let answer)): completion(index, answer)
            case .success:
                completion(index, SheetPageAnswer(outcome: .failed(ItemFailure(.crashed, "the worker answered another question"))))
            case .failure(let failure): completion(index, SheetPageAnswer(outcome: .failed(failure.pageFailure)))
            }
        }
    }
}

extension WorkFailure {
    /// The failure as the manifest records it for a contact-sheet page.
    var pageFailure: ItemFailure {
        if case .crashed(let detail) = self { return ItemFailure(.crashed, "the worker drawing this page crashed (\(detail))") }
        return itemFailure
    }
}

/// Draws pages in this process, a page per core at a time, as a worker does.
public struct InProcessPageDrawer: SheetPageDrawer {
    public init() {}

    public func drawPages(_ pages: [SheetPageJob], isCancelled: @escaping @Sendable () -> Bool,
                          completion: @escaping @Sendable (Int, SheetPageAnswer) -> Void) {
        guard !pages.isEmpty else { return }
        Self.withLibvipsSetForPages {
            let lanes = max(1, min(ProcessInfo.processInfo.activeProcessorCount, pages.count))
            let heard = Locked(())  // one completion at a time, whichever page is done first
            let numbers = NumberBadges()  // the digits are rendered once for every page
            DispatchQueue.concurrentPerform(iterations: lanes) { lane in
                for index in stride(from: lane, to: pages.count, by: lanes) {
                    // Stopped: the pages left are not drawn (nor listed).
                    if isCancelled() { break }
                    let answer = pages[index].draw(numbers: numbers)
                    heard.withLock { _ in completion(index, answer) }
                }
            }
        }
    }

    /// Runs `draw` with libvips set for drawing pages in this process, and puts it back after.
    private static func withLibvipsSetForPages(_ draw: () -> Void) {
        // Every operation of a page is used once: libvips' cache would keep them, and with them
        // the cells they read (measured: every cell of a 2,000-item gallery alive at the end).
        // (libvips is started first: its cache does not exist before.) liborc writes its code
        // files in XDG_RUNTIME_DIR, else HOME: this process gets a private folder, as the
        // workers do, kept until the pages are drawn.
        let scratch = ScratchFolder()
        let restore = scratch.useInThisProcess()
        defer {
            restore()
            scratch.remove()
        }
        let started = (try? Vips.initialize()) != nil
        let cacheMax = started ? Vips.operationCacheMax : 0
        if started { Vips.setOperationCacheMax(0) }
        defer { if started { Vips.setOperationCacheMax(cacheMax) } }
        // ORC (libvips 8.14's SIMD, here for the badges' blur) compiles and frees its code from
        // the threads that build and drop operations, and two lanes doing so at once corrupt
        // its code memory (measured: a crash within a few hundred pages, never with it off).
        // Off for one lane too: its code rounds otherwise, and a page drawn alone (the one page
        // whose caption changed) must be the same bytes as when every page is drawn. A worker
        // turns it off for a page too (``SheetPageJob/drawnInWorker()``).
        let vectorised = started && Vips.vectorEnabled
        if vectorised { Vips.vectorEnabled = false }
        defer { if vectorised { Vips.vectorEnabled = true } }
        draw()
    }
}
