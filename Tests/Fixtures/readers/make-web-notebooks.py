#!/usr/bin/env python3
"""Writes two web pages of highlights for made-up books, as their sites lay them out:

- kindle-cloud-notebook.html: read.amazon.com/notebook saved from a browser ("Save page as"). The
  book's title in h3.kp-notebook-metadata, its author in p.kp-notebook-metadata.a-spacing-none
  ("By: …"), and in div#kp-notebook-annotations a row per annotation holding
  span#annotationHighlightHeader ("Yellow highlight | Location: 222", "Page: 3", "Note |
  Location: …", "Bookmark | …"), input#kp-annotation-location, span#highlight and span#note: the
  ids and classes every public read.amazon.com exporter selects (Readwise's and Notebase's
  browser extensions, kindle-highlights scrapers), with Amazon's repeated ids as the page has them.
- playbooks-google.html: a Play Books "Notes from …" document downloaded from Google Docs as a
  web page: its style sheet in the head (class names c1, c2…), every cell colspan="1"
  rowspan="1", paragraphs of spans, the links through www.google.com/url?q=, the same tables as
  the .docx (see make-playbooks-docx.py).

No such file is published without someone's reading in it; the text is invented. Run from this
folder.
"""

ROW = """<div id="{id}" class="a-row a-spacing-base"><div class="a-column a-span10 kp-notebook-row-separator">
<div class="a-row"><div class="a-column a-span8"><span id="annotationHighlightHeader" class="a-size-small a-color-secondary kp-notebook-selectable kp-notebook-metadata">{header}</span></div></div>
<div class="a-row a-spacing-top-medium"><div class="a-column a-span10 a-spacing-small kp-notebook-print-override">
<div id="highlight-{id}" class="a-row kp-notebook-highlight kp-notebook-selectable kp-notebook-highlight-{colour}"><span id="highlight" class="a-size-base-plus a-color-base">{text}</span></div>
<div id="note-{id}" class="a-row a-spacing-top-base kp-notebook-note aok-hidden kp-notebook-selectable"><span id="note-label" class="a-size-small a-color-secondary">Note:<span class="a-letter-space"></span></span><span id="note" class="a-size-base-plus a-color-base">{note}</span></div>
<input type="hidden" id="kp-annotation-location" value="{location}"></div></div></div></div>
"""

rows = [
    dict(id="QID:1", header="Yellow highlight | Location:&nbsp;222", colour="yellow", text="Fear is the mind&#8209;killer &amp; the little death.", note="", location="222"),
    dict(id="QID:2", header="Blue highlight | Page:&nbsp;31", colour="blue", text="I will face my fear.", note="Said twice<br>in the book.", location="480"),
    dict(id="QID:3", header="Bookmark | Location:&nbsp;600", colour="", text="", note="", location="600"),
    dict(id="QID:4", header="Note | Location:&nbsp;700", colour="", text="", note="A thought of my own.", location="700"),
]
page = """<!DOCTYPE html><html lang="en-us"><head><meta charset="utf-8"><title>Kindle: Notes &amp; Highlights</title>
<script>window.ue_t0 = +new Date(); document.write("<div id='annotationHighlightHeader'>not this</div>");</script>
<style>.kp-notebook-highlight { color: #000 }</style></head><body>
<div id="kp-notebook-library" class="a-row"><div class="kp-notebook-library-each-book"><h2 class="a-size-base a-color-base a-text-center kp-notebook-searchable a-text-bold">Another Book In The Library</h2><p class="a-size-base a-color-secondary a-text-center kp-notebook-searchable">By: Someone Else</p></div></div>
<div id="annotation-scroller" class="a-row"><div class="a-row a-spacing-base"><img class="kp-notebook-cover-image-border" src="cover.jpg">
<h3 class="a-spacing-top-small a-color-base kp-notebook-selectable kp-notebook-metadata">Dune</h3>
<p class="a-spacing-none a-spacing-top-micro a-size-base a-color-secondary kp-notebook-selectable kp-notebook-metadata">By: Herbert, Frank</p></div>
<div id="kp-notebook-annotations" class="a-row">
""" + "".join(ROW.format(**r) for r in rows) + """</div></div></body></html>
"""
with open("kindle-cloud-notebook.html", "w", encoding="utf-8") as f:
    f.write(page)


def entry(quote, note, date, page):
    cells = '<td class="c8" colspan="1" rowspan="1"><p class="c3"><span style="overflow: hidden; display: inline-block;"><img alt="" src="images/image2.png"></span></p></td>'
    text = []
    if quote:
        text += ['<p class="c5"><span class="c4">%s</span></p>' % quote, '<p class="c5 c6"><span class="c2"></span></p>']
    if note:
        text += ['<p class="c5"><span class="c12">%s</span></p>' % note, '<p class="c5 c6"><span class="c2"></span></p>']
    text.append('<p class="c5"><span class="c9">%s</span></p>' % date)
    cells += '<td class="c7" colspan="1" rowspan="1">%s</td>' % "".join(text)
    cells += ('<td class="c8" colspan="1" rowspan="1"><p class="c11"><span class="c10"><a class="c14" href="https://www.google.com/url?q=http://play.google.com/books/reader?id%%3DXYZ%%26pg%%3DGBS.PA%s&amp;sa=D&amp;source=editors">%s</a></span></p></td>' % (page, page))
    inner = '<table class="c15"><tbody><tr class="c1">%s</tr></tbody></table>' % cells
    return '<table class="c16"><tbody><tr class="c1"><td class="c17" colspan="1" rowspan="1"><p class="c3 c6"><span class="c2"></span></p>%s<p class="c3 c6"><span class="c2"></span></p></td></tr></tbody></table>' % inner


google = ('<html><head><meta content="text/html; charset=UTF-8" http-equiv="content-type"><style type="text/css">.c4{background-color:#fde096;font-style:italic}'
          '.c9{color:#757575}.c12{color:#424242}table td,table th{padding:0}</style></head><body class="c13 doc-content">'
          '<p class="c3 c6"><span class="c2"></span></p>'
          '<table class="c16"><tbody><tr class="c1"><td class="c8" colspan="1" rowspan="1"><p class="c3"><span><img alt="Cover Image" src="images/image1.jpg"></span></p></td>'
          '<td class="c7" colspan="1" rowspan="1"><h1 class="c19" id="h.abc"><span class="c20">The Left Hand of Darkness</span></h1><p class="c3"><span class="c12">Le Guin, Ursula K.</span></p><p class="c3"><span class="c12">Invented Press</span></p></td></tr></tbody></table>'
          '<p class="c3 c6"><span class="c2"></span></p><table class="c16"><tbody><tr class="c1"><td class="c17" colspan="1" rowspan="1"><p class="c3"><span class="c18">This document is overwritten when you make changes in Play Books.</span></p></td></tr></tbody></table>'
          '<h1 class="c19" id="h.def"><span class="c20">2 notes/highlights&nbsp;&bull;&nbsp;1 bookmark</span></h1>'
          '<p class="c3"><span class="c9">Created by Someone</span><span class="c9">&nbsp;&ndash; Last synced April 2, 2024</span></p>'
          '<h2 class="c21" id="h.ghi"><span class="c22">Chapter 1: A Parade in Erhenrang</span></h2>'
          + entry("Light is the left hand of darkness", "", "April 1, 2024", "233")
          + entry("The only thing that makes life possible is permanent, intolerable uncertainty.", "On not knowing.", "April 2, 2024", "70")
          + '<h2 class="c21" id="h.jkl"><span class="c22">Chapter 2</span></h2>'
          + entry("", "", "April 2, 2024", "80")
          + '</body></html>')
with open("playbooks-google.html", "w", encoding="utf-8") as f:
    f.write(google)
