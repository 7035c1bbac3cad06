"""Drive the gallery page's search (issue 44) in Debian's headless Chromium and report what it shows.

    search_check.py URL --spec FILE --report FILE [--screenshots DIR] [--no-axe]

URL is the site's index.html (file:// or http://). FILE (JSON) says what to do:
  {"queries": [{"q": TEXT, "filters": {NAME: VALUE}}...],   each loaded by its URL (#/s/?q=…; no q: filters alone)
   "typed": TEXT,                                             "/", TEXT typed, Enter, a step, Escape, Back
   "reload": {"q": TEXT, "filters": {...}}}                   loaded, then reloaded
The report (JSON) holds, for each query, the announced count and the result cells' labels (in
order); for the typed search, where the focus went, the URL and viewer after Enter and a step
(its counter), after Escape and after Back; for the reload, the results before and after; and
axe-core's violations with the search's results and filters shown, in the light and the dark
scheme. Exit status 0 when the report was written, 2 when the browser or a package is missing.
"""

import argparse
import json
import os
import sys
import time
from urllib.parse import urlencode

from page_check import scheme, settle, wait_for  # beside this file: the page tests' own waits
from phone_check import CHROMEDRIVER, CHROMIUM, axe, browser

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
except ImportError as error:
    print(f"search_check: {error}; run .ci/install-deps, then this with .venv/bin/python3", file=sys.stderr)
    sys.exit(2)

# The results shown: the count announced and every cell's label, by position (the grid is
# virtual: it is scrolled through to meet them all).
RESULTS = """var status = document.getElementById('search-count');
var cells = Array.prototype.map.call(document.querySelectorAll('#grid .cell'), function (cell) {
  return [Number(cell.dataset.index), cell.getAttribute('aria-label')]; });
return { count: status ? status.textContent : null, cells: cells, hash: location.hash,
         title: document.getElementById('album-title').textContent,
         injected: document.querySelectorAll('[onerror], img[src="x"]').length };"""
VIEWER = """var v = document.getElementById('viewer'); var c = v.querySelector('.counter');
var h = v.querySelector('.page[data-slot="0"] figcaption h2');
return { open: !v.hidden, counter: c ? c.textContent : null, hash: location.hash, title: h ? h.textContent : null,
         picture: !!v.querySelector('.page[data-slot="0"] img.picture, .page[data-slot="0"] video') };"""


def search_hash(query):
    """The page's own URL for the query: no q when there is no text (filters alone)."""
    params = ([("q", query["q"])] if query.get("q") else []) + list(query.get("filters", {}).items())
    return "#/s/?" + urlencode(params)


def results(driver):
    """The results' count and labels, once the count is announced for the URL shown."""
    wait_for(driver, "var s = document.getElementById('search-count'); return s && s.textContent;")
    settle(driver, 0.3)
    found = {}
    driver.execute_script("window.scrollTo(0, 0)")
    while True:
        shown = driver.execute_script(RESULTS)
        for index, label in shown["cells"]:
            found[index] = label
        before = driver.execute_script("return scrollY")
        driver.execute_script("window.scrollBy(0, innerHeight)")
        settle(driver, 0.2)
        if driver.execute_script("return scrollY") == before:
            break
    driver.execute_script("window.scrollTo(0, 0)")
    return {"count": shown["count"], "labels": [found[index] for index in sorted(found)], "hash": shown["hash"], "title": shown["title"],
            "injected": shown["injected"]}


def visit(driver, base, hash_):
    driver.execute_script("location.hash = arguments[0]", hash_)
    return results(driver)


def keys(driver, *sequence):
    ActionChains(driver).send_keys(*sequence).perform()
    time.sleep(0.05)


def typed_search(driver, base, text, shots):
    """From the root album: '/', the text typed, Enter, a step, Escape, Back."""
    facts = {}
    driver.get(base)
    wait_for(driver, "return document.documentElement.getAttribute('data-vitrine-ready')")
    settle(driver, 0.4)
    keys(driver, "/")
    facts["focused"] = driver.execute_script("return document.activeElement && document.activeElement.id")
    keys(driver, text)
    facts["results"] = results(driver)
    if shots:
        driver.save_screenshot(os.path.join(shots, "typed.png"))
    driver.execute_script("document.getElementById('search-box').focus()")
    keys(driver, Keys.ENTER)
    wait_for(driver, "var v = document.getElementById('viewer'); return !v.hidden && v.querySelector('.page[data-slot=\"0\"]');")
    settle(driver)
    facts["opened"] = driver.execute_script(VIEWER)
    if shots:
        driver.save_screenshot(os.path.join(shots, "opened.png"))
    keys(driver, Keys.ARROW_RIGHT)
    settle(driver)
    facts["stepped"] = driver.execute_script(VIEWER)
    keys(driver, Keys.ESCAPE)
    wait_for(driver, "return document.getElementById('viewer').hidden")
    facts["closed"] = driver.execute_script(VIEWER)
    driver.back()
    settle(driver)
    facts["back"] = driver.execute_script(RESULTS)
    facts["backViewer"] = driver.execute_script(VIEWER)
    return facts


def choose(driver, base, spec):
    """A filter chosen as a user does: its select focused (which fills it), then ArrowDown."""
    visit(driver, base, search_hash(spec))
    facts = {"closed": driver.execute_script(
        "var o = {}; document.querySelectorAll('.search-filter select').forEach(function (s) { o[s.name] = s.options.length; });"
        " return o;")}
    select = driver.find_element("id", "search-" + spec["filter"])
    driver.execute_script("arguments[0].focus()", select)
    facts["focused"] = driver.execute_script(
        "return Array.prototype.map.call(arguments[0].options, function (o) { return [o.value, o.textContent]; })", select)
    ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
    wanted = facts["focused"][1][0] if len(facts["focused"]) > 1 else None
    wait_for(driver, "return location.hash.indexOf(%s) >= 0 && document.getElementById('search-count').textContent"
             % json.dumps(spec["filter"] + "=" + (wanted or "")))
    settle(driver, 0.3)
    facts["chosen"] = {"hash": driver.execute_script("return location.hash"),
                       "count": driver.execute_script("return document.getElementById('search-count').textContent"),
                       "value": select.get_attribute("value")}
    return facts


def main(argv=None):
    parser = argparse.ArgumentParser(description="Report what the gallery page's search shows in Chromium.")
    parser.add_argument("url")
    parser.add_argument("--spec", required=True)
    parser.add_argument("--report", required=True)
    parser.add_argument("--screenshots")
    parser.add_argument("--no-axe", action="store_true")
    args = parser.parse_args(argv)
    if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
        print("search_check: Debian's chromium and chromium-driver are needed (.ci/install-deps)", file=sys.stderr)
        return 2
    with open(args.spec) as file:
        spec = json.load(file)
    base = args.url.split("#")[0]
    report = {"queries": [], "axe": {}}
    driver = browser(phone=False)
    try:
        driver.get(base)
        report["ready"] = wait_for(driver, "return document.documentElement.getAttribute('data-vitrine-ready')")
        report["hasSearch"] = driver.execute_script("return !!document.getElementById('search-box')")
        for query in spec.get("queries", []):
            report["queries"].append(visit(driver, base, search_hash(query)))
        if spec.get("reload"):
            hash_ = search_hash(spec["reload"])
            driver.get(base + hash_)
            before = results(driver)
            driver.refresh()
            report["reload"] = {"before": before, "after": results(driver),
                                "filters": driver.execute_script(
                                    "return Array.prototype.map.call(document.querySelectorAll('.search-filter select'),"
                                    " function (s) { return [s.name, s.value]; })")}
            if args.screenshots:
                driver.save_screenshot(os.path.join(args.screenshots, "reload.png"))
        if not args.no_axe:
            for name in ["light", "dark"]:
                scheme(driver, name)
                if args.screenshots:
                    driver.save_screenshot(os.path.join(args.screenshots, f"axe-{name}.png"))
                report["axe"][name] = axe(driver)
            scheme(driver, "light")
        if spec.get("choose"):
            report["choose"] = choose(driver, base, spec["choose"])
        if spec.get("typed"):
            report["typed"] = typed_search(driver, base, spec["typed"], args.screenshots)
    finally:
        driver.quit()
    with open(args.report, "w") as file:
        json.dump(report, file, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
