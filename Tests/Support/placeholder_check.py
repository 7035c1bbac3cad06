#!/usr/bin/env python3
"""Check a ThumbHash against the picture it was made from, by average colour.

    placeholder_check.py IMAGE_PNG THUMBHASH_BASE64 [--max-distance N]

Decodes the hash with thumbhash-python's reference decoder, averages the RGB of the
decoded placeholder and of IMAGE_PNG, prints both, and exits 0 when their Euclidean
distance on the 0-255 scale is at most N (default 10), 1 when it is larger, and 2 when an
argument cannot be read or a package is missing (argparse's usage errors also exit 2).

Needs the PyPI package thumbhash-python and Pillow (which also reads the PNG): run it with
the project's .venv/bin/python3, where .ci/install-deps puts them.

Transparency: ThumbHash stores the colour of the picture composited onto its own
alpha-weighted average colour, and alpha apart. So the PNG's pixels are averaged weighted
by alpha, and the decoded placeholder's RGB plainly (weighting it by its decoded alpha would
favour the opaque parts twice). Saturated colours next to transparency still drift a bit:
the decoder boosts saturation by 1.25 and clamps to 0-255.
"""

import argparse
import base64
import binascii
import math
import sys

try:
    from PIL import Image
    from thumbhash.decode import thumbhash_to_rgba
except ImportError as error:
    print(f"placeholder_check: {error}; run .ci/install-deps, then this with .venv/bin/python3",
          file=sys.stderr)
    sys.exit(2)


def average_rgb(rgba, by_alpha):
    """Mean R, G, B of flat RGBA bytes, weighted by alpha if asked (plain if all is clear)."""
    count = len(rgba) // 4
    weights = [rgba[i + 3] / 255.0 if by_alpha else 1.0 for i in range(0, len(rgba), 4)]
    total = sum(weights)
    if total == 0.0:
        weights, total = [1.0] * count, float(count)
    return [sum(w * v for w, v in zip(weights, rgba[c::4])) / total for c in range(3)]


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Compare the average colour of a ThumbHash with that of a PNG.")
    parser.add_argument("image", metavar="IMAGE_PNG", help="the picture the hash was made from")
    parser.add_argument("hash", metavar="THUMBHASH_BASE64", help="the hash, standard base64")
    parser.add_argument("--max-distance", type=float, default=10.0,
                        help="largest accepted RGB distance on the 0-255 scale (default 10)")
    args = parser.parse_args(argv)

    try:
        hash_bytes = base64.b64decode(args.hash, validate=True)
        _, _, decoded = thumbhash_to_rgba(hash_bytes)
    except (binascii.Error, ValueError, IndexError) as error:
        print(f"placeholder_check: cannot decode the hash {args.hash!r}: {error}", file=sys.stderr)
        return 2
    try:
        with Image.open(args.image) as picture:
            pixels = list(picture.convert("RGBA").tobytes())
    except OSError as error:
        print(f"placeholder_check: cannot read {args.image}: {error}", file=sys.stderr)
        return 2

    image_rgb = average_rgb(pixels, by_alpha=True)
    hash_rgb = average_rgb(decoded, by_alpha=False)
    distance = math.dist(image_rgb, hash_rgb)
    print("image average RGB: %.1f %.1f %.1f" % tuple(image_rgb))
    print("hash  average RGB: %.1f %.1f %.1f" % tuple(hash_rgb))
    verdict = "ok" if distance <= args.max_distance else "too far"
    print(f"distance: {distance:.2f} (max {args.max_distance:g}): {verdict}")
    return 0 if distance <= args.max_distance else 1


if __name__ == "__main__":
    sys.exit(main())
