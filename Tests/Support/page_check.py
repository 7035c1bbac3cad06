#!/usr/bin/env python3
"""Drive vitrine's gallery page in Debian's headless Chromium and report what it shows.

    page_check.py URL --report FILE [--manifest FILE] [--window WxH] [--screenshots DIR]
                  [--open I --presses K] [--zoom I] [--tiles I] [--gap-at I] [--xss] [--thumbhash]
                  [--journey ALBUM] [--deep-link ID] [--elements ALBUM]

Loads URL (file:// or http://) in a 1280x800 window and writes a JSON report of facts the
calling test asserts on: the cells of the view shown (order, badges, placeholders), the
history journey album list → album → item → Back → Back (--journey), an item opened by its
link with its info panel (--deep-link), the element count at the top, middle and end of a
large album (--elements), the viewer's counter after
key presses, zoom widths, tile levels, page rectangles, every request the page made (from the
DevTools network log that chromedriver gives with goog:loggingPrefs), console messages, and
with --xss what recorders installed before the page's own script saw (alert, print, fetch…)
and whether any element carries an on* attribute or a javascript: URL. Exit status 0 when the
report was written, 2 when the browser or a package is missing.

Selenium is given /usr/bin/chromedriver explicitly: it never downloads a driver. Run with the
project's .venv/bin/python3 (.ci/install-deps puts selenium and thumbhash-python there).
"""

import argparse
import base64
import json
import os
import sys
import time
from urllib.parse import quote

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    from thumbhash.decode import thumbhash_to_rgba
except ImportError as error:
    print(f"page_check: {error}; run .ci/install-deps, then this with .venv/bin/python3", file=sys.stderr)
    sys.exit(2)

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"

# Installed before any script of the page runs: each records its calls instead of acting.
RECORDERS = """
window.__vitrineCalls = [];
['alert', 'confirm', 'prompt', 'print', 'open', 'fetch'].forEach(function (name) {
  var record = function () { window.__vitrineCalls.push(name + ':' + Array.prototype.join.call(arguments, ',')); };
  try { Object.defineProperty(window, name, { value: record, writable: false, configurable: false }); } catch (e) { window[name] = record; }
});
"""

# Every element's attributes that run script or name a script URL.
DANGER = """
var found = [];
document.querySelectorAll('*').forEach(function (element) {
  Array.prototype.forEach.call(element.attributes, function (attribute) {
    var name = attribute.name.toLowerCase(), value = attribute.value.replace(/[\\u0000-\\u0020]/g, '').toLowerCase();
    if (name.indexOf('on') === 0) found.push(element.localName + ' ' + name);
    var icon = element.localName === 'link' && element.rel === 'icon' && attribute.value === 'data:,';  // the page's empty icon
    // A placeholder: the page's own BMP of a ThumbHash's pixels (src/thumbhash.js), a picture only.
    var placeholder = element.localName === 'img' && element.classList.contains('placeholder') && name === 'src'
      && /^data:image\/bmp;base64,[A-Za-z0-9+\/=]*$/.test(attribute.value);
    if (/^(javascript|vbscript|data):/.test(value) && name !== 'content' && !icon && !placeholder) found.push(element.localName + ' ' + name + '=' + attribute.value);
  });
  if (['iframe', 'object', 'embed', 'form', 'base', 'meta', 'link'].indexOf(element.localName) >= 0 && !element.closest('head')) found.push(element.localName);
});
var scripts = Array.prototype.map.call(document.scripts, function (s) { return s.getAttribute('src'); });
// A data piece's script element goes once it has run: what was loaded as a script, Resource
// Timing says (over http), named below the page's folder, or whole when it is not there.
var folder = location.href.split('#')[0].replace(/[^/]*$/, '');
performance.getEntriesByType('resource').forEach(function (entry) {
  if (entry.initiatorType !== 'script') return;
  var path = entry.name.indexOf(folder) === 0 ? entry.name.slice(folder.length) : entry.name;
  if (scripts.indexOf(path) < 0) scripts.push(path);
});
return { found: found, scripts: scripts, calls: window.__vitrineCalls || null };
"""


def browser(recorders, window="1280,800"):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=" + window, "--hide-scrollbars",
                     "--force-device-scale-factor=1", "--disable-background-networking", "--no-first-run"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    if recorders:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDERS})
    # The window's inside (innerWidth × innerHeight) is the size asked, whatever its frame takes.
    width, height = (int(part) for part in window.split(","))
    frame = driver.execute_script("return [outerWidth - innerWidth, outerHeight - innerHeight]")
    driver.set_window_size(width + frame[0], height + frame[1])
    return driver


def wait_for(driver, script, timeout=10.0):
    end = time.time() + timeout
    while time.time() < end:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.05)
    return driver.execute_script(script)


def settle(driver, seconds=0.4):
    """Lets slides end and images load."""
    time.sleep(seconds)
    wait_for(driver, "return Array.prototype.every.call(document.images, function (i) { return i.complete; })", 5)


def scheme(driver, name):
    """Emulates the reader's colour scheme, "light" or "dark" (prefers-color-scheme)."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": name}]})
    settle(driver, 0.3)


def cells(driver):
    return driver.execute_script("""
return Array.prototype.map.call(document.querySelectorAll('#grid .cell'), function (cell) {
  var badge = function (name) { var b = cell.querySelector('.badge.' + name); return b ? b.textContent : null; };
  var image = cell.querySelector('img:not(.placeholder)'), placeholder = cell.querySelector('img.placeholder');
  var colour = null;
  if (placeholder && placeholder.complete && placeholder.naturalWidth) {
    // Its pixels, drawn again here (a data: URL: the canvas stays readable).
    var canvas = document.createElement('canvas');
    canvas.width = placeholder.naturalWidth;
    canvas.height = placeholder.naturalHeight;
    canvas.getContext('2d').drawImage(placeholder, 0, 0);
    var data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data, sum = [0, 0, 0];
    for (var i = 0; i < data.length; i += 4) { sum[0] += data[i]; sum[1] += data[i + 1]; sum[2] += data[i + 2]; }
    colour = sum.map(function (v) { return v / (data.length / 4); });
  }
  var box = cell.getBoundingClientRect();
  return { index: Number(cell.getAttribute('data-index')), duration: badge('duration'), selection: badge('selection'), live: badge('live'),
    label: cell.getAttribute('aria-label'), alt: image ? image.alt : null, src: image ? image.getAttribute('src') : null,
    loading: image ? image.loading : null, srcset: image ? image.getAttribute('srcset') : null,
    sizes: image ? image.getAttribute('sizes') : null, currentSrc: image ? image.currentSrc : null,
    placeholderColour: colour, left: box.left, top: box.top, width: box.width, height: box.height };
});""")


def counter(driver):
    return driver.execute_script("return document.querySelector('#viewer .counter').textContent")


CELL = "#grid .cell[data-index=\"%d\"]"


def open_cell(driver, index):
    driver.execute_script("document.querySelector(arguments[0]).scrollIntoView()", CELL % index)
    driver.find_element("css selector", CELL % index).click()
    settle(driver)


def open_item(driver, item_id):
    """Opens an item by its URL, as a link followed in the page."""
    driver.execute_script("location.hash = '#/i/' + encodeURIComponent(arguments[0])", item_id)
    wait_for(driver, "var v = document.getElementById('viewer'); return !v.hidden && v.querySelector('.page[data-slot=\"0\"]');")
    settle(driver)


def element_count(driver):
    return driver.execute_script("return document.getElementsByTagName('*').length")


def press(driver, key):
    ActionChains(driver).send_keys(key).perform()
    time.sleep(0.05)


PICTURE = "var p = document.querySelector('.page[data-slot=\"0\"] img.picture'); return p ? p.getBoundingClientRect().width : null;"
TILES = """var layer = document.querySelector('.page[data-slot="0"] .tiles');
return layer ? { level: Number(layer.getAttribute('data-level')), urls: Array.prototype.map.call(layer.querySelectorAll('img'), function (i) { return i.getAttribute('src'); }) } : null;"""


def double_click_centre(driver):
    viewer = driver.find_element("css selector", "#viewer")
    ActionChains(driver).move_to_element(viewer).double_click().perform()
    settle(driver)


def requests(driver):
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def main(argv=None):
    parser = argparse.ArgumentParser(description="Report what vitrine's gallery page shows in Chromium.")
    parser.add_argument("url")
    parser.add_argument("--report", required=True)
    parser.add_argument("--screenshots")
    parser.add_argument("--open", type=int)
    parser.add_argument("--presses", type=int, default=0)
    parser.add_argument("--zoom", type=int)
    parser.add_argument("--tiles", type=int)
    parser.add_argument("--gap-at", type=int)
    parser.add_argument("--xss", action="store_true")
    parser.add_argument("--thumbhash", action="store_true")
    parser.add_argument("--manifest")
    parser.add_argument("--window", default="1280x800")
    parser.add_argument("--journey")
    parser.add_argument("--deep-link")
    parser.add_argument("--elements")
    parser.add_argument("--play-videos", action="store_true")
    args = parser.parse_args(argv)
    if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
        print("page_check: Debian's chromium and chromium-driver are needed (.ci/install-deps)", file=sys.stderr)
        return 2

    report = {}
    driver = browser(recorders=args.xss, window=args.window.replace("x", ","))
    try:
        driver.get(args.url)
        report["ready"] = wait_for(driver, "return document.documentElement.getAttribute('data-vitrine-ready')")
        settle(driver, 0.6)
        manifest = {"items": []}
        if args.manifest:
            with open(args.manifest) as source:
                manifest = json.load(source)
        report["title"] = driver.title
        report["cells"] = cells(driver)
        # The space between the first two cells of a row, as drawn.
        report["gridGap"] = driver.execute_script("""var a = document.querySelector('#grid .cell[data-index="0"]'), b = document.querySelector('#grid .cell[data-index="1"]');
if (!a || !b) return null; var r = a.getBoundingClientRect(), s = b.getBoundingClientRect();
return Math.round(s.left - r.right) + 'px';""")
        if args.screenshots:
            os.makedirs(args.screenshots, exist_ok=True)
            driver.save_screenshot(os.path.join(args.screenshots, "grid.png"))
        if args.thumbhash:
            report["thumbhash"] = compare_thumbhashes(driver, manifest)
        if args.open is not None:
            open_cell(driver, args.open)
            report["counters"] = [counter(driver)]
            report["focusInViewer"] = driver.execute_script("return document.getElementById('viewer').contains(document.activeElement)")
            if args.screenshots:
                driver.save_screenshot(os.path.join(args.screenshots, "viewer.png"))
            for _ in range(args.presses):
                press(driver, Keys.ARROW_RIGHT)
                report["counters"].append(counter(driver))
            # A swipe back: the mouse dragged right by 300 px goes to the previous item.
            ActionChains(driver).move_to_element(driver.find_element("css selector", "#viewer")).click_and_hold() \
                .move_by_offset(150, 0).move_by_offset(150, 0).release().perform()
            settle(driver)
            report["afterSwipe"] = counter(driver)
            press(driver, Keys.ESCAPE)
            report["closedByEscape"] = driver.execute_script("return document.getElementById('viewer').hidden")
            report["focusBackOnCell"] = driver.execute_script(
                "return document.activeElement && document.activeElement.getAttribute('data-index')")
            report["focusRing"] = driver.execute_script(
                "var s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth];")
        if args.gap_at is not None:
            open_cell(driver, args.gap_at)
            report["pages"] = driver.execute_script("""
return Array.prototype.map.call(document.querySelectorAll('#viewer .page'), function (page) {
  var box = page.getBoundingClientRect();
  return { slot: Number(page.getAttribute('data-slot')), left: box.left, top: box.top, width: box.width, height: box.height };
});""")
            report["vertical"] = driver.execute_script("return document.getElementById('viewer').classList.contains('vertical')")
            press(driver, Keys.ESCAPE)
        if args.zoom is not None:
            open_cell(driver, args.zoom)
            widths = [driver.execute_script(PICTURE)]
            double_click_centre(driver)
            widths.append(driver.execute_script(PICTURE))
            double_click_centre(driver)
            widths.append(driver.execute_script(PICTURE))
            report["zoomWidths"] = widths
            # The wheel, far past any limit: the picture stops at the item's largest scale.
            viewer = driver.find_element("css selector", "#viewer")
            for _ in range(6):
                ActionChains(driver).move_to_element(viewer).scroll_by_amount(0, -1500).perform()
            settle(driver, 0.3)
            report["wheelWidth"] = driver.execute_script(PICTURE)
            report["window"] = driver.execute_script("return [innerWidth, innerHeight]")
            press(driver, Keys.ESCAPE)
        if args.tiles is not None:
            open_cell(driver, args.tiles)
            before = driver.execute_script(TILES)
            double_click_centre(driver)
            ActionChains(driver).move_to_element(driver.find_element("css selector", "#viewer")).scroll_by_amount(0, -600).perform()
            settle(driver, 0.8)
            report["tiles"] = {"before": before, "after": driver.execute_script(TILES)}
            report["resources"] = driver.execute_script(
                "return performance.getEntriesByType('resource').map(function (e) { return e.name; })")
            press(driver, Keys.ESCAPE)
        if args.journey is not None:
            report["journey"] = journey(driver, args.journey)
        if args.deep_link is not None:
            report["deepLink"] = deep_link(driver, args.url, args.deep_link)
        if args.elements is not None:
            report["elements"] = elements(driver, args.url, args.elements)
        if args.xss:
            report["xss"] = walk_captions(driver, manifest)
        report["video"] = video_facts(driver, manifest)
        if args.play_videos:
            report["videos"] = every_video(driver, manifest)
        report["motion"] = motion_facts(driver, manifest)
        report["requests"] = requests(driver)
        report["console"] = driver.get_log("browser")
        if args.xss:
            report["xss"]["fixedPoint"] = fixed_points(driver, manifest)
    finally:
        driver.quit()
    with open(args.report, "w") as out:
        json.dump(report, out, indent=1)
    return 0


def thumbhash_module():
    """The page's ThumbHash module (Sources/page/src/thumbhash.js, which the bundle holds) as
    plain script, run in the page's browser: the page itself sets nothing on window for it."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../Sources/page/src/thumbhash.js")
    with open(path) as source:
        lines = [line for line in source.read().splitlines() if not line.startswith("import ")]
    return "\n".join(line[len("export "):] if line.startswith("export ") else line for line in lines)


THUMBHASH_MODULE = thumbhash_module()


def compare_thumbhashes(driver, manifest):
    """The page's decoder against thumbhash-python's on every item's hash: largest difference."""
    results = []
    for item in manifest["items"]:
        value = (item.get("placeholder") or {}).get("thumbhash")
        if not value:
            continue
        page = driver.execute_script(THUMBHASH_MODULE + "\nvar d = decodeThumbHash(thumbHashBytes(arguments[0]));"
                                     "return [d.width, d.height, Array.from(d.rgba)];", value)
        width, height, rgba = thumbhash_to_rgba(base64.b64decode(value))
        same_size = page[0] == width and page[1] == height
        difference = max(abs(a - b) for a, b in zip(page[2], rgba)) if same_size else None
        results.append({"id": item["id"], "pageSize": page[:2], "referenceSize": [width, height], "maxDifference": difference})
    return results


def walk_captions(driver, manifest):
    """Opens every item in the viewer (its caption in the DOM), then looks for anything live."""
    facts = {"visits": 0}
    if manifest["items"]:
        open_cell(driver, 0)
        for _ in manifest["items"]:
            facts["visits"] += 1
            facts.setdefault("captions", []).append(driver.execute_script(
                "var c = document.querySelector('.page[data-slot=\"0\"] figcaption'); return c ? c.innerHTML : null;"))
            press(driver, Keys.ARROW_RIGHT)
        time.sleep(0.3)
    facts["danger"] = driver.execute_script(DANGER)
    return facts


def fixed_points(driver, manifest):
    """Each caption's markup parsed by Chromium into a div and serialised again, on a blank
    page (the gallery's policy would report the style attributes the parse makes)."""
    driver.get("about:blank")
    results = []
    for item in manifest["items"]:
        markup = (item.get("caption") or {}).get("markup")
        if markup is not None:
            again = driver.execute_script("var d = document.createElement('div'); d.innerHTML = arguments[0]; return d.innerHTML;", markup)
            results.append({"id": item["id"], "markup": markup, "reparsed": again})
    return results


def video_facts(driver, manifest):
    """Opens the first video: its source and poster, and whether its metadata loaded."""
    for item in manifest["items"]:
        if item.get("kind") == "video":
            open_item(driver, item["id"])
            wait_for(driver, "var v = document.querySelector('.page[data-slot=\"0\"] video'); return v && v.readyState >= 1;", 8)
            facts = driver.execute_script("""var v = document.querySelector('.page[data-slot="0"] video');
var s = v && v.querySelector('source');
return v ? { src: s ? s.getAttribute('src') : v.getAttribute('src'), type: s ? s.getAttribute('type') : null,
  poster: v.getAttribute('poster'), currentSrc: v.currentSrc, readyState: v.readyState,
  duration: v.duration, error: v.error ? v.error.code : null } : null;""")
            if facts:
                facts["playback"] = playback(driver, '.page[data-slot="0"] video')
            press(driver, Keys.ESCAPE)
            return facts
    return None


def page_script(script):
    """A script with PAGE standing for the current page's selector."""
    return "var PAGE = '.page[data-slot=\"0\"]'; " + script


def motion_facts(driver, manifest):
    """Each item with a motion clip opened and its control clicked (a user's gesture): the
    clip's playback after 1.5 s, by item id."""
    facts = {}
    for item in manifest["items"]:
        if not (item.get("motion") or {}).get("media"):
            continue
        open_item(driver, item["id"])
        page = '.page[data-slot="0"]'
        wait_for(driver, page_script("return (function (v) { return v && v.readyState >= 1; })(document.querySelector(PAGE + ' video.motion'));"), 8)
        before = driver.execute_script("var v = document.querySelector(arguments[0]); return { hidden: v.hidden, "
                                       "frames: v.getVideoPlaybackQuality().totalVideoFrames };", page + " video.motion")
        driver.find_element("css selector", page + " button.motion-control").click()
        time.sleep(1.5)
        after = driver.execute_script("""var v = document.querySelector(arguments[0] + ' video.motion');
var c = document.querySelector(arguments[0] + ' button.motion-control');
return { hidden: v.hidden, paused: v.paused, videoWidth: v.videoWidth, videoHeight: v.videoHeight, currentTime: v.currentTime,
  frames: v.getVideoPlaybackQuality().totalVideoFrames, pressed: c.getAttribute('aria-pressed'), src: v.currentSrc,
  error: v.error ? v.error.code : null };""", page)
        facts[item["id"]] = {"before": before, "after": after}
        press(driver, Keys.ESCAPE)
    return facts


def every_video(driver, manifest):
    """Each video item opened in the viewer and played muted: its playback, the source the
    browser chose, and the element's shape on screen; or the viewer's message, by item id."""
    facts = {}
    for item in manifest["items"]:
        if item.get("kind") != "video":
            continue
        open_item(driver, item["id"])
        wait_for(driver, page_script("var v = document.querySelector(PAGE + ' video'); "
                                     "return document.querySelector(PAGE + ' .unplayable') || (v && v.readyState >= 1);"), 8)
        shown = driver.execute_script(page_script("""var v = document.querySelector(PAGE + ' video');
var m = document.querySelector(PAGE + ' .unplayable');
if (!v) return { message: m ? m.textContent : null };
var r = v.getBoundingClientRect();
return { currentSrc: v.currentSrc, shownWidth: r.width, shownHeight: r.height };"""))
        if "currentSrc" in shown:
            shown["playback"] = playback(driver, '.page[data-slot="0"] video')
        facts[item["id"]] = shown
        press(driver, Keys.ESCAPE)
    return facts


def playback(driver, selector):
    """Plays the video muted (an unmuted play() without a gesture is refused) for 1.5 s: its
    picture size, position and decoded frames before and after (readyState alone says nothing
    of whether the picture decodes)."""
    driver.set_script_timeout(20)
    return driver.execute_async_script("""var done = arguments[arguments.length - 1];
var v = document.querySelector(arguments[0]);
if (!v) { done(null); return; }
v.muted = true;
var before = v.getVideoPlaybackQuality().totalVideoFrames;
v.play().then(function () {
  setTimeout(function () {
    done({ videoWidth: v.videoWidth, videoHeight: v.videoHeight, currentTime: v.currentTime, framesBefore: before,
      framesAfter: v.getVideoPlaybackQuality().totalVideoFrames, error: v.error ? v.error.code : null });
  }, 1500);
}, function (error) { done({ playError: String(error) }); });""", selector)


SCROLL = "return [window.scrollX, window.scrollY]"
VIEW = """return { hash: location.hash, album: document.getElementById('album-title').textContent,
  viewer: !document.getElementById('viewer').hidden, counter: document.querySelector('#viewer .counter').textContent,
  scrollY: window.scrollY, crumbs: Array.prototype.map.call(document.querySelectorAll('#breadcrumbs li'), function (l) { return l.textContent; }) };"""


def journey(driver, album):
    """The album list scrolled down, an album opened (and scrolled), an item opened, Back, Back."""
    steps = []
    driver.execute_script("window.scrollTo(0, Math.min(250, document.documentElement.scrollHeight - innerHeight))")
    settle(driver, 0.3)
    steps.append(driver.execute_script(VIEW))
    link = driver.find_element("css selector", '#albums a[data-album="%s"]' % album)
    driver.execute_script("arguments[0].scrollIntoView({block: 'nearest'})", link)
    settle(driver, 0.2)
    steps[0]["scrollY"] = driver.execute_script("return window.scrollY")
    link.click()
    wait_for(driver, "return document.querySelector('#grid .cell')")
    driver.execute_script("window.scrollTo(0, Math.min(120, document.documentElement.scrollHeight - innerHeight))")
    settle(driver, 0.3)
    steps.append(driver.execute_script(VIEW))
    index = driver.execute_script("var c = document.querySelectorAll('#grid .cell'); return Number(c[Math.min(1, c.length - 1)].getAttribute('data-index'))")
    driver.find_element("css selector", CELL % index).click()
    settle(driver)
    steps.append(driver.execute_script(VIEW))
    driver.back()
    wait_for(driver, "return document.getElementById('viewer').hidden")
    settle(driver, 0.3)
    steps.append(driver.execute_script(VIEW))
    steps[-1]["focus"] = driver.execute_script("return document.activeElement && document.activeElement.getAttribute('data-index')")
    driver.back()
    wait_for(driver, "return location.hash === '' || location.hash === '#/a/'", 5)
    settle(driver, 0.3)
    steps.append(driver.execute_script(VIEW))
    driver.forward()
    settle(driver, 0.3)
    steps.append(driver.execute_script(VIEW))
    return steps


def deep_link(driver, url, item_id):
    """A fresh load of the item's link: the viewer's counter, alt text and info panel."""
    driver.get(url.split("#")[0] + "#/i/" + quote(item_id, safe=""))
    wait_for(driver, "return document.documentElement.getAttribute('data-vitrine-ready')")
    wait_for(driver, "var v = document.getElementById('viewer'); return !v.hidden && v.querySelector('.page[data-slot=\"0\"]');")
    settle(driver)
    facts = driver.execute_script(VIEW)
    facts["alt"] = driver.execute_script("var p = document.querySelector('.page[data-slot=\"0\"] img.picture'); return p ? p.alt : null;")
    press(driver, "i")
    facts["info"] = driver.execute_script("""var info = document.querySelector('#viewer .info'); var facts = { shown: !info.hidden };
Array.prototype.forEach.call(info.querySelectorAll('dt'), function (dt) { facts[dt.textContent] = dt.nextElementSibling.textContent; });
return facts;""")
    press(driver, Keys.ESCAPE)
    facts["infoAfterEscape"] = driver.execute_script("return !document.querySelector('#viewer .info').hidden")
    press(driver, Keys.ARROW_RIGHT)
    facts["afterStep"] = driver.execute_script(VIEW)
    press(driver, Keys.ESCAPE)
    settle(driver, 0.3)
    facts["afterClose"] = driver.execute_script(VIEW)
    facts["cellAlts"] = driver.execute_script("return Array.prototype.map.call(document.querySelectorAll('#grid .cell img:not(.placeholder)'), function (i) { return i.alt; })")
    return facts


def elements(driver, url, album):
    """The album's view: the document's elements at its top, middle and end, the cells shown
    there, and the time to open its last item from the end."""
    driver.get(url.split("#")[0] + "#/a/" + quote(album, safe=""))
    wait_for(driver, "return document.querySelector('#grid .cell')")
    settle(driver, 0.3)
    facts = {}
    for name, where in [("top", "0"), ("middle", "(document.documentElement.scrollHeight - innerHeight) / 2"),
                        ("end", "document.documentElement.scrollHeight")]:
        started = time.time()
        driver.execute_script("window.scrollTo(0, %s)" % where)
        wait_for(driver, """var cells = document.querySelectorAll('#grid .cell'); if (!cells.length) return false;
var box = document.getElementById('grid').getBoundingClientRect();
return Array.prototype.some.call(cells, function (c) { var r = c.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; });""")
        facts[name] = {"elements": element_count(driver), "seconds": time.time() - started,
                       "indices": driver.execute_script("""return Array.prototype.filter.call(document.querySelectorAll('#grid .cell'), function (c) {
  var r = c.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; }).map(function (c) { return Number(c.getAttribute('data-index')); });""")}
    last = max(facts["end"]["indices"]) if facts["end"]["indices"] else None
    if last is not None:
        started = time.time()
        driver.find_element("css selector", CELL % last).click()
        wait_for(driver, "return document.querySelector('#viewer .counter').textContent")
        facts["openLast"] = {"seconds": time.time() - started, "counter": driver.execute_script("return document.querySelector('#viewer .counter').textContent")}
        facts["viewerElements"] = element_count(driver)
    return facts


if __name__ == "__main__":
    sys.exit(main())
