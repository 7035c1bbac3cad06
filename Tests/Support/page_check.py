#!/usr/bin/env python3
"""Drive vitrine's gallery page in Debian's headless Chromium and report what it shows.

    page_check.py URL --report FILE [--screenshots DIR] [--open I --presses K]
                  [--zoom I] [--tiles I] [--gap-at I] [--xss] [--thumbhash]

Loads URL (file:// or http://) in a 1280x800 window and writes a JSON report of facts the
calling test asserts on: the cells (order, badges, placeholders), the viewer's counter after
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
    if (/^(javascript|vbscript|data):/.test(value) && name !== 'content' && !icon) found.push(element.localName + ' ' + name + '=' + attribute.value);
  });
  if (['iframe', 'object', 'embed', 'form', 'base', 'meta', 'link'].indexOf(element.localName) >= 0 && !element.closest('head')) found.push(element.localName);
});
return { found: found, scripts: document.scripts.length, calls: window.__vitrineCalls || null };
"""


def browser(recorders):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,800", "--hide-scrollbars",
                     "--force-device-scale-factor=1", "--disable-background-networking", "--no-first-run"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    if recorders:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDERS})
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


def cells(driver):
    return driver.execute_script("""
return Array.prototype.map.call(document.querySelectorAll('#grid .cell'), function (cell) {
  var badge = function (name) { var b = cell.querySelector('.badge.' + name); return b ? b.textContent : null; };
  var image = cell.querySelector('img'), canvas = cell.querySelector('canvas');
  var colour = null;
  if (canvas) {
    var data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data, sum = [0, 0, 0];
    for (var i = 0; i < data.length; i += 4) { sum[0] += data[i]; sum[1] += data[i + 1]; sum[2] += data[i + 2]; }
    colour = sum.map(function (v) { return v / (data.length / 4); });
  }
  var box = cell.getBoundingClientRect();
  return { index: Number(cell.getAttribute('data-index')), duration: badge('duration'), selection: badge('selection'),
    label: cell.getAttribute('aria-label'), alt: image ? image.alt : null, src: image ? image.getAttribute('src') : null,
    loading: image ? image.loading : null, srcset: image ? image.getAttribute('srcset') : null,
    sizes: image ? image.getAttribute('sizes') : null, currentSrc: image ? image.currentSrc : null,
    placeholderColour: colour, left: box.left, top: box.top, width: box.width, height: box.height };
});""")


def counter(driver):
    return driver.execute_script("return document.querySelector('#viewer .counter').textContent")


def open_cell(driver, index):
    driver.execute_script("document.querySelectorAll('#grid .cell')[arguments[0]].scrollIntoView()", index)
    driver.find_elements("css selector", "#grid .cell")[index].click()
    settle(driver)


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
    args = parser.parse_args(argv)
    if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
        print("page_check: Debian's chromium and chromium-driver are needed (.ci/install-deps)", file=sys.stderr)
        return 2

    report = {}
    driver = browser(recorders=args.xss)
    try:
        driver.get(args.url)
        report["ready"] = wait_for(driver, "return document.documentElement.getAttribute('data-vitrine-ready')")
        settle(driver, 0.6)
        manifest = driver.execute_script("return JSON.parse(document.getElementById('vitrine-manifest').textContent)")
        report["title"] = driver.title
        report["cells"] = cells(driver)
        report["gridGap"] = driver.execute_script("return getComputedStyle(document.getElementById('grid')).columnGap")
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
        if args.xss:
            report["xss"] = walk_captions(driver, manifest)
        report["video"] = video_facts(driver, manifest)
        report["requests"] = requests(driver)
        report["console"] = driver.get_log("browser")
        if args.xss:
            report["xss"]["fixedPoint"] = fixed_points(driver, manifest)
    finally:
        driver.quit()
    with open(args.report, "w") as out:
        json.dump(report, out, indent=1)
    return 0


def compare_thumbhashes(driver, manifest):
    """The page's decoder against thumbhash-python's on every item's hash: largest difference."""
    results = []
    for item in manifest["items"]:
        value = (item.get("placeholder") or {}).get("thumbhash")
        if not value:
            continue
        page = driver.execute_script("var d = window.vitrineThumbHash.decode(window.vitrineThumbHash.bytes(arguments[0]));"
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
    for index, item in enumerate(manifest["items"]):
        if item.get("kind") == "video":
            open_cell(driver, index)
            wait_for(driver, "var v = document.querySelector('.page[data-slot=\"0\"] video'); return v && v.readyState >= 1;", 8)
            facts = driver.execute_script("""var v = document.querySelector('.page[data-slot="0"] video');
return v ? { src: v.getAttribute('src'), poster: v.getAttribute('poster'), currentSrc: v.currentSrc, readyState: v.readyState,
  duration: v.duration, error: v.error ? v.error.code : null } : null;""")
            press(driver, Keys.ESCAPE)
            return facts
    return None


if __name__ == "__main__":
    sys.exit(main())
