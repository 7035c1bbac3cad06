/// The gallery page's style sheet, put inline in `index.html` and allowed by its hash in the
/// page's Content-Security-Policy. Sizes the script sets come in as CSS variables (`--gap`)
/// or through the CSS object model, never as `style` attributes (which the policy forbids).
enum PageStyle {
    static let text = #"""
:root { --gap: 30px; --cell: 180px; --ink: #eee; --paper: #111; --muted: #aaa; --focus: #ffbf47; color-scheme: dark; }
* { box-sizing: border-box; }
html, body { margin: 0; background: var(--paper); color: var(--ink); font: 16px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
a { color: #9cf; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.gallery-head { padding: 24px max(var(--gap), 16px) 8px; }
.gallery-title { margin: 0 0 .2em; font-size: 1.8rem; font-weight: 700; }
.gallery-head h1 { margin: .2em 0 .3em; font-size: 1.4rem; }
.gallery-head h1:empty, .gallery-description:empty, .breadcrumbs:empty { display: none; }
.gallery-description { color: var(--muted); max-width: 60em; }
.breadcrumbs ol { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; color: var(--muted); }
.breadcrumbs li + li::before { content: "›"; padding: 0 .5em; }
.albums { list-style: none; margin: 0; padding: 8px max(var(--gap), 16px) 0; display: grid; gap: var(--gap);
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); }
.albums[hidden] { display: none; }
.album-cover { display: block; color: inherit; text-decoration: none; }
.album-cover .cover { position: relative; display: block; aspect-ratio: 4 / 3; overflow: hidden; background: #222; }
.album-cover canvas, .album-cover img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; display: block; }
.album-cover img { opacity: 0; transition: opacity .25s; }
.album-cover img.loaded { opacity: 1; }
.album-name { display: block; margin-top: .4em; font-weight: 600; }
.album-count { display: block; color: var(--muted); font-size: .9rem; }
.grid { list-style: none; margin: 0; padding: max(var(--gap), 16px); position: relative; }
.grid li { margin: 0; position: absolute; }
.cell { position: relative; display: block; width: 100%; aspect-ratio: 1; padding: 0; border: 0; margin: 0;
  overflow: hidden; background: #222; cursor: zoom-in; color: inherit; font: inherit; }
.cell canvas, .cell img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; display: block; }
.cell img { opacity: 0; transition: opacity .25s; }
.cell img.loaded { opacity: 1; }
.cell .missing { position: absolute; inset: auto 0 0 0; padding: 4px 8px; font-size: .8rem; color: var(--muted); text-align: left; }
.badge { position: absolute; z-index: 1; font: 600 13px/1 system-ui, sans-serif; color: #fff; pointer-events: none; }
.duration { right: 8px; bottom: 8px; padding: 4px 6px; border-radius: 4px; background: rgba(0, 0, 0, .55);
  text-shadow: 0 1px 2px rgba(0, 0, 0, .9); box-shadow: 0 2px 8px rgba(0, 0, 0, .45); }
.live { right: 8px; top: 8px; padding: 3px 6px; border-radius: 4px; font-size: 11px; letter-spacing: .04em;
  text-transform: uppercase; background: rgba(0, 0, 0, .55); text-shadow: 0 1px 2px rgba(0, 0, 0, .9); }
.selection { left: 8px; top: 8px; min-width: 26px; height: 26px; padding: 6px 7px; border-radius: 13px; text-align: center;
  background: #2f7cf6; box-shadow: 0 1px 6px rgba(0, 0, 0, .5); }
.empty { padding: 0 max(var(--gap), 16px); color: var(--muted); }
.viewer { position: fixed; inset: 0; z-index: 10; background: #000; overflow: hidden; touch-action: none; }
.viewer[hidden] { display: none; }
.strip { position: absolute; inset: 0; will-change: transform; }
.strip.moving { transition: transform .28s ease-out; }
.page { position: absolute; left: 0; top: 0; margin: 0; overflow: hidden; background: #000; }
.stage { position: absolute; inset: 0; overflow: hidden; }
.stage img, .stage video, .stage canvas { position: absolute; display: block; max-width: none; user-select: none; -webkit-user-drag: none; }
.stage .unplayable { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%); margin: 0; padding: 0.75em 1em; max-width: 80%; background: rgba(0, 0, 0, 0.75); color: #fff; border-radius: 6px; text-align: center; }
.motion-control { position: absolute; left: 50%; top: 12px; transform: translateX(-50%); z-index: 2; padding: 0.3em 0.7em; border: 1px solid rgba(255, 255, 255, 0.6); border-radius: 1em; background: rgba(0, 0, 0, 0.55); color: #fff; font: inherit; font-size: 0.8em; letter-spacing: 0.05em; cursor: pointer; }
.motion-control[aria-pressed="true"] { background: rgba(255, 255, 255, 0.85); color: #000; }
.stage .tiles { position: absolute; inset: 0; pointer-events: none; }
.stage .tiles img { position: absolute; }
.page figcaption { position: absolute; left: 0; right: 0; bottom: 0; padding: 12px 72px 16px; max-height: 40%; overflow: auto;
  background: linear-gradient(transparent, rgba(0, 0, 0, .75) 30%); color: var(--ink); pointer-events: auto; }
.page figcaption:empty { display: none; }
.page figcaption h2 { margin: 0 0 .2em; font-size: 1.05rem; }
.page figcaption p { margin: .3em 0; }
p.plain { white-space: pre-line; }
.viewer .counter { position: absolute; left: 16px; top: 12px; margin: 0; z-index: 2; padding: 4px 10px; border-radius: 14px;
  background: rgba(0, 0, 0, .5); font-variant-numeric: tabular-nums; }
.viewer button.control { position: absolute; z-index: 2; width: 48px; height: 48px; border: 0; border-radius: 24px;
  background: rgba(40, 40, 40, .7); color: #fff; font: 28px/48px system-ui, sans-serif; cursor: pointer; padding: 0; }
.viewer button.control:hover { background: rgba(80, 80, 80, .85); }
.viewer button.control[disabled] { opacity: .25; cursor: default; }
.viewer .close { right: 12px; top: 8px; }
.viewer .info-button { right: 68px; top: 8px; font: italic 600 22px/48px Georgia, serif; }
.viewer .info { position: absolute; z-index: 3; right: 12px; top: 64px; width: min(360px, calc(100% - 24px)); max-height: calc(100% - 80px);
  overflow: auto; padding: 12px 16px; border-radius: 8px; background: rgba(20, 20, 20, .92); }
.viewer .info[hidden] { display: none; }
.viewer .info dl { margin: 0; display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; }
.viewer .info dt { color: var(--muted); }
.viewer .info dd { margin: 0; overflow-wrap: anywhere; }
.viewer .info dd p { margin: 0 0 .3em; }
.viewer .prev { left: 12px; top: calc(50% - 24px); }
.viewer .next { right: 12px; top: calc(50% - 24px); }
.viewer.vertical .prev { left: calc(50% - 24px); top: 8px; }
.viewer.vertical .next { left: calc(50% - 24px); top: auto; bottom: 8px; }
.viewer.vertical .prev, .viewer.vertical .next { transform: rotate(90deg); }
@media (prefers-reduced-motion: reduce) { .strip.moving, .cell img, .album-cover img { transition: none; } }
"""#
}
