// cmark: the CommonMark reference implementation, for Markdown captions.
#ifndef VITRINE_CCMARK_SHIM_H
#define VITRINE_CCMARK_SHIM_H
#include <cmark.h>
#endif
