#!/usr/bin/env python3
"""Check a IIIF Presentation 3 manifest with iiif-prezi3, and the files it names.

    iiif_presentation_check.py MANIFEST_JSON BASE_URL DIR

Loads the manifest into iiif-prezi3's model (Manifest(**json)) and writes it back: the two
must be equal, since iiif-prezi3 silently repairs or drops some errors, so an unchanged round
trip is the check. Then every resource it names (painted bodies, thumbnails, and each image
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


def main():
    if len(sys.argv) != 4:
        print("usage: iiif_presentation_check.py MANIFEST_JSON BASE_URL DIR", file=sys.stderr)
        return 2
    path, base, folder = sys.argv[1:]
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    problems = []
    again = json.loads(Manifest(**document).jsonld())
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
