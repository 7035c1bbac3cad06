// libarchive, for the zip container of tile pyramids (`vitrine tiles --container zip`): one
// archive written from a finished pyramid folder, with ZIP64 records when it needs them.
#ifndef VITRINE_CARCHIVE_SHIM_H
#define VITRINE_CARCHIVE_SHIM_H
#include <archive.h>
#include <archive_entry.h>
// AE_IFREG is a cast macro, which Swift does not import.
static const unsigned int vitrine_archive_regular_file = AE_IFREG;
#endif
