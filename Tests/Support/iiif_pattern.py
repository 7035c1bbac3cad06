#!/usr/bin/env python3
"""Write the IIIF Image API validator's test pattern as a PNG.

    iiif_pattern.py OUT_PNG

A 1000x1000 picture of 10x10 squares of 100 pixels, the square at column x and row y filled
with the colour the validator's own table (iiif_validator.validator.ValidationInfo().colorInfo
[x][y]) gives it: its id_squares test crops squares of a served picture and compares their
colour with that table, so the table is read from the installed validator, never copied.

Needs the PyPI package iiif-validator and Pillow: run it with the project's .venv/bin/python3,
where .ci/install-deps puts them. Exits 2 when they are missing.
"""

import sys

try:
    from iiif_validator.validator import ValidationInfo
    from PIL import Image, ImageDraw
except ImportError as error:
    sys.exit("cannot import %s: run .ci/install-deps" % error.name)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: iiif_pattern.py OUT_PNG")
    colours = ValidationInfo().colorInfo
    picture = Image.new("RGB", (1000, 1000))
    draw = ImageDraw.Draw(picture)
    for x in range(10):
        for y in range(10):
            draw.rectangle([x * 100, y * 100, x * 100 + 99, y * 100 + 99], fill=tuple(colours[x][y]))
    picture.save(sys.argv[1])


if __name__ == "__main__":
    main()
