#!/usr/bin/env python3
"""Check a IIIF Presentation 3 manifest with iiif-prezi3, and the files it names.

    iiif_presentation_check.py MANIFEST_JSON BASE_URL DIR

Loads the manifest into iiif-prezi3's model (Manifest(**json)) and writes it back: the two
must be equal, since iiif-prezi3 silently repairs or drops some errors, so an unchanged round
trip is the check (but for the empty `items` it gives a canvas a Range refers to, which it reads
as a whole canvas). Every canvas a Range refers to must be one of the manifest's, and Range ids
must be distinct. Then every resource it names (painted bodies, thumbnails, and each image
service's info.json) must be a URL below BASE_URL whose file exists below DIR. Prints what
differs or is missing; exits 0 when all is well, 1 otherwise, 2 when a package is missing.

Needs the PyPI package iiif-prezi3: run it with the project's .venv/bin/python3.
"""

import json
import os
import sys

try:
    from iiif_prezi3 import Manifest
except ImportError as error:
    sys.exit("cannot import %s: run .ci/install-deps" % error.name)


def named_files(document, base):
    """Yield (url, path below DIR) of every resource the manifest names."""
    for canvas in document.get("items", []):
        resources = list(canvas.get("thumbnail", []))
        for page in canvas.get("items", []):
            for annotation in page.get("items", []):
                resources.append(annotation["body"])
        for resource in resources:
            yield resource["id"]
            for service in resource.get("service", []):
                yield (service.get("id") or service.get("@id")) + "/info.json"


def ranges(members):
    """Yield every Range in `members`, depth-first."""
    for member in members:
        if member.get("type") == "Range":
            yield member
            yield from ranges(member.get("items", []))


def without_filled_references(again, document):
    """The round trip, without the `items: []` iiif-prezi3 adds to the canvases Ranges refer to."""
    for made, given in zip(ranges(again.get("structures", [])), ranges(document.get("structures", []))):
        for member, original in zip(made.get("items", []), given.get("items", [])):
            if member.get("type") == "Canvas" and "items" not in original and member.get("items") == []:
                del member["items"]
    return again


def range_problems(document):
    canvases = {canvas["id"] for canvas in document.get("items", [])}
    seen, problems = set(), []
    for found in ranges(document.get("structures", [])):
        if found["id"] in seen:
            problems.append("Range %s twice" % found["id"])
        seen.add(found["id"])
        for member in found.get("items", []):
            if member.get("type") == "Canvas" and member["id"] not in canvases:
                problems.append("Range %s refers to %s, no canvas of the manifest" % (found["id"], member["id"]))
    return problems


def main():
    if len(sys.argv) != 4:
        print("usage: iiif_presentation_check.py MANIFEST_JSON BASE_URL DIR", file=sys.stderr)
        return 2
    path, base, folder = sys.argv[1:]
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    problems = []
    again = without_filled_references(json.loads(Manifest(**document).jsonld()), document)
    problems += range_problems(document)
    if again != document:
        problems.append("the round trip through iiif-prezi3 changed it:\n%s" % json.dumps(again, indent=1, sort_keys=True))
    count = 0
    for url in named_files(document, base):
        count += 1
        if not url.startswith(base + "/"):
            problems.append("%s is not below %s" % (url, base))
        elif not os.path.isfile(os.path.join(folder, url[len(base) + 1:])):
            problems.append("%s names no file" % url)
    if count == 0:
        problems.append("the manifest names no resource")
    for problem in problems:
        print(problem)
    print("%d resources checked" % count)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
