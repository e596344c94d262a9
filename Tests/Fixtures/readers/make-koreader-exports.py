#!/usr/bin/env python3
"""Writes KOReader's exports of a made-up book, as KOReader's Exporter plugin writes them.

No public KOReader JSON or Markdown export exists as a file, so these fixtures are built from the
exporter's source: koreader/koreader at fc88887662c27fbef956a46d7772f2dde1658384,
plugins/exporter.koplugin/clip.lua (the entry: sort, page, time, text, note, chapter, drawer,
color, pn_xp; several authors in one string, a line each), target/json.lua (one book: the book
object with created_on and version "json/1.0.0"; several: {created_on, version, documents};
rapidjson's pretty writer, 4 spaces, keys in no fixed order), template/md.lua and
target/markdown.lua (# title, ##### authors joined with ", ", ## chapter when it changes,
### Page N @ %d %B %Y %I:%M:%S %p, the text in the highlight style's emphasis, a note after a
blank line and ---, books joined by a blank line, "\n## \n_Generated at: …_" and no final
newline), template/note.tpl and target/html.lua (the HTML: <h2> title, <h5> authors joined with
", ", a centred 14pt heading per chapter, an entry per highlight with the date as %x, the
chapter unescaped and the page on the right, the text in a 12pt div and the note in an 11pt one,
&, < and > escaped and line breaks as <br/>; the bar's colour is the highlight's age, not its
colour). Nothing of KOReader's code is here; the text is invented.

Run from this folder: python3 make-koreader-exports.py (TZ=UTC is set here).
"""
import json, os, time

os.environ["TZ"] = "UTC"
time.tzset()

BOOKS = [
    {
        "title": "The Sample Book",
        "author": "Jane Doe\nJohn Roe",
        "file": "/mnt/onboard/Books/The Sample Book.epub",
        "number_of_pages": 248,
        "entries": [
            {"sort": "highlight", "page": 5, "time": 1709327702, "text": "It was a bright cold day in April.",
             "chapter": "Chapter 1: Beginnings", "drawer": "lighten", "color": "yellow",
             "pn_xp": "/body/DocFragment[3]/body/p[1]/text().0"},
            {"sort": "highlight", "page": 12, "time": 1709368855, "text": "Rules & rituals <matter> more than we think.",
             "note": "Compare with chapter 2.\nSee also the preface.", "chapter": "Chapter 1: Beginnings",
             "drawer": "underscore", "color": "red", "pn_xp": "/body/DocFragment[3]/body/p[14]/text().5"},
            {"sort": "highlight", "page": 31, "time": 1709578990, "text": "Every ending is a beginning.\n\nAnd a second paragraph.",
             "chapter": "Chapter 2: Endings", "drawer": "invert", "color": "green",
             "pn_xp": "/body/DocFragment[5]/body/p[7]/text().0"},
        ],
    },
    {
        "title": "Anomalies",
        "author": "Thaler, Richard H.\nImas, Alex",
        "file": "/mnt/us/documents/Anomalies.epub",
        "number_of_pages": 300,
        "entries": [
            {"sort": "highlight", "page": "xii", "time": 1700000000, "text": "A passage without a chapter.",
             "drawer": "strikeout", "color": "gray"},
        ],
    },
]
EXPORTED = 1709632800
MD_FORMAT = {"lighten": "*%s*", "underscore": "++%s++", "strikeout": "~~%s~~", "invert": "**%s**"}


def book_object(book, keys_reversed):
    entries = []
    for e in book["entries"]:
        entries.append(dict(reversed(list(e.items()))) if keys_reversed else dict(e))
    t = {"title": book["title"], "author": book["author"], "entries": entries, "file": book["file"],
         "number_of_pages": book["number_of_pages"]}
    return dict(reversed(list(t.items()))) if keys_reversed else t


def markdown(book):
    lines = ["# " + book["title"], "##### " + book["author"].replace("\n", ", ") + "\n"]
    chapter = None
    for e in book["entries"]:
        if e.get("chapter") != chapter:
            chapter = e.get("chapter")
            lines.append("## " + chapter)
        lines.append("### Page %s @ %s" % (e["page"], time.strftime("%d %B %Y %I:%M:%S %p", time.localtime(e["time"]))))
        lines.append(MD_FORMAT[e["drawer"]] % e["text"])
        if "note" in e:
            lines.append("\n---\n" + e["note"])
    return "\n".join(lines)


with open("koreader-export-one.json", "w", encoding="utf-8") as f:
    one = book_object(BOOKS[0], keys_reversed=False)
    one["created_on"] = EXPORTED
    one["version"] = "json/1.0.0"
    f.write(json.dumps(one, indent=4, ensure_ascii=False) + "\n")
with open("koreader-export-all.json", "w", encoding="utf-8") as f:
    everything = {"version": "json/1.0.0", "documents": [book_object(b, keys_reversed=True) for b in BOOKS], "created_on": EXPORTED}
    f.write(json.dumps(everything, indent=4, ensure_ascii=False) + "\n")
with open("koreader-export-all.md", "w", encoding="utf-8") as f:
    f.write("\n".join(markdown(b) for b in BOOKS))
    f.write("\n## \n_Generated at: " + time.strftime("%Y-%m-%d-%H-%M-%S", time.localtime(EXPORTED)) + "_")


def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\n", "<br/>")


def html(books):
    out = ["", '<!DOCTYPE html>', '<html xmlns="http://www.w3.org/1999/xhtml">', "<head>", '  <meta charset="utf-8"/>',
           "  <title>%s</title>" % (esc(books[0]["title"]) if len(books) == 1 else "All Books"), "</head>", "<body>",
           '  <div style="width:90%; max-width:600px; margin:0 auto; padding:5px; font-size:12pt; font-family:Georgia, serif">']
    for book in books:
        out += ["    ", '    <h2 style="font-size:18pt; text-align:right;">%s</h2>' % esc(book["title"]),
                '    <h5 style="font-size:12pt; text-align:right; color:gray;">%s</h5>' % esc(book["author"].replace("\n", ", ")), "    "]
        chapters = []
        for e in book["entries"]:
            if not chapters or chapters[-1][0] != e.get("chapter"):
                chapters.append((e.get("chapter"), []))
            chapters[-1][1].append(e)
        for title, entries in chapters:
            out += ["      "]
            if title:
                out += ['        <div style="font-size:14pt; font-weight:bold; text-align:center; margin:0.5em;"><span>%s</span></div>' % esc(title)]
            out += ["      ", "      "]
            for i, e in enumerate(entries):
                border = "" if i == 0 else " border-top:1px dotted lightgray;"
                where = ("<b>%s</b>:  %s" % (title, e["page"])) if title else " %s" % e["page"]
                out += ['        <div style="padding-top:0.5em; padding-bottom:0.5em;%s">' % border,
                        '          <div style="font-size:10pt; margin-bottom:0.2em; color:darkgray">',
                        '            <div style="display:inline-block; width:0.2em; height:0.9em; margin-right:0.2em; background-color:#00c4ff;"></div>',
                        '            <span>%s</span><span style="float:right">%s</span>' % (time.strftime("%x", time.localtime(e["time"])), where),
                        "          </div>", '          <div style="font-size:12pt">', "            <span>%s</span>" % esc(e["text"]), "            ",
                        "          </div>", "          "]
                if "note" in e:
                    out += ['            <div style="font-size:11pt; margin-top:0.2em; margin-left:2em;">',
                            '              <span style="color:#888888">%s</span>' % esc(e["note"]), "            </div>", "          "]
                out += ["        </div>", "      "]
            out += ["    "]
        out += ["    "]
    out += ["  </div>", "</body>", "</html>", ""]
    return "\n".join(out)


with open("koreader-export-all.html", "w", encoding="utf-8") as f:
    f.write(html(BOOKS))
