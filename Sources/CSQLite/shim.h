#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

/* sqlite3_db_config takes variable arguments, which Swift cannot call: one wrapper per use. */

/* Whether the last connection to close checkpoints the WAL (on by default in SQLite). */
static inline int citefeed_checkpoint_on_close(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on ? 0 : 1, (int *)0);
}

#endif
