/// Probe answers kept from an earlier run, so that a file that has not changed is not read
/// again (an incremental build's state store provides one). Called from the pool's threads,
/// one call at a time.
public protocol ProbeCache: AnyObject, Sendable {
    /// The answer given for `file` with these options, if the file has not changed since.
    func answer(for file: InputFile, options: ProbeOptions) -> ProbeOutcome?
    /// Keeps a fresh answer.
    func keep(_ outcome: ProbeOutcome, for file: InputFile, options: ProbeOptions)
}
