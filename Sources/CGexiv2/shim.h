// gexiv2: GLib's C binding of exiv2, the field's reader for EXIF, IPTC and XMP.
#ifndef VITRINE_CGEXIV2_SHIM_H
#define VITRINE_CGEXIV2_SHIM_H
#include <gexiv2/gexiv2.h>
#endif
