#!/usr/bin/env python3
"""Make a camera-like DNG (Bayer sensor data, optional JPEG preview) from an ordinary RGB photo.

    make_dng.py SOURCE.jpg OUT.dng [--orientation 1|3|6|8] [--preview full|small|none]
                [--preview-size N] [--preview-orientation N] [--make M] [--model M]
                [--lens L] [--date "YYYY:MM:DD HH:MM:SS"] [--scale K]
                [--pair-jpeg PATH] [--pair-date "YYYY:MM:DD HH:MM:SS"]

Test data with known truth for issue 40 (camera RAW): the DNG's developed picture is the source
photo again (within rounding and demosaicing), and its embedded preview is the photo too, so a
test compares vitrine's output with the photo it came from. Run it with the project's
.venv/bin/python3 (numpy, tifffile and Pillow; .ci/install-deps). Output is deterministic: the
same arguments give the same bytes. Nothing is read from the corpus but SOURCE.

What is written
---------------
SOURCE is turned upright by its own EXIF Orientation, scaled by --scale (Lanczos; e.g. 1.6 makes
a 3840x2160 photo 21 megapixels, for benchmarks), and cut to even width and height. Then:

* Sensor orientation. The sensor data is the upright photo turned the way a camera held that way
  would have recorded it, so that applying --orientation gives the upright photo back:
  3 = stored upside down; 6 = stored turned 90 degrees anticlockwise (a viewer turns it
  clockwise); 8 = stored turned clockwise. LibRaw reports these as flip 3, 6 and 5.
* Sensor values. sRGB gamma is undone (exact sRGB curve) to linear light, and each pixel keeps
  one channel of an RGGB mosaic (R at even row/even column, B at odd/odd) as a 16-bit sample
  BLACK + round(linear * (WHITE - BLACK)), BLACK = 64, WHITE = 4095 (12 bits).
* Colour. Camera RGB *is* linear sRGB: ColorMatrix1 (XYZ to camera) is the inverse of the
  sRGB-to-XYZ (D65) matrix dcraw/LibRaw use themselves (xyz_rgb in LibRaw's source), so LibRaw's
  camera-to-sRGB matrix comes out as the identity; CalibrationIlluminant1 = 21 (D65) and
  AsShotNeutral = 1 1 1, so the camera white balance (dcraw_emu -w) multiplies nothing.
* File layout (classic little-endian TIFF, written with tifffile):
  - IFD0, with --preview full|small: the embedded preview, NewSubFileType 1, a baseline JPEG
    (Pillow, quality 92, 4:2:0, JFIF APP0 dropped, no Exif unless --preview-orientation) as
    one strip with Compression 7 and PhotometricInterpretation 6 (YCbCr), YCbCrSubSampling 2 2,
    in *sensor* orientation as real DNGs do: the same Orientation tag applies to it. `full` is
    the sensor's size; `small` fits in --preview-size (default 160) pixels, like the 160x120
    stub previews of old cameras. The raw image is then SubIFD 0 (tag 330).
  - IFD0, with --preview none: the raw image itself (no SubIFDs).
  - The raw IFD: NewSubFileType 0, 16 bits, 1 sample, uncompressed strips,
    PhotometricInterpretation 32803 (CFA), CFARepeatPatternDim 2 2 (33421), CFAPattern 0 1 1 2
    (33422, RGGB), CFAPlaneColor 0 1 2 (50710), CFALayout 1 (50711), BlackLevelRepeatDim 1 1
    (50713), BlackLevel 64 (50714), WhiteLevel 4095 (50717).
  - IFD0 also holds what describes the camera and the file: Make (271), Model (272), Orientation
    (274), Software (305), DateTime (306, = --date), DNGVersion 1.4.0.0 (50706),
    DNGBackwardVersion 1.1.0.0 (50707), UniqueCameraModel "MAKE MODEL" (50708), ColorMatrix1
    (50721), AsShotNeutral (50728), CalibrationIlluminant1 (50778), and ExifIFD (34665).
  - The Exif IFD: ExposureTime 1/125, FNumber 5.6, ISOSpeedRatings 200, ExifVersion 0231,
    DateTimeOriginal and DateTimeDigitized (= --date), FocalLength 35, LensModel (--lens).
    tifffile refuses to write IFD-pointer tags, so IFD0 is written with a placeholder LONG tag
    34664 (sorts where 34665 goes) that is then renamed 34665 and pointed at an Exif IFD
    appended to the file.
  - tifffile adds XResolution/YResolution 1/1, ResolutionUnit 1, PlanarConfiguration 1 and, for
    the preview, ReferenceBlackWhite; nothing reads them.
* --pair-jpeg PATH also writes the upright photo as a JPEG (quality 92, no Orientation tag) with
  Make, Model, DateTime and Exif DateTimeOriginal = --pair-date (default: --date), the camera
  JPEG of a RAW+JPEG pair. A different --pair-date makes a pair that is not one.

What LibRaw 0.20 makes of it (Debian's libraw-bin 0.20.2)
---------------------------------------------------------
`raw-identify -v` of mate__Dune.jpg (1680x1050) made with --orientation 6 (lines picked out):

    Timestamp: Sat Jun 15 14:30:00 2024
    Camera: Vitrine Test Camera ID: 0x0
    UniqueCameraModel: =Vitrine Test Camera=
     DNG Version: 1.4.0.0
    Lens: Vitrine 35mm F1.8
    ISO speed: 200 / Shutter: 1/125.0 / Aperture: f/5.6 / Focal length: 35.0 mm
    Thumb size:  1050 x 1680
    Full size:   1050 x 1680
    Image size:  1050 x 1680
    Output size: 1680 x 1050
    Image flip: 6
    Filter pattern: RGGBRGGBRGGBRGGB
    black: 64
    As shot  1 1 1 0
    camRGB -> sRGB Matrix: identity (to 4 decimals)
    DNG Illuminant 1: D65
    Derived D65 multipliers: 0.999993 1.000010 0.999918

Thumb and raw sizes are in sensor orientation, "Output size" upright; flips 0, 3, 6 and 5 for
orientations 1, 3, 6 and 8. With --preview none "Thumb size" is absent and `simple_dcraw -e`
says "No thumbnail in file". With small, Thumb size is 160 x 100 (sensor orientation).
The timestamp is whichever date tag LibRaw parses last, which here is Exif DateTimeDigitized
(36868), read as local time (mktime): this script writes the same date in all three tags.

The preview: `simple_dcraw -e` (and the library's dcraw_make_mem_thumb, the same bytes) gives
the stored JPEG with an Exif APP1 put in front by LibRaw when the stored JPEG has none, holding
LibRaw's own TIFF header: Make, Model, DateTime, exposure, and Orientation = the DNG's, so an
Exif-aware reader turns it upright (checked: exif_transpose of it is the upright size, and its
mean difference from the source is 1.4 0.9 1.6 levels for orientations 1 and 6, 1.6 1.1 1.8 for
3 and 8: JPEG re-encoding). --preview-orientation N gives the preview its own Exif instead
(Pillow's JFIF APP0 is dropped so the JPEG starts with it); LibRaw then passes the JPEG through
byte for byte, even when N disagrees with the DNG's Orientation: a test of "flip and the
preview's EXIF disagree".

Developing: `dcraw_emu -w -T` (and -h, half size) turns the picture upright itself (its TIFF is
the upright size). Mean absolute difference from the source photo per channel R G B, in 8-bit
levels, both reduced to 480 pixels wide with a box filter (numbers for orientations 1/3/6/8):

  mate__Dune.jpg 1680x1050       full size                  half size (-h)
  -w -T -g 2.4 12.92 -W          0.86-0.89 0.27 2.23-2.24   2.16-2.94 1.34-1.42 1.89-2.49
  -w -T -g 2.4 12.92             9.0-9.2 8.7-8.8 8.1-8.3    8.0-8.5 7.8-7.9 6.7-7.3
  -w -T                          4.5-4.6 3.8 7.8-7.9        5.8-6.4 4.2-4.3 7.7-8.0
  -w -T -W                       10.4-10.6 11.2 8.6-8.7     10.8-11.3 10.9-11.0 8.7-9.0
  mate__LadyBird.jpg 2560x1600 (orientations 1 and 8):
  -w -T -g 2.4 12.92 -W          0.33 0.14 0.70             0.67-0.70 0.50 0.95-0.99
  -w -T -W                       13.1 11.8 12.1             13.0 11.7 12.1

With the sRGB curve and no auto-brighten there is no colour cast: the mean *signed* differences
are within +-0.4 level in every channel (the absolute ones are demosaicing at edges, more for the
quarter-sampled R and B; half size adds the half-pixel offset between a 2x2 block's R and B).
The others are developing choices, not faults of the DNG: dcraw_emu's default curve is BT.709's
(power 0.45, slope 4.5; LibRaw gamm[0] = 0.45, gamm[1] = 4.5), darker than sRGB in the mid-tones
(signed -10 to -13); `-g 2.4 12.92` is the sRGB curve. Its default auto-brighten (off with -W,
LibRaw no_auto_bright = 1) scales so that 1% of pixels clip, which brightens a photo without
highlights (Dune +9) and changes nothing in one with them (LadyBird). So a develop meant to match
the source uses gamm = {1/2.4, 12.92} and no_auto_bright = 1.

A real maker's name changes nothing: with --make Canon --model "EOS R5" LibRaw still uses the
DNG's matrix (identity camRGB -> sRGB) and the numbers are the same.

Speed: mate__Elephants_3840x2160.jpg with --scale 1.6 (6144x3456, 21 megapixels, full preview)
takes 1.1 s and 320 MB and makes a 49 MB DNG. pidng is not used: it writes a single IFD.
"""

import argparse
import io
import os
import struct
import sys

try:
    import numpy as np
    import tifffile
    from PIL import Image, ImageOps
except ImportError as error:
    sys.exit("cannot import %s: run .ci/install-deps and use .venv/bin/python3" % error.name)

BLACK = 64
WHITE = 4095

# sRGB (linear) to XYZ, D65: the xyz_rgb table in LibRaw's (and dcraw's) source. Its inverse is
# written as ColorMatrix1, so that LibRaw's cam_xyz * xyz_rgb is the identity.
XYZ_FROM_SRGB = np.array([
    [0.412453, 0.357580, 0.180423],
    [0.212671, 0.715160, 0.072169],
    [0.019334, 0.119193, 0.950227],
])
COLOR_MATRIX_DENOMINATOR = 1000000

# TIFF Orientation to the turn that undoes it on a picture stored that way (Pillow's own table in
# ImageOps.exif_transpose), and the stored picture made from an upright one (numpy: rot90 with
# k=1 turns anticlockwise).
TO_UPRIGHT = {1: None, 3: Image.Transpose.ROTATE_180, 6: Image.Transpose.ROTATE_270,
              8: Image.Transpose.ROTATE_90}
TO_SENSOR_K = {1: 0, 3: 2, 6: 1, 8: -1}

# TIFF field types
BYTE, ASCII, SHORT, LONG, RATIONAL, UNDEFINED, SRATIONAL = 1, 2, 3, 4, 5, 7, 10


def srgb_to_linear(levels):
    """The exact sRGB transfer function, inverted, of 8-bit levels, as float64 in 0...1."""
    v = levels / 255.0
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


def load_upright(path, scale):
    with Image.open(path) as image:
        image = ImageOps.exif_transpose(image).convert("RGB")
    if scale != 1:
        size = (max(2, round(image.width * scale)), max(2, round(image.height * scale)))
        image = image.resize(size, Image.Resampling.LANCZOS)
    width, height = image.width & ~1, image.height & ~1
    if (width, height) != image.size:
        image = image.crop((0, 0, width, height))
    return image


def mosaic(rgb):
    """RGGB Bayer samples of an 8-bit sRGB array (H, W, 3): uint16 (H, W)."""
    lut = np.rint(BLACK + srgb_to_linear(np.arange(256)) * (WHITE - BLACK)).astype(np.uint16)
    cfa = np.empty(rgb.shape[:2], dtype=np.uint16)
    cfa[0::2, 0::2] = lut[rgb[0::2, 0::2, 0]]
    cfa[0::2, 1::2] = lut[rgb[0::2, 1::2, 1]]
    cfa[1::2, 0::2] = lut[rgb[1::2, 0::2, 1]]
    cfa[1::2, 1::2] = lut[rgb[1::2, 1::2, 2]]
    return cfa


def jpeg_bytes(image, exif=None):
    out = io.BytesIO()
    options = {"quality": 92, "subsampling": "4:2:0"}
    if exif is not None:
        options["exif"] = exif
    image.save(out, "JPEG", **options)
    return out.getvalue()


def without_jfif(data):
    """The JPEG without Pillow's JFIF APP0 segment, as cameras write previews: then a preview
    with its own Exif starts FF D8 FF E1 ... "Exif", which is how LibRaw tells it has one."""
    if data[2:4] == b"\xff\xe0" and data[6:11] == b"JFIF\0":
        return data[:2] + data[4 + struct.unpack(">H", data[4:6])[0]:]
    return data


def rationals(values, denominator):
    out = []
    for value in values:
        out += [int(round(value * denominator)), denominator]
    return out


def ascii_tag(code, text):
    return (code, ASCII, 0, text, True)


def camera_tags(args):
    """IFD0's tags that describe the camera and its colour (not the image's layout)."""
    color_matrix = np.linalg.inv(XYZ_FROM_SRGB).flatten()
    return [
        ascii_tag(271, args.make),
        ascii_tag(272, args.model),
        (274, SHORT, 1, args.orientation, True),
        (34664, LONG, 1, 0, True),  # placeholder, becomes ExifIFD 34665 (see patch_exif_ifd)
        (50706, BYTE, 4, (1, 4, 0, 0), True),
        (50707, BYTE, 4, (1, 1, 0, 0), True),
        ascii_tag(50708, "%s %s" % (args.make, args.model)),
        (50721, SRATIONAL, 9, rationals(color_matrix, COLOR_MATRIX_DENOMINATOR), True),
        (50728, RATIONAL, 3, (1, 1, 1, 1, 1, 1), True),
        (50778, SHORT, 1, 21, True),
    ]


def cfa_tags():
    return [
        (33421, SHORT, 2, (2, 2), True),
        (33422, BYTE, 4, (0, 1, 1, 2), True),
        (50710, BYTE, 3, (0, 1, 2), True),
        (50711, SHORT, 1, 1, True),
        (50713, SHORT, 2, (1, 1), True),
        (50714, LONG, 1, BLACK, True),
        (50717, LONG, 1, WHITE, True),
    ]


def exif_ifd(args, offset):
    """A little-endian Exif IFD to be placed at file offset `offset` (even), as bytes."""
    entries = [
        (33434, RATIONAL, 1, struct.pack("<2I", 1, 125)),       # ExposureTime
        (33437, RATIONAL, 1, struct.pack("<2I", 56, 10)),       # FNumber
        (34855, SHORT, 1, struct.pack("<H", 200)),              # ISOSpeedRatings
        (36864, UNDEFINED, 4, b"0231"),                         # ExifVersion
        (36867, ASCII, 20, args.date.encode() + b"\0"),         # DateTimeOriginal
        (36868, ASCII, 20, args.date.encode() + b"\0"),         # DateTimeDigitized
        (37386, RATIONAL, 1, struct.pack("<2I", 35, 1)),        # FocalLength
        (42036, ASCII, len(args.lens) + 1, args.lens.encode() + b"\0"),  # LensModel
    ]
    head = struct.pack("<H", len(entries))
    values = b""
    values_at = offset + 2 + 12 * len(entries) + 4
    for code, kind, count, value in entries:
        if len(value) <= 4:
            head += struct.pack("<HHI", code, kind, count) + value.ljust(4, b"\0")
        else:
            head += struct.pack("<HHII", code, kind, count, values_at + len(values))
            values += value + (b"\0" if len(value) % 2 else b"")
    return head + struct.pack("<I", 0) + values


def patch_exif_ifd(path, args):
    """Turn IFD0's placeholder tag 34664 into ExifIFD (34665) pointing at an appended Exif IFD."""
    with open(path, "r+b") as file:
        header = file.read(8)
        if header[:4] != b"II*\0":
            raise SystemExit("tifffile wrote no little-endian classic TIFF")
        ifd0 = struct.unpack("<I", header[4:])[0]
        file.seek(ifd0)
        count = struct.unpack("<H", file.read(2))[0]
        entries = file.read(12 * count)
        for i in range(count):
            if struct.unpack("<H", entries[12 * i:12 * i + 2])[0] == 34664:
                break
        else:
            raise SystemExit("placeholder tag 34664 not found in IFD0")
        end = file.seek(0, os.SEEK_END)
        if end % 2:
            file.write(b"\0")
            end += 1
        file.write(exif_ifd(args, end))
        file.seek(ifd0 + 2 + 12 * i)
        file.write(struct.pack("<HHII", 34665, LONG, 1, end))


def write_dng(args, upright):
    sensor = np.rot90(np.asarray(upright), TO_SENSOR_K[args.orientation])
    sensor = np.ascontiguousarray(sensor)
    cfa = mosaic(sensor)
    common = {"software": "vitrine Tests/Support/make_dng.py", "metadata": None,
              "resolution": None}
    raw = dict(photometric=32803, subfiletype=0, rowsperstrip=max(1, 65536 // cfa.shape[1]),
               **common)
    with tifffile.TiffWriter(args.out, bigtiff=False, byteorder="<") as tif:
        if args.preview == "none":
            tif.write(cfa, datetime=args.date, extratags=camera_tags(args) + cfa_tags(), **raw)
        else:
            preview = Image.fromarray(sensor)
            if args.preview == "small":
                preview.thumbnail((args.preview_size, args.preview_size), Image.Resampling.LANCZOS)
            exif = None
            if args.preview_orientation is not None:
                exif = Image.Exif()
                exif[274] = args.preview_orientation
                exif = exif.tobytes()
            data = without_jfif(jpeg_bytes(preview, exif=exif))
            tif.write(iter([data]), shape=(preview.height, preview.width, 3), dtype=np.uint8,
                      photometric="ycbcr", subsampling=(2, 2), compression="jpeg",
                      rowsperstrip=preview.height, subfiletype=1, subifds=1,
                      datetime=args.date, extratags=camera_tags(args), **common)
            tif.write(cfa, extratags=cfa_tags(), **raw)
    patch_exif_ifd(args.out, args)


def write_pair_jpeg(args, upright):
    exif = Image.Exif()
    exif[271] = args.make
    exif[272] = args.model
    exif[306] = args.pair_date
    exif[0x8769] = {36867: args.pair_date, 36868: args.pair_date}  # Exif IFD: DateTimeOriginal...
    with open(args.pair_jpeg, "wb") as file:
        file.write(jpeg_bytes(upright, exif=exif.tobytes()))


def date(text):
    import time
    try:
        time.strptime(text, "%Y:%m:%d %H:%M:%S")
    except ValueError:
        raise argparse.ArgumentTypeError("not YYYY:MM:DD HH:MM:SS: %r" % text)
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source",
                        help="an RGB photo (JPEG, PNG...); its EXIF orientation is applied")
    parser.add_argument("out", help="the DNG to write")
    parser.add_argument("--orientation", type=int, choices=(1, 3, 6, 8), default=1)
    parser.add_argument("--preview", choices=("full", "small", "none"), default="full")
    parser.add_argument("--preview-size", type=int, default=160,
                        help="longest side of a --preview small (default 160)")
    parser.add_argument("--preview-orientation", type=int, choices=range(1, 9), metavar="N",
                        help="give the preview JPEG its own Exif APP1 with Orientation N "
                             "(default: no Exif in the preview)")
    parser.add_argument("--make", default="Vitrine")
    parser.add_argument("--model", default="Test Camera")
    parser.add_argument("--lens", default="Vitrine 35mm F1.8")
    parser.add_argument("--date", type=date, default="2024:06:15 14:30:00",
                        help="DateTime and Exif DateTimeOriginal (default 2024:06:15 14:30:00)")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="scale the photo by K first (Lanczos)")
    parser.add_argument("--pair-jpeg", metavar="PATH",
                        help="also write the upright photo as the camera's JPEG")
    parser.add_argument("--pair-date", type=date,
                        help="the pair JPEG's DateTimeOriginal (default: --date)")
    args = parser.parse_args()
    if args.scale <= 0:
        parser.error("--scale must be positive")
    if args.pair_date is None:
        args.pair_date = args.date
    upright = load_upright(args.source, args.scale)
    write_dng(args, upright)
    if args.pair_jpeg:
        write_pair_jpeg(args, upright)


if __name__ == "__main__":
    main()
