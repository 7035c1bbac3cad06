import Foundation

extension ItemExecutor {
    /// Runs `count` jobs, each made by `job` as it is started, in `order`, telling `listener`
    /// of each item (`item` names it) and `done` of each outcome, one call at a time.
    func execute(count: Int, order: [Int], job: @escaping @Sendable (Int) -> ItemJob, item: @escaping @Sendable (Int) -> Item,
                 listener: ProgressListener?, done: @escaping @Sendable (Int, ItemOutcome) -> Void) {
        listener?.receive(.started(phase: .render, total: count))
        execute(count: count, order: order, job: job, progress: { index, fraction in
            listener?.receive(.working(phase: .render, path: item(index).name, fraction: fraction))
        }) { index, outcome in
            // Named before `done` folds the outcome in (which marks a damaged item).
            let item = item(index)
            done(index, outcome)
            let path = item.name
            switch outcome {
            case .failed(let failure):
                listener?.receive(ItemError(path: path, failure).event)
                listener?.receive(.item(phase: .render, path: path, status: .failed))
            case .made(_, let damaged):
                // One line a file: the scan may have said it already.
                if damaged && item.damaged != true {
                    listener?.receive(.warning(path: path, message: "damaged: rendered what decodes", setting: .allowDamaged))
                }
                listener?.receive(.item(phase: .render, path: path, status: damaged ? .damaged : .ok))
            }
        }
    }
}

extension Item {
    /// Folds what was made of `planned` (this item's outputs, in order) into it; the
    /// failure when there is nothing to fold.
    mutating func fold(_ outcome: ItemOutcome?, of planned: [PlannedOutput]) -> ItemFailure? {
        switch outcome {
        case .made(let products, let damaged)?:
            var failure: ItemFailure?
            for (planned, product) in zip(planned, products) where !planned.output.fold(product, target: planned.target, into: &self) {
                failure = ItemFailure(.crashed, "the worker answered for another kind of output")
            }
            if damaged { self.damaged = true }
            if let method = planned.lazy.compactMap({ RawMethod(targetInput: $0.target.input) }).first {
                let (width, height) = (self.width, self.height)
                raw?.settle(method, width: width, height: height)
            }
            return failure
        case .failed(let failure)?:
            return failure
        case nil:
            return ItemFailure(.crashed, "no answer from the worker")
        }
    }
}

extension Manifest {
    /// Moves the items that failed (by index) to `errors`, keeping the initial item and the
    /// navigation between those left.
    mutating func settle(_ failures: [Int: ItemFailure]) {
        // In place: the items of a large gallery are not copied.
        if !failures.isEmpty {
            let failed = Set(failures.keys.map { items[$0].id })
            for (index, failure) in failures.sorted(by: { $0.key < $1.key }) {
                errors.append(ItemError(path: items[index].name, failure))
            }
            // The viewer still opens on the item asked for; if that one failed, on the one after it.
            if let initial = initialIndex {
                let ids = items.map(\.id)
                initialIndex = Navigation.initialIndex(askedFor: initial, in: ids, kept: ids.filter { !failed.contains($0) })
            }
            // A part records the items it lost, so that the merge can follow the initial item as
            // a single run does.
            if partial != nil {
                let dropped = failures.keys.sorted().map { items[$0] }.compactMap { item in
                    item.sortKey.map { DroppedItem(id: item.id, album: item.album, takenAt: item.takenAt, sortKey: $0) }
                }
                partial?.dropped = dropped.isEmpty ? nil : dropped
            }
            items.removeAll { failed.contains($0.id) }
        } else if partial != nil {
            partial?.dropped = nil
        }
        // A part's albums are records the merge fills; a whole gallery's lose the items that went.
        if albums != nil, partial == nil { AlbumTree.arrange(&self) } else { Navigation.link(&items, cyclic: cyclic) }
        errors.sort(by: ItemError.precedes)
    }
}
