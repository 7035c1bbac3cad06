/// The label a gallery puts on a video thumbnail, as in seed 002's `m:ss` label.
public enum DurationLabel {
    /// Whole seconds by truncation (`Int(duration)`): `0:01` for 1.6 s, `1:05` for 65.4 s,
    /// `1:00:00` from an hour on. nil when the duration is unknown, not finite or not positive.
    public static func text(for duration: Double?) -> String? {
        guard let duration, duration.isFinite, duration > 0 else { return nil }
        let total = Int(duration)
        let hours = total / 3600, minutes = (total % 3600) / 60, seconds = total % 60
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(seconds))" : "\(minutes):\(twoDigits(seconds))"
    }
}
