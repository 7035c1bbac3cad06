#!/usr/bin/env python3
"""Drive vitrine's gallery page in Debian's headless Chromium as a desktop and as a phone, and report.

    phone_check.py URL --report FILE --tiled I --captioned I --album ID [--phone] [--no-axe]

Loads URL in a 1280x800 window, or with --phone as a 390x844 phone (DevTools' device metrics,
3 screen pixels a CSS pixel, mobile, touch emulated; its fingers are Input.dispatchTouchEvent).
The report (JSON) holds what the calling test asserts on:
  heading: the root view's <h1> elements and the gallery's title;
  columns: how many columns the grid's first row has;
  tiles: tile requests (resource timing, the tiles' `_files/` folder) with item I (root album
         position) open before any zoom and after zooming to 1:1 (the wheel; with --phone a pinch);
  doubleTap (--phone): the picture's widths after each of two double taps, the distinct widths the
         picture went through for each (one change a double tap), and where the tap point sits in the
         picture before and after;
  doubleClick (desktop): the same for the mouse's double click;
  scroll: window.scrollY before item I (--captioned) is opened, with it open after Space, End and a
          wheel over its caption (and with --phone a finger's drag), and after it is closed;
  axe: axe-core's violations (axe.min.js as PyPI's axe-selenium-python ships it) in the album
       list (the root view), album ID, the viewer and its info panel.
Exit status 0 when the report was written, 2 when the browser or a package is missing.
"""

import argparse
import json
import os
import sys
import time

from page_check import settle, wait_for  # beside this file: the page tests' own waits

try:
    import axe_selenium_python
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
    from selenium.webdriver.common.keys import Keys
except ImportError as error:
    print(f"phone_check: {error}; run .ci/install-deps, then this with .venv/bin/python3", file=sys.stderr)
    sys.exit(2)

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
AXE = os.path.join(os.path.dirname(axe_selenium_python.__file__), "node_modules", "axe-core", "axe.min.js")
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}

PICTURE = """var p = document.querySelector('.page[data-slot="0"] img.picture');
if (!p) return null; var r = p.getBoundingClientRect(); return { left: r.left, top: r.top, width: r.width, height: r.height };"""
TILE_REQUESTS = """return performance.getEntriesByType('resource').filter(function (e) { return e.name.indexOf('_files/') >= 0; }).length"""
# The distinct widths the shown picture goes through, recorded from here on.
RECORD_WIDTHS = """window.__widths = [];
var picture = document.querySelector('.page[data-slot="0"] img.picture');
window.__widths.push(picture.style.width);
if (window.__observer) window.__observer.disconnect();
window.__observer = new MutationObserver(function () {
  var width = picture.style.width;
  if (width !== window.__widths[window.__widths.length - 1]) window.__widths.push(width);
});
window.__observer.observe(picture, { attributes: true, attributeFilter: ['style'] });"""
AXE_RUN = """var done = arguments[arguments.length - 1];
axe.run(document, { resultTypes: ['violations'] }, function (error, results) {
  if (error) { done({ error: String(error) }); return; }
  done(results.violations.map(function (v) {
    return { id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map(function (n) {
      return { target: n.target, html: n.html.slice(0, 200), summary: n.failureSummary }; }) };
  }));
});"""


def browser(phone):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    window = "390,844" if phone else "1280,800"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=" + window, "--hide-scrollbars",
                     "--force-device-scale-factor=1", "--disable-background-networking", "--no-first-run"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_script_timeout(60)
    if phone:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    else:
        frame = driver.execute_script("return [outerWidth - innerWidth, outerHeight - innerHeight]")
        driver.set_window_size(1280 + frame[0], 800 + frame[1])
    return driver


def touch(driver, kind, points):
    """A touch event: `points` are the fingers down after it ((x, y) in CSS pixels), none for touchEnd."""
    driver.execute_cdp_cmd("Input.dispatchTouchEvent",
                           {"type": kind, "touchPoints": [{"x": x, "y": y, "id": n} for n, (x, y) in enumerate(points)]})


def tap(driver, x, y):
    touch(driver, "touchStart", [(x, y)])
    touch(driver, "touchEnd", [])


def double_tap(driver, x, y):
    tap(driver, x, y)
    time.sleep(0.08)
    tap(driver, x + 2, y + 1)
    # Past the double-tap interval: the dblclick Chromium sends after it has come.
    settle(driver, 0.6)


def pinch_out(driver, centre, start, end, steps=8):
    """Two fingers along the diagonal through `centre`, from `start` to `end` pixels apart."""
    cx, cy = centre
    for step in range(steps + 1):
        half = (start + (end - start) * step / steps) / 2.8284
        points = [(cx - half, cy - half), (cx + half, cy + half)]
        touch(driver, "touchStart" if step == 0 else "touchMove", points)
    touch(driver, "touchEnd", [])
    settle(driver, 0.3)


def centre_of(driver, selector):
    return driver.execute_script("var r = document.querySelector(arguments[0]).getBoundingClientRect();"
                                 "return [r.left + r.width / 2, r.top + r.height / 2];", selector)


def activate(driver, selector, phone):
    """A finger's tap on a phone, the mouse's click on a desktop."""
    if phone:
        tap(driver, *centre_of(driver, selector))
    else:
        driver.find_element("css selector", selector).click()
    settle(driver)


def reveal(driver, index, block):
    """Scrolls the virtual grid down until the cell of `index` is drawn, then it into view; its selector."""
    cell = '#grid .cell[data-index="%d"]' % index
    driver.execute_script("window.scrollTo(0, 0)")
    for _ in range(40):
        if driver.execute_script("return document.querySelector(arguments[0]) !== null", cell):
            break
        driver.execute_script("window.scrollBy(0, innerHeight / 2)")
        time.sleep(0.1)
    driver.execute_script("document.querySelector(arguments[0]).scrollIntoView({ block: arguments[1] })", cell, block)
    settle(driver, 0.3)
    return cell


def open_cell(driver, index, phone):
    cell = reveal(driver, index, "center")
    activate(driver, cell, phone)
    wait_for(driver, "var v = document.getElementById('viewer');"
                     " return !v.hidden && v.querySelector('.page[data-slot=\"0\"] img.picture');")
    settle(driver)


def close_viewer(driver):
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    wait_for(driver, "return document.getElementById('viewer').hidden")
    settle(driver, 0.2)


def axe(driver):
    if not driver.execute_script("return typeof axe !== 'undefined'"):
        with open(AXE) as source:
            driver.execute_script(source.read())
    return driver.execute_async_script(AXE_RUN)


def zoom_facts(driver, point, zoom):
    """The picture's box and the tap point's place in it, before and after each of two zooms at `point`."""
    facts = {"boxes": [driver.execute_script(PICTURE)], "widths": []}
    for _ in range(2):
        driver.execute_script(RECORD_WIDTHS)
        zoom(*point)
        facts["boxes"].append(driver.execute_script(PICTURE))
        facts["widths"].append(driver.execute_script("return window.__widths"))
    facts["point"] = point
    return facts


def scroll_facts(driver, index, phone):
    """The page behind the viewer: scrolled, the item opened, then keys, a wheel and a drag over the viewer."""
    # The page scrolled down to the cell, which is then opened where it is.
    cell = reveal(driver, index, "start")
    facts = {"before": driver.execute_script("return window.scrollY"),
             "room": driver.execute_script("return document.documentElement.scrollHeight - innerHeight")}
    activate(driver, cell, phone)
    facts["opened"] = driver.execute_script("return window.scrollY")
    facts["caption"] = driver.execute_script("return Boolean(document.querySelector('.page[data-slot=\"0\"] figcaption:not(:empty)'))")
    for key in [Keys.SPACE, Keys.END, Keys.SPACE]:
        ActionChains(driver).send_keys(key).perform()
        time.sleep(0.15)
    if facts["caption"]:
        caption = driver.find_element("css selector", '.page[data-slot="0"] figcaption')
        for _ in range(3):
            ActionChains(driver).scroll_from_origin(ScrollOrigin.from_element(caption), 0, 600).perform()
            time.sleep(0.1)
    if phone:
        x, y = centre_of(driver, '.page[data-slot="0"] figcaption' if facts["caption"] else "#viewer")
        for step in range(8):
            touch(driver, "touchStart" if step == 0 else "touchMove", [(x, y - step * 40)])
        touch(driver, "touchEnd", [])
    settle(driver, 0.5)
    facts["withViewer"] = driver.execute_script("return window.scrollY")
    facts["bodyOverflow"] = driver.execute_script("return getComputedStyle(document.body).overflow")
    close_viewer(driver)
    facts["closed"] = driver.execute_script("return window.scrollY")
    driver.execute_script("window.scrollBy(0, -40)")
    facts["scrollsAfterClose"] = driver.execute_script("return window.scrollY") != facts["closed"]
    return facts


def main(argv=None):
    parser = argparse.ArgumentParser(description="Report what vitrine's gallery page does on a desktop and a phone in Chromium.")
    parser.add_argument("url")
    parser.add_argument("--report", required=True)
    parser.add_argument("--tiled", type=int, required=True)
    parser.add_argument("--captioned", type=int, required=True)
    parser.add_argument("--album", required=True)
    parser.add_argument("--phone", action="store_true")
    parser.add_argument("--no-axe", action="store_true")
    args = parser.parse_args(argv)
    if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
        print("phone_check: Debian's chromium and chromium-driver are needed (.ci/install-deps)", file=sys.stderr)
        return 2
    phone = args.phone
    report = {"axe": {}}
    driver = browser(phone)
    try:
        driver.get(args.url)
        report["ready"] = wait_for(driver, "return document.documentElement.getAttribute('data-vitrine-ready')")
        settle(driver, 0.6)
        report["window"] = driver.execute_script("return [innerWidth, innerHeight, devicePixelRatio, navigator.maxTouchPoints]")
        report["heading"] = driver.execute_script("""return { h1: Array.prototype.map.call(document.querySelectorAll('h1'), function (h) {
  return { text: h.textContent, shown: h.getClientRects().length > 0 }; }), title: document.title };""")
        # The cells of the grid's first row.
        report["columns"] = driver.execute_script("""var cells = document.querySelectorAll('#grid .cell');
var top = cells[0].getBoundingClientRect().top;
return Array.prototype.filter.call(cells, function (cell) { return Math.abs(cell.getBoundingClientRect().top - top) < 1; }).length;""")
        report["cellWidth"] = driver.execute_script("return document.querySelector('#grid .cell').getBoundingClientRect().width")
        if not args.no_axe:
            report["axe"]["albumList"] = axe(driver)

        open_cell(driver, args.tiled, phone)
        tiles = {"beforeZoom": driver.execute_script(TILE_REQUESTS)}
        if not args.no_axe:
            report["axe"]["viewer"] = axe(driver)
            activate(driver, "#viewer .info-button", phone)
            report["infoShown"] = driver.execute_script("return !document.querySelector('#viewer .info').hidden")
            report["axe"]["info"] = axe(driver)
            activate(driver, "#viewer .info-button", phone)
        box = driver.execute_script(PICTURE)
        point = [round(box["left"] + box["width"] * 0.3), round(box["top"] + box["height"] * 0.5)]
        if phone:
            report["doubleTap"] = zoom_facts(driver, point, lambda x, y: double_tap(driver, x, y))
        else:
            def double_click(x, y):
                ActionChains(driver).move_to_element_with_offset(driver.find_element("css selector", "#viewer"), 0, 0) \
                    .move_by_offset(x - 640, y - 400).double_click().perform()
                settle(driver, 0.5)
            report["doubleClick"] = zoom_facts(driver, point, double_click)
        tiles["afterDoubleTaps"] = driver.execute_script(TILE_REQUESTS)
        # To 1:1: a pinch far past it on a phone, the wheel on a desktop.
        if phone:
            for _ in range(2):
                pinch_out(driver, (195, 422), 100, 700)
        else:
            viewer = driver.find_element("css selector", "#viewer")
            for _ in range(6):
                ActionChains(driver).scroll_from_origin(ScrollOrigin.from_element(viewer), 0, -1500).perform()
        settle(driver, 1.0)
        tiles["oneToOneWidth"] = driver.execute_script(PICTURE)["width"]
        tiles["afterZoom"] = driver.execute_script(TILE_REQUESTS)
        tiles["drawn"] = driver.execute_script("return document.querySelectorAll('.page[data-slot=\"0\"] .tiles img').length")
        report["tiles"] = tiles
        close_viewer(driver)

        report["scroll"] = scroll_facts(driver, args.captioned, phone)
        if not args.no_axe and not phone:
            driver.execute_script("location.hash = '#/a/' + encodeURIComponent(arguments[0])", args.album)
            wait_for(driver, "return document.querySelector('#grid .cell') && document.getElementById('album-title').textContent")
            settle(driver)
            report["albumTitle"] = driver.execute_script("return document.getElementById('album-title').textContent")
            report["axe"]["album"] = axe(driver)
        report["console"] = [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
    finally:
        driver.quit()
    with open(args.report, "w") as out:
        json.dump(report, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
