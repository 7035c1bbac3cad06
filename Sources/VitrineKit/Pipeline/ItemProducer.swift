import VipsKit

/// Makes one item's outputs: the per-item step of every command, run by a worker process for
/// each ``ItemJob`` (and in-process by tests, through the same call).
///
/// The source is decoded once (``ItemPicture``) for every output; outputs that read pixels
/// run first, those that read more of the source first (then in plan order), and those that
/// can work from any whole picture (placeholders) after them. Everything made is staged and put in place only once the decoder has had its
/// say, so a file found damaged never replaces a good output of an earlier run.
public enum ItemProducer {
    public static func produce(_ job: ItemJob) -> ItemOutcome {
        let staging = Staging(outputFolder: job.outputFolder)
        // The output being made when a failure came, to name it.
        var making: PlannedOutput?
        let (made, warnings) = Warnings.collecting { () -> Result<[AnyProduct], Error> in
            do {
                let plan = job.outputs + job.companions
                let planOrder = makingOrder(plan)
                let picture = ItemPicture(source: job.source, readerScales: plan.compactMap(\.target.sourceScale),
                    fills: planOrder.compactMap { plan[$0].output.filledBox(for: plan[$0].target) })
                var products = [AnyProduct?](repeating: nil, count: job.outputs.count)
                for index in planOrder where index < job.outputs.count {
                    let planned = job.outputs[index]
                    making = planned
                    products[index] = try planned.output.make(planned.target, from: picture, staging: staging)
                }
                return .success(products.map { $0! })
            } catch {
                return .failure(error)
            }
        }
        let damage = warnings.filter { !ImageProbe.isMetadataWarning($0) }
        // Outputs of other bytes than the scan read (and the manifest describes) are not put in
        // place; a decoder failure then says nothing of the file the scan read either.
        if let stamp = job.source.stamp, !FileStat.isGone(job.source.path), !stamp.stillHolds(at: job.source.path) {
            staging.discard()
            return .failed(changed)
        }
        switch made {
        case .failure(let error):
            staging.discard()
            return .failed(failure(error, damage: damage, path: job.source.path, outputFolder: job.outputFolder,
                output: making?.target.paths.first.map { Path.join(job.outputFolder, $0) }))
        case .success(let products):
            if !damage.isEmpty && !job.source.allowDamaged {
                staging.discard()
                return .failed(.damaged(damage.joined(separator: "; ")))
            }
            do { try staging.commit() } catch { return .failed(error) }
            return .made(products, damaged: !damage.isEmpty)
        }
    }

    /// What a job whose source changed while it was made fails with.
    static let changed = ItemFailure(.changed, "changed while its outputs were made")

    /// The order `outputs` are made in: borrowers last; readers largest first, so a smaller box
    /// can be cut from a larger one.
    static func makingOrder(_ outputs: [PlannedOutput]) -> [Int] {
        outputs.indices.sorted { a, b in
            let (first, second) = (outputs[a].target.sourceScale, outputs[b].target.sourceScale)
            if (first == nil) != (second == nil) { return second == nil }
            if let first, let second, first != second { return first > second }
            return a < b
        }
    }

    /// The typed failure for what an output threw. A failure of the output side (a full disk, a
    /// read-only folder: ``OutputSide``) is a write failure, whoever reported it.
    /// - Parameter output: the output being made (its first path), to name in a write failure.
    static func failure(_ error: Error, damage: [String], path: String, outputFolder: String, output: String? = nil) -> ItemFailure {
        let outputSide = { (message: String) in OutputSide.isAtFault(message, source: path, outputFolder: outputFolder) }
        let cannotWrite = { (message: String) in ItemFailure.write(OutputSide.sentence(message, output: output, outputFolder: outputFolder)) }
        // A source removed since the scan read it makes any decoder fail: no damage, it is gone.
        let sourceFailure = { (failure: ItemFailure) in
            FileStat.isGone(path) ? ItemFailure(.notFound, "removed since the scan read it") : failure
        }
        switch error {
        case let failure as ItemFailure:
            return failure
        case let failure as OutputSideFailure:
            return cannotWrite(failure.message)
        case let failure as DecodeFailure:
            let message = failure.error.message(about: path)
            return outputSide(message) ? cannotWrite(message) : sourceFailure(damaged(failure.error, damage: damage, path: path))
        case let failure as VipsError:
            let message = failure.message(about: path)
            return outputSide(message) ? cannotWrite(message) : sourceFailure(damaged(failure, damage: damage, path: path))
        case let failure as Subprocess.Failure:
            return outputSide(failure.description) ? cannotWrite(failure.description) : sourceFailure(.unsupported(failure.description))
        default:
            return sourceFailure(.unreadable("\(error)"))
        }
    }

    /// The header read fine in the scan, so a decoder failure here is damage; libvips' bare
    /// "… failed" says less than the warnings it raised on the way.
    private static func damaged(_ error: VipsError, damage: [String], path: String) -> ItemFailure {
        let message = error.message(about: path)
        return .damaged(message.hasSuffix(" failed") && !damage.isEmpty ? damage.joined(separator: "; ") : message)
    }
}
