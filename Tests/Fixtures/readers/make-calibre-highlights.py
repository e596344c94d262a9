#!/usr/bin/env python3
"""Writes calibre's e-book viewer's highlights export for a made-up book.

No public export exists as a file, so it is built from calibre's source: kovidgoyal/calibre at
ea9ccaf487197d70a9dc354a547dea6ff2ca29b6, src/calibre/gui2/viewer/highlights.py (Export:
json.dumps({'version': 1, 'type': 'calibre_highlights', 'highlights': [...]},
ensure_ascii=False, sort_keys=True, indent=2), saved with a UTF-8 byte order mark as
highlights.calibre_highlights) and src/pyj/read_book/annotations.pyj (a highlight's members;
`notes` and `toc_family_titles` only when not empty; a removed highlight keeps type, uuid,
timestamp and removed). The text is invented. Run from this folder.
"""
import codecs, json

highlights = [
    {"type": "highlight", "uuid": "a1", "highlighted_text": "The first passage, in yellow.", "notes": "A note on it.",
     "spine_index": 2, "spine_name": "OEBPS/ch01.xhtml", "start_cfi": "/4/2/2/14/1:0", "end_cfi": "/4/2/2/14/1:29",
     "style": {"kind": "color", "type": "builtin", "which": "yellow"}, "timestamp": "2024-05-01T10:20:30.456Z",
     "toc_family_titles": ["Part One", "Chapter 1"]},
    {"type": "highlight", "uuid": "a2", "highlighted_text": "A struck-out passage without a chapter.",
     "spine_index": 3, "spine_name": "OEBPS/ch02.xhtml", "start_cfi": "/4/2/4/1:0", "end_cfi": "/4/2/4/1:39",
     "style": {"kind": "decoration", "type": "builtin", "which": "strikeout"}, "timestamp": "2024-05-02T08:00:00.000Z"},
    {"type": "highlight", "uuid": "a3", "removed": True, "timestamp": "2024-05-03T08:00:00.000Z"},
    {"type": "highlight", "uuid": "a4", "highlighted_text": "A custom colour.", "spine_index": 4, "spine_name": "OEBPS/ch03.xhtml",
     "start_cfi": "/4/2/6/1:0", "end_cfi": "/4/2/6/1:16", "toc_family_titles": ["Part Two"],
     "style": {"kind": "color", "type": "custom", "light": "#ff8800", "dark": "#aa5500", "friendly_name": "Orange-ish"},
     "timestamp": "2024-05-04T08:00:00.000Z"},
]
with open("highlights.calibre_highlights", "wb") as f:
    f.write(codecs.BOM_UTF8)
    f.write(json.dumps({"version": 1, "type": "calibre_highlights", "highlights": highlights}, ensure_ascii=False, sort_keys=True, indent=2).encode("utf-8"))
