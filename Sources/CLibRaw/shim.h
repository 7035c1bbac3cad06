// LibRaw (the thread-safe libraw_r), for camera RAW files: their embedded previews and their
// sensor data. Its C structs hold names as fixed char arrays and a processed image's pixels
// as a trailing array, which Swift sees as tuples: small accessors hand them over as pointers.
#ifndef VITRINE_CLIBRAW_SHIM_H
#define VITRINE_CLIBRAW_SHIM_H
#include <libraw.h>

static inline const char *vitrine_libraw_make(libraw_data_t *raw) { return raw->idata.make; }
static inline const char *vitrine_libraw_model(libraw_data_t *raw) { return raw->idata.model; }
static inline const char *vitrine_libraw_lens(libraw_data_t *raw) { return raw->lens.Lens; }
static inline const char *vitrine_libraw_lens_make(libraw_data_t *raw) { return raw->lens.LensMake; }
static inline const unsigned char *vitrine_libraw_image_data(const libraw_processed_image_t *image) { return image->data; }
#endif
