// The libvips headers, plus the few GLib/GObject macros Swift cannot import,
// as static inline functions. No operation wrappers live here: VipsKit calls
// every libvips operation by name through the introspection API.
#ifndef VITRINE_CVIPS_SHIM_H
#define VITRINE_CVIPS_SHIM_H

#include <vips/vips.h>
// vips_vector_set_enabled: in vips.h from libvips 8.15, in its own header before.
#if __has_include(<vips/vector.h>)
#include <vips/vector.h>
#endif

static inline GType cvips_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType cvips_type_int(void) { return G_TYPE_INT; }
static inline GType cvips_type_uint64(void) { return G_TYPE_UINT64; }
static inline GType cvips_type_double(void) { return G_TYPE_DOUBLE; }
static inline GType cvips_type_string(void) { return G_TYPE_STRING; }
static inline GType cvips_type_enum(void) { return G_TYPE_ENUM; }
static inline GType cvips_type_flags(void) { return G_TYPE_FLAGS; }
static inline GType cvips_type_object(void) { return G_TYPE_OBJECT; }
static inline GType cvips_type_fundamental(GType type) { return G_TYPE_FUNDAMENTAL(type); }
static inline GType cvips_type_image(void) { return VIPS_TYPE_IMAGE; }
static inline GType cvips_type_array_double(void) { return VIPS_TYPE_ARRAY_DOUBLE; }
static inline GType cvips_type_array_int(void) { return VIPS_TYPE_ARRAY_INT; }
static inline GType cvips_type_array_image(void) { return VIPS_TYPE_ARRAY_IMAGE; }
static inline GType cvips_type_blob(void) { return VIPS_TYPE_BLOB; }
static inline GType cvips_type_ref_string(void) { return VIPS_TYPE_REF_STRING; }
static inline GType cvips_param_value_type(GParamSpec *pspec) { return G_PARAM_SPEC_VALUE_TYPE(pspec); }
static inline VipsObject *cvips_object(void *pointer) { return VIPS_OBJECT(pointer); }
static inline VipsImage *cvips_image(void *pointer) { return VIPS_IMAGE(pointer); }


// Loader classes, for sniffing a file's format with a chosen set of loaders.
static inline int cvips_class_is_abstract(void *klass) { return G_TYPE_IS_ABSTRACT(G_TYPE_FROM_CLASS(klass)); }
static inline const char *cvips_class_nickname(void *klass) { return VIPS_OBJECT_CLASS(klass)->nickname; }
/// 1 or 0 from the loader's own is_a(filename); -1 when it has none (it matches by suffix only).
static inline int cvips_loader_is_a(void *klass, const char *filename) {
	VipsForeignLoadClass *load_class = VIPS_FOREIGN_LOAD_CLASS(klass);
	return load_class->is_a ? (load_class->is_a(filename) ? 1 : 0) : -1;
}

#endif
