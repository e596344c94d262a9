#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

/* sqlite3_db_config takes variable arguments, which Swift cannot call: one wrapper per use. */

/* Whether the last connection to close checkpoints the WAL (on by default in SQLite). */
static inline int citefeed_checkpoint_on_close(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on ? 0 : 1, (int *)0);
}

/* sqlite3_config takes variable arguments too. Memory statistics off: with them on, SQLite takes
   one process-wide mutex around every allocation (its documentation advises turning them off;
   citefeed never reads them). Only before SQLite is initialised: SQLITE_MISUSE after. */
static inline int citefeed_no_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
