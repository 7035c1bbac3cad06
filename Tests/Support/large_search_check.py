"""Issue 44's acceptance on a generated gallery of many items: a word typed into the page's search
box finds an item in an album the session never opened, and no album chunk of data/ is loaded for it.

    large_search_check.py make TEMPLATE_SITE FOLDER --items N --albums A --word WORD
    large_search_check.py check URL --word WORD --report FILE

`make` writes FOLDER/manifest.json and the renditions beside it, the way bench/page makes its
galleries (its generator, imported): N items in A albums (years holding events, the first event
holding a fifth of them), each a hard link to a rendition of TEMPLATE_SITE (a `vitrine build` of
Examples/media); WORD is added to the caption of one item deep in the largest album, and printed
back as JSON ({"target": ID, "album": ALBUM, "position": P, "others": [...]}: the item, its album,
its place in it, and how many items' captions already held WORD, which should be none).

`check` opens URL (the gallery's root, over http), presses "/", types WORD, waits for the results
(the count announced and the first cells drawn) and reports (JSON): whether the box had the focus,
the count, the labels of the cells drawn, and every resource the page loaded
(performance.getEntriesByType('resource'), the names relative to URL's folder), split into those
before the first keystroke and those after. Exit status 0 when a report was written, 2 when the
browser or a package is missing.
"""

import argparse
import contextlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def bench_page():
    """bench/page as a module: its gallery generator (it has no .py name)."""
    loader = importlib.machinery.SourceFileLoader("bench_page", os.path.join(REPO, "bench", "page"))
    spec = importlib.util.spec_from_loader("bench_page", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def make(args):
    generator = bench_page()
    with open(os.path.join(args.template, "manifest.json"), encoding="utf-8") as handle:
        models = [item for item in json.load(handle)["items"] if item["kind"] == "image" and item.get("renditions")]
    if not models:
        print("large_search_check: the template site has no image with renditions", file=sys.stderr)
        return 1
    os.makedirs(args.folder, exist_ok=True)
    # The generator writes FOLDER/<count>-in-<albums>; the manifest is read and written again here.
    with contextlib.redirect_stdout(sys.stderr):  # its line of progress; stdout is the JSON below
        _, site, largest, size, _ = generator.make_gallery(None, args.folder, args.items, args.albums, False, 0.2, models,
                                                           args.template, validate=False, page_arguments=None)
    path = os.path.join(site, "manifest.json")
    with open(path, encoding="utf-8") as handle:
        manifest = json.load(handle)
    members = [item for item in manifest["items"] if item.get("album") == largest]
    position = size - size // 20
    target = members[position]
    others = sum(1 for item in manifest["items"]
                 if args.word in (item.get("caption") or {}).get("text", "").lower() or args.word in item.get("title", "").lower())
    caption = target.get("caption") or {"source": "sidecar", "style": "plain", "text": ""}
    caption = {key: value for key, value in caption.items() if key in ("source", "style", "text")}
    caption["style"] = "plain"
    caption["text"] = (caption["text"] + f" Seen from the {args.word}.").strip()
    target["caption"] = caption
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(manifest, handle, ensure_ascii=False, sort_keys=True)
    print(json.dumps({"site": site, "manifest": path, "target": target["id"], "album": largest, "position": position,
                      "others": others, "items": len(manifest["items"])}))
    return 0


# The results once the count is announced for the word typed and the first cell is drawn.
RESULTS = """var status = document.getElementById('search-count'), box = document.getElementById('search-box');
var cell = document.querySelector('#grid .cell[data-index="0"]');
if (!status || !box || !cell || status.textContent.indexOf('\\u201c' + box.value + '\\u201d') < 0) return null;
return { count: status.textContent, hash: location.hash,
         labels: Array.prototype.map.call(document.querySelectorAll('#grid .cell'),
                                          function (c) { return c.getAttribute('aria-label'); }) };"""
RESOURCES = "return performance.getEntriesByType('resource').map(function (e) { return e.name; });"


def check(args):
    from page_check import settle, wait_for  # beside this file: the page tests' own waits
    from phone_check import CHROMEDRIVER, CHROMIUM, browser
    try:
        from selenium.webdriver.common.action_chains import ActionChains
    except ImportError as error:
        print(f"large_search_check: {error}; run .ci/install-deps, then this with .venv/bin/python3", file=sys.stderr)
        return 2
    if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
        print("large_search_check: Debian's chromium and chromium-driver are needed (.ci/install-deps)", file=sys.stderr)
        return 2
    base = args.url.split("#")[0]
    folder = base.rsplit("/", 1)[0] + "/"
    report = {}
    driver = browser(phone=False)
    try:
        # Room for every resource of the session (the buffer holds 250 by default).
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                               {"source": "performance.setResourceTimingBufferSize(100000);"})
        driver.get(base)
        report["ready"] = wait_for(driver, "return document.documentElement.getAttribute('data-vitrine-ready')", 60)
        settle(driver, 0.5)
        before = driver.execute_script(RESOURCES)
        ActionChains(driver).send_keys("/").perform()
        report["focused"] = driver.execute_script("return document.activeElement && document.activeElement.id")
        started = time.time()
        ActionChains(driver).send_keys(args.word).perform()
        report["results"] = wait_for(driver, RESULTS, args.timeout)
        report["seconds"] = time.time() - started
        settle(driver, 0.5)
        after = driver.execute_script(RESOURCES)
        relative = lambda names: [name[len(folder):] if name.startswith(folder) else name for name in names]
        report["before"], report["after"] = relative(after[:len(before)]), relative(after[len(before):])
    finally:
        driver.quit()
    with open(args.report, "w") as file:
        json.dump(report, file, indent=1)
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description="Issue 44's large-gallery search acceptance: make the gallery, or check it.")
    commands = parser.add_subparsers(dest="command", required=True)
    maker = commands.add_parser("make")
    maker.add_argument("template")
    maker.add_argument("folder")
    maker.add_argument("--items", type=int, default=150000)
    maker.add_argument("--albums", type=int, default=500)
    maker.add_argument("--word", required=True)
    checker = commands.add_parser("check")
    checker.add_argument("url")
    checker.add_argument("--word", required=True)
    checker.add_argument("--report", required=True)
    checker.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args(argv)
    return make(args) if args.command == "make" else check(args)


if __name__ == "__main__":
    sys.exit(main())
