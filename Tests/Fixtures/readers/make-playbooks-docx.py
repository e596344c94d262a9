#!/usr/bin/env python3
"""Writes a Google Play Books "Notes from …" document as .docx for a made-up book.

The layout is the one Play Books writes (checked on the 42 documents of t27/highlights-convert at
a6c6696ece4fabbbb56e420cb23c0466710e1345, "raw/Play Books Notes/"): deflated entries with data
descriptors (streamed, sizes after the data), word/document.xml holding a first table (cover,
then the title as Heading1 and the author), the count header, "Created by", Heading2 chapters,
and an entry table per note: an outer one-cell table around a table of three cells (the colour's
icon, the text cell with the passage shaded in the colour, the note in 424242 and the date in
757575, empty paragraphs between; a bookmark has the date alone), the page as a HYPERLINK field
whose end is in the next paragraph, as Play Books does. The text is invented. Writes PATH (by
default notes-from-a-sample-book.docx); the tests run it into a temporary folder, so the binary
document is not kept in the repository.
"""
import io, sys, zipfile

W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'


def run(text, fill=None, colour=None, italic=False):
    props = ""
    if italic: props += '<w:i w:val="1"/>'
    if colour: props += '<w:color w:val="%s"/>' % colour
    if fill: props += '<w:shd w:fill="%s" w:val="clear"/>' % fill
    return '<w:r><w:rPr>%s</w:rPr><w:t xml:space="preserve">%s</w:t></w:r>' % (props, text)


def p(*runs, style=None):
    ppr = '<w:pPr><w:pStyle w:val="%s"/><w:shd w:fill="auto" w:val="clear"/></w:pPr>' % style if style else '<w:pPr><w:shd w:fill="auto" w:val="clear"/></w:pPr>'
    return "<w:p>%s%s</w:p>" % (ppr, "".join(runs))


def cell(*paragraphs):
    return '<w:tc><w:tcPr><w:shd w:fill="auto" w:val="clear"/></w:tcPr>%s</w:tc>' % "".join(paragraphs)


def table(*cells):
    return "<w:tbl><w:tr>%s</w:tr></w:tbl>" % "".join(cells)


def entry(quote, fill, note, date, page, end_field_first=True):
    text = [p(run(quote, fill=fill, italic=True)), p()] if quote else []
    if note:
        text += [p(run(note, colour="424242")), p()]
    text.append(p(run(date, colour="757575")))
    link = ('<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> HYPERLINK '
            '"http://play.google.com/books/reader?id=XYZ&amp;source=books-notes-export&amp;pg=GBS.PA%s" </w:instrText></w:r>'
            '<w:r><w:fldChar w:fldCharType="separate"/></w:r>%s</w:p>' % (page, run(page, colour="1565c0")))
    inner = table(cell(p(run("[icon]"))), cell(*text), cell(link))
    return "<w:tbl><w:tr>%s</w:tr></w:tbl>" % cell(p(), inner, p())


END = '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
body = "".join([
    p(),
    table(cell(p(run("[cover]"))), cell(p(run("A Sample Book", italic=True), style="Heading1"), p(run("Doe, Jane", colour="424242")), p(run("Invented Press")))),
    p(),
    table(cell(p(run("This document is overwritten when you make changes in Play Books.", colour="d32f2f")))),
    p(run("3 notes/highlights • 1 bookmark", italic=True), style="Heading1"),
    p(run("Created by Someone", italic=True, colour="757575"), run("   – Last synced March 3, 2024", colour="757575")),
    p(run("Chapter 1 & Beginnings"), style="Heading2"),
    entry("The first passage, highlighted in yellow.", "fde096", None, "March 1, 2024", "12"),
    "<w:p>%s</w:p>" % END,
    entry("A second one &lt;with&gt; a note.", "93e3ed", "My note on it.", "March 2, 2024", "15"),
    p(run("Chapter 2"), style="Heading2"),
    entry(None, None, None, "March 3, 2024", "20"),
    entry("A green passage.", "c5e1a5", None, "March 3, 2024", "21"),
    "<w:p>%s</w:p>" % END,
])
document = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document %s><w:body>%s<w:sectPr/></w:body></w:document>' % (W, body)


class NoSeek(io.RawIOBase):
    def __init__(self, f): self.f = f
    def writable(self): return True
    def write(self, b): return self.f.write(b)


with open(sys.argv[1] if len(sys.argv) > 1 else "notes-from-a-sample-book.docx", "wb") as f:
    z = zipfile.ZipFile(NoSeek(f), "w", compression=zipfile.ZIP_DEFLATED)
    for name, data in [("word/document.xml", document), ("word/_rels/document.xml.rels", "<Relationships/>"),
                       ("[Content_Types].xml", '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>')]:
        with z.open(name, "w") as e: e.write(data.encode("utf-8"))
    z.close()
