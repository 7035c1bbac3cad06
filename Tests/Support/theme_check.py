#!/usr/bin/env python3
"""Report how vitrine's gallery page looks in a theme, in Debian's headless Chromium.

    theme_check.py URL --report FILE [--phone] [--style SELECTOR PROPERTY]

Loads URL in a 1280x800 window, or with --phone as a 390x844 phone with touch (phone_check.py's
browser), first with prefers-color-scheme: light, then dark (DevTools' Emulation.setEmulatedMedia).
The report (JSON) holds what the calling test asserts on:
  layout: <body data-layout>;
  window: innerWidth, innerHeight, devicePixelRatio, maxTouchPoints;
  cells: each grid cell of the root view, scrolled through to the end (the grid draws those near
         the screen): its data-index (album position) and its box, its top from the page's;
  columns: how many cells the grid's first row has;
  style: the computed value of PROPERTY of the first element SELECTOR matches (--style);
  schemes: for light and dark, the body's computed background and text colours, and axe-core's
           violations in the root view; light also in the viewer open on the first cell;
  console: the browser's errors.
Exit status 0 when the report was written, 2 when the browser or a package is missing.
"""

import argparse
import json
import os
import sys

from page_check import scheme, settle, wait_for  # beside this file: the page tests' own waits
from phone_check import CHROMEDRIVER, CHROMIUM, activate, axe, browser, close_viewer

CELLS = """return Array.prototype.map.call(document.querySelectorAll('#grid .cell'), function (cell) {
  var r = cell.getBoundingClientRect();
  return { index: Number(cell.dataset.index), left: r.left, top: r.top + scrollY, width: r.width, height: r.height };
});"""
COLOURS = """var style = getComputedStyle(document.body);
return { background: style.backgroundColor, ink: style.color,
         paper: getComputedStyle(document.documentElement).getPropertyValue('--paper').trim() };"""


def every_cell(driver):
    """The cells met scrolling from the top to the end, by album position."""
    found = {}
    driver.execute_script("window.scrollTo(0, 0)")
    settle(driver, 0.3)
    while True:
        for cell in driver.execute_script(CELLS):
            found[cell["index"]] = cell
        before = driver.execute_script("return scrollY")
        driver.execute_script("window.scrollBy(0, innerHeight / 2)")
        settle(driver, 0.3)
        if driver.execute_script("return scrollY") == before:
            break
    driver.execute_script("window.scrollTo(0, 0)")
    settle(driver, 0.3)
    return [found[index] for index in sorted(found)]


def main(argv=None):
    parser = argparse.ArgumentParser(description="Report how vitrine's gallery page looks in a theme, in Chromium.")
    parser.add_argument("url")
    parser.add_argument("--report", required=True)
    parser.add_argument("--phone", action="store_true")
    parser.add_argument("--style", nargs=2, metavar=("SELECTOR", "PROPERTY"))
    args = parser.parse_args(argv)
    if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
        print("theme_check: Debian's chromium and chromium-driver are needed (.ci/install-deps)", file=sys.stderr)
        return 2
    report = {"schemes": {}}
    driver = browser(args.phone)
    try:
        scheme(driver, "light")
        driver.get(args.url)
        report["ready"] = wait_for(driver, "return document.documentElement.getAttribute('data-vitrine-ready')")
        wait_for(driver, "return document.querySelector('#grid .cell')")
        settle(driver, 0.6)
        report["layout"] = driver.execute_script("return document.body.dataset.layout")
        report["window"] = driver.execute_script("return [innerWidth, innerHeight, devicePixelRatio, navigator.maxTouchPoints]")
        report["cells"] = every_cell(driver)
        report["columns"] = driver.execute_script("""var cells = document.querySelectorAll('#grid .cell');
var top = cells[0].getBoundingClientRect().top;
return Array.prototype.filter.call(cells, function (cell) { return Math.abs(cell.getBoundingClientRect().top - top) < 1; }).length;""")
        if args.style:
            report["style"] = driver.execute_script(
                "var e = document.querySelector(arguments[0]); return e ? getComputedStyle(e).getPropertyValue(arguments[1]) : null;",
                *args.style)
        for name in ["light", "dark"]:
            scheme(driver, name)
            facts = driver.execute_script(COLOURS)
            facts["axe"] = axe(driver)
            report["schemes"][name] = facts
        scheme(driver, "light")
        activate(driver, '#grid .cell[data-index="0"]', args.phone)
        wait_for(driver, "var v = document.getElementById('viewer'); return !v.hidden && v.querySelector('.page[data-slot=\"0\"] img');")
        settle(driver)
        report["schemes"]["light"]["viewerAxe"] = axe(driver)
        close_viewer(driver)
        report["console"] = [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
    finally:
        driver.quit()
    with open(args.report, "w") as out:
        json.dump(report, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
