import CiteFeedModel
import CiteFeedSupport

/// The library's schema and its forward migrations, versioned with `PRAGMA user_version`.
/// A library is recognised by `PRAGMA application_id`; anything else is never touched.
enum Schema {
    /// "CiFd".
    static let applicationID: Int64 = 0x4369_4664

    /// Migration `i` takes the schema from version `i` to `i + 1`.
    static let migrations: [String] = [
        """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE citations (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            uuid TEXT NOT NULL UNIQUE,
            text TEXT NOT NULL,
            back TEXT,
            author TEXT,
            source TEXT,
            favourite INTEGER NOT NULL DEFAULT 0 CHECK (favourite IN (0, 1)),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            archived_at INTEGER
        );
        CREATE INDEX citations_active_by_updated ON citations (updated_at, id) WHERE archived_at IS NULL;
        CREATE INDEX citations_active_by_created ON citations (created_at, id) WHERE archived_at IS NULL;
        CREATE INDEX citations_archived ON citations (archived_at) WHERE archived_at IS NOT NULL;
        CREATE TABLE tags (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            key TEXT NOT NULL UNIQUE,
            color TEXT NOT NULL
        );
        CREATE TABLE citation_tags (
            citation_id INTEGER NOT NULL REFERENCES citations (id) ON DELETE CASCADE,
            tag_id INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
            PRIMARY KEY (citation_id, tag_id)
        ) WITHOUT ROWID;
        CREATE INDEX citation_tags_by_tag ON citation_tags (tag_id, citation_id);
        CREATE VIRTUAL TABLE citations_fts USING fts5(
            text, back, author, source,
            content = 'citations', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER citations_fts_insert AFTER INSERT ON citations BEGIN
            INSERT INTO citations_fts (rowid, text, back, author, source)
            VALUES (new.id, new.text, new.back, new.author, new.source);
        END;
        CREATE TRIGGER citations_fts_delete AFTER DELETE ON citations BEGIN
            INSERT INTO citations_fts (citations_fts, rowid, text, back, author, source)
            VALUES ('delete', old.id, old.text, old.back, old.author, old.source);
        END;
        CREATE TRIGGER citations_fts_update AFTER UPDATE OF text, back, author, source ON citations BEGIN
            INSERT INTO citations_fts (citations_fts, rowid, text, back, author, source)
            VALUES ('delete', old.id, old.text, old.back, old.author, old.source);
            INSERT INTO citations_fts (rowid, text, back, author, source)
            VALUES (new.id, new.text, new.back, new.author, new.source);
        END;
        """,
        // 2: rotation. `picks` is the history: every pick with the slot it belongs to, the cycle
        // of the fair order, and a JSON snapshot of what was shown. `text_length` (characters,
        // as Swift counts them; rows from before get SQLite's count of code points) lets
        // `maxLength` filter in SQL.
        """
        ALTER TABLE citations ADD COLUMN text_length INTEGER NOT NULL DEFAULT 0;
        UPDATE citations SET text_length = length(text);
        CREATE TABLE picks (
            id INTEGER PRIMARY KEY,
            slot_start INTEGER NOT NULL,
            slot_end INTEGER NOT NULL,
            picked_at INTEGER NOT NULL,
            citation_id INTEGER NOT NULL REFERENCES citations (id) ON DELETE CASCADE,
            cycle INTEGER NOT NULL,
            reason TEXT NOT NULL,
            snapshot TEXT NOT NULL
        );
        CREATE INDEX picks_by_cycle ON picks (cycle, citation_id);
        CREATE INDEX picks_by_citation ON picks (citation_id);
        -- What the rotator reads of every eligible citation, so that choosing a pick scans this
        -- small index instead of every row with its text.
        CREATE INDEX citations_rotation ON citations (id, favourite, text_length, uuid, archived_at) WHERE archived_at IS NULL;
        INSERT OR IGNORE INTO meta (key, value) VALUES ('created', CAST(strftime('%s', 'now') AS TEXT));
        -- `generation` counts changes that can change what is eligible; `rotation_cache` keeps
        -- the eligible citations of the last rotation for that generation and filter, so that a
        -- rotation does not read 100,000 rows when nothing changed.
        INSERT OR IGNORE INTO meta (key, value) VALUES ('generation', '0');
        CREATE TABLE rotation_cache (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            generation INTEGER NOT NULL,
            filter TEXT NOT NULL,
            entries BLOB NOT NULL
        );
        CREATE TRIGGER generation_citation_insert AFTER INSERT ON citations BEGIN
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation';
        END;
        CREATE TRIGGER generation_citation_delete AFTER DELETE ON citations BEGIN
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation';
        END;
        CREATE TRIGGER generation_citation_update AFTER UPDATE OF uuid, favourite, archived_at, text_length ON citations BEGIN
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation';
        END;
        CREATE TRIGGER generation_tagging_insert AFTER INSERT ON citation_tags BEGIN
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation';
        END;
        CREATE TRIGGER generation_tagging_delete AFTER DELETE ON citation_tags BEGIN
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation';
        END;
        CREATE TRIGGER generation_tag_update AFTER UPDATE OF key ON tags BEGIN
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation';
        END;
        CREATE TRIGGER generation_tag_delete AFTER DELETE ON tags BEGIN
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation';
        END;
        """,
        // 3: the full-text index without its table of column sizes (`columnsize = 0`), which
        // only ranking by relevance reads, and citefeed orders matches by date: a row less to
        // write for every citation (filling the index for 100k citations takes 20-40% less).
        // The triggers of migration 1 keep it in sync as before.
        """
        DROP TABLE citations_fts;
        CREATE VIRTUAL TABLE citations_fts USING fts5(
            text, back, author, source,
            content = 'citations', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2', columnsize = 0
        );
        INSERT INTO citations_fts (citations_fts) VALUES ('rebuild');
        """,
        // 4: the uniqueness of `uuid` as an index of its own (`citations_uuid`) instead of a
        // column constraint, which SQLite cannot drop: a bulk import drops it with the other
        // secondary indexes and makes it again in one sort, instead of inserting every uuid at
        // a random place (a 100k-row import: 0.15-0.25 s less). SQLite's procedure for other
        // changes of a table (https://sqlite.org/lang_altertable.html#otheralter): a new table,
        // the rows copied with their ids, the old one dropped (foreign keys are not enforced
        // while a library is migrated), the new one renamed, its indexes and triggers made
        // again. The highest id ever given is kept, as ids are never reused; the full-text
        // index (external content, by id) stays valid.
        """
        CREATE TABLE citations_new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            uuid TEXT NOT NULL,
            text TEXT NOT NULL,
            back TEXT,
            author TEXT,
            source TEXT,
            favourite INTEGER NOT NULL DEFAULT 0 CHECK (favourite IN (0, 1)),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            archived_at INTEGER,
            text_length INTEGER NOT NULL DEFAULT 0
        );
        INSERT INTO citations_new (id, uuid, text, back, author, source, favourite, created_at, updated_at, archived_at, text_length)
        SELECT id, uuid, text, back, author, source, favourite, created_at, updated_at, archived_at, text_length FROM citations;
        DELETE FROM sqlite_sequence WHERE name = 'citations_new';
        INSERT INTO sqlite_sequence (name, seq) SELECT 'citations_new', seq FROM sqlite_sequence WHERE name = 'citations';
        DROP TABLE citations;
        ALTER TABLE citations_new RENAME TO citations;
        CREATE UNIQUE INDEX citations_uuid ON citations (uuid);
        CREATE INDEX citations_active_by_updated ON citations (updated_at, id) WHERE archived_at IS NULL;
        CREATE INDEX citations_active_by_created ON citations (created_at, id) WHERE archived_at IS NULL;
        CREATE INDEX citations_archived ON citations (archived_at) WHERE archived_at IS NOT NULL;
        CREATE INDEX citations_rotation ON citations (id, favourite, text_length, uuid, archived_at) WHERE archived_at IS NULL;
        CREATE TRIGGER citations_fts_insert AFTER INSERT ON citations BEGIN
            INSERT INTO citations_fts (rowid, text, back, author, source)
            VALUES (new.id, new.text, new.back, new.author, new.source);
        END;
        CREATE TRIGGER citations_fts_delete AFTER DELETE ON citations BEGIN
            INSERT INTO citations_fts (citations_fts, rowid, text, back, author, source)
            VALUES ('delete', old.id, old.text, old.back, old.author, old.source);
        END;
        CREATE TRIGGER citations_fts_update AFTER UPDATE OF text, back, author, source ON citations BEGIN
            INSERT INTO citations_fts (citations_fts, rowid, text, back, author, source)
            VALUES ('delete', old.id, old.text, old.back, old.author, old.source);
            INSERT INTO citations_fts (rowid, text, back, author, source)
            VALUES (new.id, new.text, new.back, new.author, new.source);
        END;
        CREATE TRIGGER generation_citation_insert AFTER INSERT ON citations BEGIN
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation';
        END;
        CREATE TRIGGER generation_citation_delete AFTER DELETE ON citations BEGIN
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation';
        END;
        CREATE TRIGGER generation_citation_update AFTER UPDATE OF uuid, favourite, archived_at, text_length ON citations BEGIN
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation';
        END;
        """,
        // 5: named rotations. Each pick belongs to a rotation, by name; the unnamed
        // default rotation is '' (every pick made before). Its history, cycle and cache are
        // read by rotation, so the indexes lead with it; the cache holds a row per rotation.
        """
        ALTER TABLE picks ADD COLUMN rotation TEXT NOT NULL DEFAULT '';
        DROP INDEX picks_by_cycle;
        CREATE INDEX picks_by_rotation ON picks (rotation, id);
        CREATE INDEX picks_by_rotation_cycle ON picks (rotation, cycle, citation_id);
        CREATE INDEX picks_by_rotation_time ON picks (rotation, picked_at);
        DROP TABLE rotation_cache;
        CREATE TABLE rotation_cache (
            rotation TEXT PRIMARY KEY,
            generation INTEGER NOT NULL,
            filter TEXT NOT NULL,
            entries BLOB NOT NULL
        ) WITHOUT ROWID;
        """,
        // 6: a rotation may filter and weigh by author, source and text, so a change
        // to any of them is a new generation (the cached eligible citations of the old one may
        // be wrong); a tag's rename already was.
        """
        DROP TRIGGER generation_citation_update;
        CREATE TRIGGER generation_citation_update
        AFTER UPDATE OF uuid, favourite, archived_at, text_length, text, back, author, source ON citations BEGIN
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation';
        END;
        """,
        // 7: cards. Every citation with a back is a card unless `uncard` said no
        // (marked 0); `card` makes any citation one (marked 1). A card's row holds its FSRS
        // state from its first review (or its mark); `reviews` logs every answer, with the
        // card as it was before (for undo and for export).
        """
        CREATE TABLE cards (
            citation_id INTEGER PRIMARY KEY REFERENCES citations (id) ON DELETE CASCADE,
            marked INTEGER CHECK (marked IN (0, 1)),
            state TEXT NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'learning', 'review', 'relearning')),
            step INTEGER,
            stability REAL,
            difficulty REAL,
            due INTEGER,
            last_review INTEGER,
            reps INTEGER NOT NULL DEFAULT 0,
            lapses INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX cards_by_due ON cards (due) WHERE due IS NOT NULL;
        CREATE TABLE reviews (
            id INTEGER PRIMARY KEY,
            citation_id INTEGER NOT NULL REFERENCES citations (id) ON DELETE CASCADE,
            reviewed_at INTEGER NOT NULL,
            grade INTEGER NOT NULL CHECK (grade BETWEEN 1 AND 4),
            elapsed_days INTEGER NOT NULL,
            state_before TEXT NOT NULL,
            card_before TEXT NOT NULL
        );
        CREATE INDEX reviews_by_citation ON reviews (citation_id, id);
        CREATE INDEX reviews_by_time ON reviews (reviewed_at);
        """,
        // 8: every card has a row in `cards`, which says whether it is one (`is_card`: marked,
        // or a back and no mark) and whether its citation is archived, kept by triggers; so the
        // study queue, `stats` and the bar read `cards` and its indexes alone instead of every
        // citation (100k citations: `stats` took 275 ms).
        """
        ALTER TABLE cards ADD COLUMN is_card INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE cards ADD COLUMN archived INTEGER NOT NULL DEFAULT 0;
        INSERT INTO cards (citation_id) SELECT id FROM citations WHERE back IS NOT NULL AND back != '' AND id NOT IN (SELECT citation_id FROM cards);
        UPDATE cards SET
            is_card = coalesce(marked, (SELECT c.back IS NOT NULL AND c.back != '' FROM citations c WHERE c.id = citation_id)),
            archived = (SELECT c.archived_at IS NOT NULL FROM citations c WHERE c.id = citation_id);
        DROP INDEX cards_by_due;
        CREATE INDEX cards_active ON cards (is_card, archived, state, due);
        DROP INDEX reviews_by_time;
        CREATE INDEX reviews_by_time ON reviews (reviewed_at, state_before, grade);
        CREATE TRIGGER cards_citation_insert AFTER INSERT ON citations WHEN new.back IS NOT NULL AND new.back != '' BEGIN
            INSERT INTO cards (citation_id, is_card, archived) VALUES (new.id, 1, new.archived_at IS NOT NULL)
            ON CONFLICT (citation_id) DO UPDATE SET is_card = coalesce(marked, 1), archived = excluded.archived;
        END;
        CREATE TRIGGER cards_citation_update AFTER UPDATE OF back, archived_at ON citations BEGIN
            INSERT INTO cards (citation_id, is_card, archived) SELECT new.id, 1, new.archived_at IS NOT NULL
            WHERE new.back IS NOT NULL AND new.back != '' ON CONFLICT (citation_id) DO NOTHING;
            UPDATE cards SET is_card = coalesce(marked, new.back IS NOT NULL AND new.back != ''), archived = new.archived_at IS NOT NULL
            WHERE citation_id = new.id;
        END;
        """,
        // 9: counts kept by triggers, so that `stats` reads a few small rows instead of walking
        // 100,000 cards and a month of answers (45 ms at 100k cards): cards by kind (a card or
        // not, archived or not, state), and answers by hour (all, to review cards, recalled).
        """
        CREATE TABLE card_counts (
            is_card INTEGER NOT NULL, archived INTEGER NOT NULL, state TEXT NOT NULL, n INTEGER NOT NULL,
            PRIMARY KEY (is_card, archived, state)
        ) WITHOUT ROWID;
        INSERT INTO card_counts SELECT is_card, archived, state, count(*) FROM cards GROUP BY 1, 2, 3;
        CREATE TRIGGER card_counts_insert AFTER INSERT ON cards BEGIN
            INSERT INTO card_counts VALUES (new.is_card, new.archived, new.state, 1)
            ON CONFLICT (is_card, archived, state) DO UPDATE SET n = n + 1;
        END;
        CREATE TRIGGER card_counts_delete AFTER DELETE ON cards BEGIN
            UPDATE card_counts SET n = n - 1 WHERE is_card = old.is_card AND archived = old.archived AND state = old.state;
        END;
        CREATE TRIGGER card_counts_update AFTER UPDATE OF is_card, archived, state ON cards
        WHEN old.is_card != new.is_card OR old.archived != new.archived OR old.state != new.state BEGIN
            UPDATE card_counts SET n = n - 1 WHERE is_card = old.is_card AND archived = old.archived AND state = old.state;
            INSERT INTO card_counts VALUES (new.is_card, new.archived, new.state, 1)
            ON CONFLICT (is_card, archived, state) DO UPDATE SET n = n + 1;
        END;
        CREATE TABLE review_hours (
            hour INTEGER PRIMARY KEY, answers INTEGER NOT NULL, review_answers INTEGER NOT NULL, recalled INTEGER NOT NULL
        );
        INSERT INTO review_hours
        SELECT reviewed_at / 3600, count(*), sum(state_before = 'review'), sum(state_before = 'review' AND grade > 1) FROM reviews GROUP BY 1;
        CREATE TRIGGER review_hours_insert AFTER INSERT ON reviews BEGIN
            INSERT INTO review_hours VALUES (new.reviewed_at / 3600, 1, new.state_before = 'review', new.state_before = 'review' AND new.grade > 1)
            ON CONFLICT (hour) DO UPDATE SET answers = answers + 1, review_answers = review_answers + excluded.review_answers,
                recalled = recalled + excluded.recalled;
        END;
        CREATE TRIGGER review_hours_delete AFTER DELETE ON reviews BEGIN
            UPDATE review_hours SET answers = answers - 1, review_answers = review_answers - (old.state_before = 'review'),
                recalled = recalled - (old.state_before = 'review' AND old.grade > 1)
            WHERE hour = old.reviewed_at / 3600;
        END;
        """,
        // 10: sync (ARCHITECTURE.md, "Sync"). An answer and a pick get the id of the
        // change that carried them (`MACHINE:SEQ`) once synced. `sync_registers` holds the clock
        // of each synced field (`c:UUID`, `t:KEY`, `s:ROTATION:KEY`: a JSON object, field →
        // clock, "" for the fields of one clock); `sync_dirty` what changed here since the last
        // sync, noted by triggers that `sync` makes (a library that never syncs has none).
        """
        ALTER TABLE reviews ADD COLUMN sync_id TEXT;
        CREATE UNIQUE INDEX reviews_by_sync_id ON reviews (sync_id) WHERE sync_id IS NOT NULL;
        ALTER TABLE picks ADD COLUMN sync_id TEXT;
        CREATE UNIQUE INDEX picks_by_sync_id ON picks (sync_id) WHERE sync_id IS NOT NULL;
        CREATE TABLE sync_dirty (entity TEXT NOT NULL, field TEXT NOT NULL, PRIMARY KEY (entity, field)) WITHOUT ROWID;
        CREATE TABLE sync_registers (entity TEXT PRIMARY KEY, clocks TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE sync_tombstones (uuid TEXT PRIMARY KEY, clock TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE sync_outbox (seq INTEGER PRIMARY KEY, line TEXT NOT NULL);
        CREATE TABLE sync_tag_live (key TEXT PRIMARY KEY, live INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE sync_undone (id TEXT PRIMARY KEY) WITHOUT ROWID;
        CREATE TABLE sync_machines (
            machine TEXT PRIMARY KEY, name TEXT NOT NULL DEFAULT '', applied INTEGER NOT NULL DEFAULT 0,
            last_clock TEXT, problem TEXT
        ) WITHOUT ROWID;
        CREATE TABLE sync_files (
            machine TEXT NOT NULL, file TEXT NOT NULL, offset INTEGER NOT NULL, line INTEGER NOT NULL, PRIMARY KEY (machine, file)
        ) WITHOUT ROWID;
        CREATE TABLE sync_horizons (
            observer TEXT NOT NULL, machine TEXT NOT NULL, seen INTEGER NOT NULL, wall INTEGER NOT NULL, PRIMARY KEY (observer, machine, seen)
        ) WITHOUT ROWID;
        CREATE TABLE sync_waiting (machine TEXT NOT NULL, seq INTEGER NOT NULL, uuid TEXT NOT NULL, line TEXT NOT NULL, PRIMARY KEY (machine, seq)) WITHOUT ROWID;
        CREATE INDEX sync_waiting_by_uuid ON sync_waiting (uuid);
        """,
        // 11: sync of picks and settings. A synced pick keeps its change's clock (`SyncClock.sortKey`,
        // which sorts as clocks compare): the rule for one slot reads it. `sync_settings` is the
        // synced copy of each synced setting by rotation (`value` NULL: the default), compared
        // with settings.json at every sync; key "" notes a rotation compared once.
        """
        ALTER TABLE picks ADD COLUMN sync_clock TEXT;
        DROP TABLE sync_dirty;
        CREATE TABLE sync_dirty (entity TEXT NOT NULL, field TEXT NOT NULL);
        CREATE TABLE sync_settings (rotation TEXT NOT NULL, key TEXT NOT NULL, value TEXT, PRIMARY KEY (rotation, key)) WITHOUT ROWID;
        """,
        // 12: the lines a sync wrote wait for the folder in a file beside the library
        // (`SyncOutbox`), no longer in a table: a first sync's 40 MB went through the WAL twice
        // and stayed in the file as free pages.
        """
        DROP TABLE sync_outbox;
        """,
        // 13: the answers sync has not written, found without reading every answer (each sync
        // looks for them).
        """
        CREATE INDEX reviews_unsynced ON reviews (id) WHERE sync_id IS NULL;
        """,
        // 14: the time a horizon may move an answer no further than a day before
        // (`Library.capAnswers`, `Library.answeredAt`: the earlier of its time and its line's
        // clock), however many horizons come (else a forged horizon could move an answer to the
        // year 1). NULL: `reviewed_at` is that time (an answer given here, not yet moved).
        """
        ALTER TABLE reviews ADD COLUMN answered_at INTEGER;
        """,
        // 15: what another machine's deletion took from this library, for 30 days
        // (`Library+SyncTrash.swift`): the citation as `list --json` shows it, the machine and
        // when this machine applied it; `restore --deleted` brings one back as a new citation.
        """
        CREATE TABLE sync_trash (
            n INTEGER PRIMARY KEY, uuid TEXT NOT NULL, machine TEXT NOT NULL, deleted_at INTEGER NOT NULL, citation TEXT NOT NULL
        );
        """,
    ]

    static var latestVersion: Int32 { Int32(migrations.count) }
}
