#!/usr/bin/env python3
"""Makes Foliate's per-book data files, as Foliate 2 and Foliate 3 write them, with invented text.

    make-foliate-books.py OUT_DIR

Shapes from johnfactotum/foliate (see SOURCES.md): Foliate 2.x (GJS and epub.js) keeps
{lastLocation, progress, metadata: {title, creator, ...}, annotations: [{value, color, text, note}],
bookmarks: [cfi]}; Foliate 3.x (GTK 4 and foliate-js) the same keys, each annotation with
{value, color, text, note, created, modified} (ISO 8601, "" until set) and metadata with an
identifier, a title (a string or a map of languages) and author (a string, {name, sortAs}, or a
list). Files are compact one-line JSON named after the encoded identifier.
"""
import json
import os
import sys
from urllib.parse import quote

out = sys.argv[1]
os.makedirs(out, exist_ok=True)


def write(identifier, data):
    with open(os.path.join(out, quote(identifier, safe="") + ".json"), "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, separators=(",", ":"))


write("urn:uuid:2a7c1e3f-0000-4000-8000-000000000002", {
    "lastLocation": "epubcfi(/6/8[chapter2]!/4/2/6/1:120)",
    "progress": [41, 312],
    "metadata": {"title": "The Lighthouse Keeper", "creator": "Marguerite Delacroix", "language": "en",
                 "identifier": "urn:uuid:2a7c1e3f-0000-4000-8000-000000000002"},
    "annotations": [
        {"value": "epubcfi(/6/8[chapter2]!/4/2/4,/1:0,/1:58)", "color": "yellow",
         "text": "The light turned all night, whether or not a ship came.", "note": ""},
        {"value": "epubcfi(/6/10[chapter3]!/4/2/12,/1:4,/1:77)", "color": "aqua",
         "text": "She kept the log in pencil, so the sea could not make it run.",
         "note": "Compare the ledger in chapter 1."},
        {"value": "epubcfi(/6/12[chapter4]!/4/2/2,/1:0,/1:0)", "color": "red", "text": "", "note": ""},
        {"value": "epubcfi(/6/12[chapter4]!/4/2/8,/1:0,/1:40)", "color": "rgba(10, 200, 30, 0.4)",
         "text": "Storms are only weather that stayed too long.", "note": ""},
    ],
    "bookmarks": ["epubcfi(/6/8[chapter2]!/4/2/2/1:0)", "epubcfi(/6/14[chapter5]!/4/2/2/1:0)"],
})

write("urn:isbn:9780000000033", {
    "lastLocation": "epubcfi(/6/4!/4/2/10,/1:0,/1:212)",
    "progress": [7, 120],
    "metadata": {"identifier": "urn:isbn:9780000000033", "title": {"fr": "Le Jardin d'hiver", "en": "The Winter Garden"},
                 "author": [{"name": "Tomasz Wierzbicki", "sortAs": "Wierzbicki, Tomasz"}, {"name": {"en": "Ana Lucía Ortega"}}],
                 "language": ["en"]},
    "annotations": [
        {"value": "epubcfi(/6/4!/4/2/6,/1:0,/1:66)", "color": "underline",
         "text": "Nothing in a winter garden is dead; it is only keeping quiet.", "note": "",
         "created": "2024-11-03T21:14:05.120Z", "modified": ""},
        {"value": "epubcfi(/6/6!/4/2/14,/1:10,/1:52)", "color": "magenta",
         "text": "Frost draws the map, the thaw erases it.", "note": "Title of the essay?",
         "created": "2024-11-04T08:02:41.007Z", "modified": "2024-11-05T19:30:00.000Z"},
        {"value": "epubcfi(/6/6!/4/2/20,/1:0,/1:31)", "color": "yellow",
         "text": "Carried over from Foliate 2.", "note": "", "created": "", "modified": ""},
    ],
    "bookmarks": [],
})
