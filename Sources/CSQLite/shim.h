// SQLite: the build's state store (what was made, from which source, with which settings).
#ifndef VITRINE_CSQLITE_SHIM_H
#define VITRINE_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
