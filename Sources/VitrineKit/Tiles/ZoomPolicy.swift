/// How a viewer may zoom a picture, as the settings a command was given: scales are relative
/// to the picture fitted in a viewport (1 = fitted, as a scroll view's zoom scale), the way
/// NIPhotoScrollView computes its maximum from the photo's real size.
public struct ZoomOptions: Codable, Hashable, Sendable {
    /// The screen a picture is fitted in: default ``defaultViewport`` (1920×1080).
    public var viewportWidth: Int = ZoomOptions.defaultViewport.width
    public var viewportHeight: Int = ZoomOptions.defaultViewport.height
    /// The smallest scale (0 < s ≤ 1): default ``defaultMinScale``, the fitted picture.
    public var minScale: Double?
    /// The largest scale (≥ 1): default the picture's own pixels, 1:1 on screen; never past
    /// that unless ``aboveOriginal``.
    public var maxScale: Double?
    /// Small pictures are fitted to the viewport (enlarged) and ``maxScale`` may go past 1:1:
    /// default off (a picture smaller than the viewport is shown at its own size).
    public var aboveOriginal = false
    /// What a double tap does: default `.zoom` (to ``DoubleTap/defaultScale``, or the largest
    /// scale when that is smaller).
    public var doubleTap: DoubleTap = .zoom
    /// The scale a `.custom` double tap zooms to (kept within the picture's scales).
    public var doubleTapScale: Double?

    public static let defaultViewport = (width: 1920, height: 1080)
    /// 1: no zooming out past the fitted picture.
    public static let defaultMinScale = 1.0

    public init(viewportWidth: Int = ZoomOptions.defaultViewport.width, viewportHeight: Int = ZoomOptions.defaultViewport.height,
                minScale: Double? = nil, maxScale: Double? = nil, aboveOriginal: Bool = false, doubleTap: DoubleTap = .zoom,
                doubleTapScale: Double? = nil) {
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.minScale = minScale
        self.maxScale = maxScale
        self.aboveOriginal = aboveOriginal
        self.doubleTap = doubleTap
        self.doubleTapScale = doubleTapScale
    }

    public enum Problem: SettingProblem, Equatable, Sendable {
        case viewport
        case minScale(Double)
        case maxScale(Double)
        case doubleTapScaleNeeded
        case doubleTapScaleUnused
        case doubleTapScale(Double)

        public var sentence: SettingText {
            switch self {
            case .viewport: "\(Setting.viewport) needs a width and a height (WxH)"
            case .minScale(let scale): "\(Setting.minScale) \(scale) is not above 0 and at most 1 (the fitted picture)"
            case .maxScale(let scale): "\(Setting.maxScale) \(scale) is below 1 (the fitted picture)"
            case .doubleTapScaleNeeded: "\(Setting.doubleTap) custom needs \(Setting.doubleTapScale) S"
            case .doubleTapScaleUnused: "\(Setting.doubleTapScale) only applies with \(Setting.doubleTap) custom"
            case .doubleTapScale(let scale): "\(Setting.doubleTapScale) \(scale) is not above 0"
            }
        }
    }

    func check() throws(Problem) {
        guard viewportWidth > 0, viewportHeight > 0 else { throw .viewport }
        if let minScale, !(minScale > 0 && minScale <= 1) { throw .minScale(minScale) }
        if let maxScale, !(maxScale >= 1) { throw .maxScale(maxScale) }
        switch (doubleTap, doubleTapScale) {
        case (.custom, nil): throw .doubleTapScaleNeeded
        case (.custom, let scale?) where !(scale > 0): throw .doubleTapScale(scale)
        case (.zoom, _?), (.none, _?): throw .doubleTapScaleUnused
        default: break
        }
    }
}

/// What a double tap does.
public enum DoubleTap: String, Codable, Hashable, Sendable, CaseIterable {
    /// Zooms in to twice the fitted size (or the largest scale, when smaller), and back out.
    case zoom
    /// Nothing.
    case none
    /// Zooms in to ``ZoomOptions/doubleTapScale``.
    case custom

    /// What `.zoom` zooms to: 2.
    public static let defaultScale = 2.0
}

/// A picture's zoom policy from its size and the options: a pure function.
public enum ZoomPolicy {
    /// The policy for a picture `width`×`height` (upright pixels).
    ///
    /// The fitted scale is the one that fits the picture in the viewport, but never above 1
    /// (a small picture is shown at its own size) unless `aboveOriginal`. The largest scale
    /// is where the picture's pixels are 1:1 on screen (native ÷ fitted), or `maxScale` when
    /// asked and, without `aboveOriginal`, not past 1:1; it is never below 1. Zoom is enabled
    /// when there is a range to zoom in (largest above smallest). A double tap that would not
    /// change the scale is `none`. Scales are rounded to 4 decimals.
    public static func zoom(width: Int, height: Int, options: ZoomOptions) -> Zoom {
        let width = Double(max(1, width)), height = Double(max(1, height))
        var fitted = min(Double(options.viewportWidth) / width, Double(options.viewportHeight) / height)
        if !options.aboveOriginal { fitted = min(fitted, 1) }
        let native = 1 / fitted
        var maxScale = native
        if let asked = options.maxScale { maxScale = options.aboveOriginal ? asked : min(asked, native) }
        maxScale = rounded(max(1, maxScale))
        let minScale = rounded(min(options.minScale ?? ZoomOptions.defaultMinScale, 1))
        var doubleTap = options.doubleTap
        var doubleTapScale: Double?
        switch doubleTap {
        case .zoom: doubleTapScale = min(DoubleTap.defaultScale, maxScale)
        case .custom: doubleTapScale = min(max(options.doubleTapScale ?? DoubleTap.defaultScale, minScale), maxScale)
        case .none: doubleTapScale = nil
        }
        if let scale = doubleTapScale.map(rounded), scale != 1 {
            doubleTapScale = scale
        } else {
            doubleTap = .none
            doubleTapScale = nil
        }
        return Zoom(enabled: maxScale > minScale, minScale: minScale, maxScale: maxScale, doubleTap: doubleTap,
            doubleTapScale: doubleTapScale, aboveOriginal: options.aboveOriginal)
    }

    /// 4 decimals: enough for any screen, and the same text on every machine.
    static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
