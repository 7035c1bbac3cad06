// Little CMS 2, the colour engine libvips itself uses: asked which rendering intents an ICC
// profile has tables for.
#ifndef VITRINE_CLCMS2_SHIM_H
#define VITRINE_CLCMS2_SHIM_H
#include <lcms2.h>
#endif
