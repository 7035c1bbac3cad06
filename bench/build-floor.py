#!/usr/bin/env python3
"""bench/build's floor: the renditions `vitrine build` makes, by the shortest libvips script.

    build-floor.py [--processes P] [--threads T] SRC_FOLDER OUT_FOLDER

For every JPEG in SRC_FOLDER (not below it): a 256x256 filled thumbnail and its 512x512 @2x
(attention crop; the 1x is the @2x halved) in OUT/thumbs/, and a 1280x1280 fitted display
size in OUT/display/, with vitrine's encoder settings (JPEG Q82, optimised Huffman tables,
progressive, metadata stripped) and its one decode per source: the file is shrunk on load
once, to the largest scale any of the three needs, kept in memory, and the three are cut
from that (the 1x thumbnail from the @2x when that is twice its size). Pixels are
converted to sRGB when the file has an embedded profile, as vitrine does. One process per
core (default), one libvips thread each (default, as vitrine's workers), largest files first.
Nothing else: no manifest, no placeholder, no atomic writes, no time limits. See bench/README.md.
"""
import argparse
import math
import os
import sys
from multiprocessing import Pool

pyvips = None  # imported in main(), once VIPS_CONCURRENCY is set

THUMB = 256  # the @2x is twice this
DISPLAY = 1280
SAVE = {"Q": 82, "optimize_coding": True, "interlace": True, "strip": True}


def upright_size(image):
    orientation = image.get("orientation") if image.get_typeof("orientation") else 1
    return (image.height, image.width) if orientation in (5, 6, 7, 8) else (image.width, image.height)


def render(job):
    source, out, stem = job
    header = pyvips.Image.new_from_file(source)  # the header only
    width, height = upright_size(header)
    fit = min(DISPLAY / width, DISPLAY / height, 1)
    fill = min(max(2 * THUMB / width, 2 * THUMB / height), 1)
    scale = max(fit, fill)
    options = {"size": "down"}
    if header.get_typeof("icc-profile-data"):
        options["export_profile"] = "srgb"
    base = pyvips.Image.thumbnail(source, math.ceil(width * scale), height=math.ceil(height * scale), **options)
    base = base.copy_memory()
    base.thumbnail_image(DISPLAY, height=DISPLAY, size="down").jpegsave(f"{out}/display/{stem}-1280x1280.jpg", **SAVE)
    retina = base.thumbnail_image(2 * THUMB, height=2 * THUMB, size="down", crop="attention").copy_memory()
    retina.jpegsave(f"{out}/thumbs/{stem}-256x256@2x.jpg", **SAVE)
    # The 1x is the @2x halved when the @2x is twice its size, as vitrine makes it.
    larger = retina if retina.width >= 2 * THUMB else base
    crop = {} if larger is retina else {"crop": "attention"}
    larger.thumbnail_image(THUMB, height=THUMB, size="down", **crop).jpegsave(f"{out}/thumbs/{stem}-256x256.jpg", **SAVE)
    return source


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=os.cpu_count())
    parser.add_argument("--threads", type=int, default=1, help="libvips threads per process")
    parser.add_argument("source")
    parser.add_argument("out")
    arguments = parser.parse_args()
    # libvips reads its thread count when it starts, at import; the workers fork from here.
    os.environ["VIPS_CONCURRENCY"] = str(arguments.threads)
    global pyvips
    import pyvips
    pyvips.cache_set_max(0)  # as vitrine's workers: no operation cache
    names = [n for n in os.listdir(arguments.source) if n.lower().endswith((".jpg", ".jpeg"))]
    names.sort(key=lambda n: -os.path.getsize(os.path.join(arguments.source, n)))
    os.makedirs(f"{arguments.out}/thumbs", exist_ok=True)
    os.makedirs(f"{arguments.out}/display", exist_ok=True)
    jobs = [(os.path.join(arguments.source, n), arguments.out, os.path.splitext(n)[0]) for n in names]
    with Pool(arguments.processes) as pool:
        done = sum(1 for _ in pool.imap_unordered(render, jobs, chunksize=1))
    if done != len(jobs):
        sys.exit(f"build-floor.py: {done} of {len(jobs)} done")


if __name__ == "__main__":
    main()
