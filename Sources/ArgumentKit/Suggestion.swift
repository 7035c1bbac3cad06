import Foundation

/// "Did you mean …?" suggestions based on Levenshtein edit distance.
///
/// Used by the parser for unknown commands, unknown long options and
/// `.choice` values; public so callers can give matching hints elsewhere.
public enum Suggestion {
    /// The Levenshtein distance between `a` and `b`: the fewest single-character
    /// insertions, deletions or substitutions (each costing 1) that turn one into
    /// the other. Compares `Character`s exactly (case-sensitive).
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The candidate `input` most plausibly was meant to be, or nil.
    ///
    /// Comparison ignores case. A candidate qualifies when one of the two is a
    /// prefix of the other, or when the edit distance is at most 2 and smaller
    /// than the input's length (so `x` never "means" `y`). Candidates that start
    /// with the input (abbreviations) rank first; then the smallest distance wins,
    /// and ties go to the earlier candidate.
    public static func closest(to input: String, among candidates: [String]) -> String? {
        let needle = input.lowercased()
        guard !needle.isEmpty else { return nil }
        var best: (candidate: String, rank: (Int, Int))?
        for candidate in candidates {
            let hay = candidate.lowercased()
            guard !hay.isEmpty else { continue }
            let d = distance(needle, hay)
            let abbreviates = hay.hasPrefix(needle)
            guard abbreviates || needle.hasPrefix(hay) || (d <= 2 && d < needle.count) else { continue }
            let rank = (abbreviates ? 0 : 1, d)
            if best == nil || rank < best!.rank {
                best = (candidate, rank)
            }
        }
        return best?.candidate
    }
}
