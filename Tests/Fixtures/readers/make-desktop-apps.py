#!/usr/bin/env python3
"""Writes apps-home/: what the desktop readers keep for a user, as `citefeed import --apps`
finds it (XDG_CONFIG_HOME = apps-home/.config). Invented text; shapes from the programs' source:

- calibre's viewer (kovidgoyal/calibre at ea9ccaf487197d70a9dc354a547dea6ff2ca29b6):
  `src/calibre/gui2/viewer/annotations.py` (`annotations_dir()` = the viewer's config folder's
  `annots`, a book's file a JSON list of its annotations), `src/calibre/gui2/viewer/ui.py`
  (`path_key(path)` = the SHA-256 hex of the book's path, the file named KEY.json;
  `vprefs['session_data']['standalone_recently_opened']` entries with `pathtoebook` and
  `title`), `src/calibre/gui2/viewer/config.py` (vprefs is the JSONConfig `viewer-webengine`),
  `src/pyj/read_book/annotations.pyj` (a highlight's members: `type`, `uuid`, `timestamp`,
  `highlighted_text`, `notes`, `style`, `toc_family_titles`, `removed`; bookmarks and the
  `last-read` position in the same list).
- KOReader on the desktop (koreader/koreader at fc88887662c27fbef956a46d7772f2dde1658384):
  `frontend/docsettings.lua` (sidecars in `DOCSETTINGS_DIR` = `<datadir>/docsettings/<the
  book's folder>/<book>.sdr/metadata.<ext>.lua` when "document_metadata_folder" is "dir"), and
  `frontend/apps/filemanager/filemanagerbookinfo.lua` / `readhistory.lua` (history.lua: a list of
  `{ file = PATH, time = N }`). The history itself is written by the test (its paths are the
  test's own); the sidecar here is a KOReader 2024 one (`annotations`, `doc_props`).
"""
import hashlib, json, os

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "apps-home", ".config")


def made_here(folder):
    """Says in `folder` that its files were written by this script, not fetched."""
    with open(os.path.join(folder, "README.md"), "w") as f:
        f.write("# Made here, not fetched\n\nThe files in this folder were written by "
                "`Tests/Fixtures/readers/make-desktop-apps.py`, with invented text, in the shape the program's\n"
                "source gives (see `Tests/Fixtures/readers/SOURCES.md`). Nothing here was copied from a device,\n"
                "a person's library or a repository.\n")

book = "/home/reader/Books/The Lighthouse Keeper.epub"
viewer = os.path.join(root, "calibre", "viewer", "annots")
os.makedirs(viewer, exist_ok=True)
made_here(viewer)
made_here(os.path.join(root, "calibre"))
prefs = {
    "session_data": {
        "standalone_recently_opened": [
            {"key": hashlib.sha256(book.encode()).hexdigest(), "pathtoebook": book, "title": "The Lighthouse Keeper",
             "authors": ["Marguerite Delacroix"], "timestamp": "2025-02-01T20:00:00.000000+00:00"},
            {"pathtoebook": "/home/reader/Books/Other.epub", "title": "Another Book", "authors": ["Someone Else"],
             "timestamp": "2025-01-01T20:00:00.000000+00:00"},
        ]
    }
}
with open(os.path.join(root, "calibre", "viewer-webengine.json"), "w") as f:
    json.dump(prefs, f, indent=2, sort_keys=True)
annots = [
    {"type": "last-read", "pos": "epubcfi(/6/4!/4/2/1:0)", "pos_type": "epubcfi", "timestamp": "2025-02-01T20:10:00.000000+00:00"},
    {"type": "highlight", "uuid": "q1W2e3R4t5Y6u7I8o9P0aA", "timestamp": "2025-02-01T20:05:00.000000+00:00",
     "start_cfi": "/2/4/2/2:0", "end_cfi": "/2/4/2/2:52", "spine_index": 1, "spine_name": "chapter1.xhtml",
     "highlighted_text": "The light turned all night, whether or not a ship came.",
     "notes": "The keeper's creed.", "style": {"type": "builtin", "kind": "color", "which": "yellow"},
     "toc_family_titles": ["Part One", "The Lamp"]},
    {"type": "highlight", "uuid": "z9X8c7V6b5N4m3L2k1J0hH", "timestamp": "2025-02-01T20:07:00.000000+00:00",
     "start_cfi": "/2/4/2/6:0", "end_cfi": "/2/4/2/6:40", "spine_index": 1, "spine_name": "chapter1.xhtml",
     "highlighted_text": "Storms are only weather that stayed too long.",
     "style": {"type": "builtin", "kind": "decoration", "which": "wavy"}, "toc_family_titles": ["Part One"]},
    {"type": "highlight", "uuid": "removed00000000000000a", "timestamp": "2025-02-01T20:08:00.000000+00:00",
     "removed": True},
    {"type": "bookmark", "title": "Where I stopped", "pos": "epubcfi(/6/4!/4/2/1:0)", "pos_type": "epubcfi",
     "timestamp": "2025-02-01T20:09:00.000000+00:00"},
]
with open(os.path.join(viewer, hashlib.sha256(book.encode()).hexdigest() + ".json"), "w") as f:
    json.dump(annots, f, indent=None, separators=(",", ":"))

sidecar_dir = os.path.join(root, "koreader", "docsettings", "home", "reader", "Books", "Far Shore.sdr")
os.makedirs(sidecar_dir, exist_ok=True)
made_here(sidecar_dir)
with open(os.path.join(sidecar_dir, "metadata.epub.lua"), "w") as f:
    f.write('''-- /home/reader/Books/Far Shore.epub
-- Written by Tests/Fixtures/readers/make-desktop-apps.py (invented text), not fetched.
return {
    ["annotations"] = {
        [1] = {
            ["chapter"] = "The Crossing",
            ["color"] = "green",
            ["datetime"] = "2025-03-04 21:15:02",
            ["drawer"] = "lighten",
            ["note"] = "Echoes the first chapter.",
            ["page"] = "/body/DocFragment[4]/body/p[3]/text().0",
            ["pos0"] = "/body/DocFragment[4]/body/p[3]/text().0",
            ["pos1"] = "/body/DocFragment[4]/body/p[3]/text().61",
            ["text"] = "Every shore is far until the boat is already leaving it.",
        },
        [2] = {
            ["datetime"] = "2025-03-04 21:20:00",
            ["page"] = "/body/DocFragment[5]/body/p[1]/text().0",
        },
    },
    ["doc_props"] = {
        ["authors"] = "Inés Albarrán",
        ["title"] = "Far Shore",
    },
}
''')
print("wrote", os.path.dirname(root))
