#!/usr/bin/env python3
"""Reads a folder of notes citefeed wrote as the programs that read them would, and checks each
citation's block against citefeed's JSON export of the same library.

    read-notes.py FORMAT DIR EXPORT.json

- Obsidian and Markdown pages are parsed by markdown-it-py (CommonMark); each citation must be
  one top-level block quote whose paragraphs give back its text exactly (and a quote inside it,
  its back), with its id (Obsidian's ^cf-UUID paragraph after it, Markdown's comment before it).
  Obsidian's front matter is read by PyYAML and must hold author, source, tags, citefeed-page
  and citefeed-uuids (the page's uuids, in order).
- Logseq pages are parsed by the grammar Logseq documents (docs.logseq.com, "Properties" and
  the file format of logseq/docs: page properties are the `key:: value` lines before the first
  block; a block starts with `- ` at its indentation, its properties are the first run of
  `key:: value` lines after its first line, every other line is its content; a line of
  content that is `key:: value` would be a property, one starting `- ` or `# ` a new block).
  Each citation must be one top-level block whose only property is id:: UUID and whose
  content, unescaped, is its text (and its back, in #+BEGIN_QUOTE).

Prints a JSON summary; exits 1 with the problems when a block does not read back.
"""
import json, os, re, sys

import yaml
from markdown_it import MarkdownIt

fmt, folder, export = sys.argv[1], sys.argv[2], sys.argv[3]
citations = {c["uuid"].lower(): c for c in json.load(open(export, encoding="utf-8"))["citations"]}
problems, seen_ids, pages, blocks = [], {}, 0, 0


def paragraphs(text):
    """A text as Markdown shows it: lines trimmed, paragraphs parted by blank lines."""
    out, current = [], []
    for line in re.split(r"\r\n|[\n\r\u2028\u2029\x85\x0b\x0c]", text):
        line = line.strip(" \t")
        if line:
            current.append(line)
        elif current:
            out.append("\n".join(current))
            current = []
    if current:
        out.append("\n".join(current))
    return out


def inline_text(token):
    parts = []
    for child in token.children or []:
        if child.type == "text" or child.type == "code_inline":
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append("\n")
        elif child.type == "html_inline":
            problems.append(f"HTML where text was meant: {child.content!r}")
            parts.append(child.content)
        else:
            problems.append(f"markup where text was meant: {child.type}")
    return "".join(parts)


def check(uuid, text_paragraphs, back_paragraphs, where):
    global blocks
    blocks += 1
    c = citations.get(uuid)
    if c is None:
        problems.append(f"{where}: block of unknown uuid {uuid}")
        return
    want = paragraphs(c["text"])
    # The text, then at most one line of citefeed's (— where, #tags, ★): its own paragraph, or
    # (Logseq) the last line of the last one.
    exact = text_paragraphs[: len(want)] == want and len(text_paragraphs) - len(want) <= 1
    footer = (len(text_paragraphs) == len(want) and text_paragraphs[:-1] == want[:-1]
              and text_paragraphs[-1].rsplit("\n", 1)[0] == want[-1])
    if not (exact or footer):
        problems.append(f"{where}: text {text_paragraphs!r} != {want!r}")
    want_back = paragraphs(c.get("back") or "")
    if back_paragraphs != want_back:
        problems.append(f"{where}: back {back_paragraphs!r} != {want_back!r}")
    if uuid in seen_ids:
        problems.append(f"{where}: block id {uuid} also in {seen_ids[uuid]}")
    seen_ids[uuid] = where


def read_markdown(path, text):
    global pages
    pages += 1
    body = text
    if fmt == "obsidian":
        m = re.match(r"---\n(.*?)\n---\n", text, re.S)
        if not m:
            problems.append(f"{path}: no front matter")
            return
        meta = yaml.safe_load(m.group(1))
        for key in ("tags", "citefeed-page", "citefeed-uuids"):
            if key not in meta:
                problems.append(f"{path}: front matter without {key}")
        if not all(isinstance(t, str) for t in meta.get("tags") or []):
            problems.append(f"{path}: tags not all strings")
        body = text[m.end():]
    tokens = MarkdownIt("commonmark").parse(body)
    uuids = []
    i, depth = 0, 0
    pending_comment = None
    while i < len(tokens):
        t = tokens[i]
        if t.level == 0 and t.type == "html_block":
            m = re.fullmatch(r"<!-- cf:([0-9a-f-]{36}) -->\n?", t.content)
            pending_comment = m.group(1) if m else None
            i += 1
            continue
        if t.level == 0 and t.type == "blockquote_open":
            # Gather its paragraphs (depth 1) and its inner quote's (depth 2).
            outer, inner, j, level = [], [], i + 1, 1
            while level > 0:
                u = tokens[j]
                if u.type == "blockquote_open":
                    level += 1
                elif u.type == "blockquote_close":
                    level -= 1
                elif u.type == "inline":
                    (outer if level == 1 else inner).append(inline_text(u))
                elif u.type not in ("paragraph_open", "paragraph_close"):
                    problems.append(f"{path}: {u.type} inside a citation's quote")
                j += 1
            uuid = None
            if fmt == "obsidian":
                if outer and re.match(r"\[!\w+\]", outer[0]):
                    first = outer[0].split("\n", 1)
                    outer[0:1] = first[1:] if len(first) > 1 else []
                else:
                    problems.append(f"{path}: a quote that is not a callout")
                if j + 1 < len(tokens) and tokens[j].type == "paragraph_open":
                    m = re.fullmatch(r"\^cf-([0-9a-f-]{36})", tokens[j + 1].content)
                    uuid = m.group(1) if m else None
            else:
                uuid = pending_comment
            if uuid is None:
                problems.append(f"{path}: a quote without its id")
            else:
                uuids.append(uuid)
                check(uuid, outer, inner, path)
            pending_comment = None
            i = j
            continue
        pending_comment = None
        i += 1
    if fmt == "obsidian" and [u.lower() for u in meta.get("citefeed-uuids") or []] != uuids:
        problems.append(f"{path}: citefeed-uuids {meta.get('citefeed-uuids')} != blocks {uuids}")


PROPERTY = re.compile(r"^[ \t]*([^\s:]+)::(?: (.*))?$")
BULLET = re.compile(r"^([ \t]*)-(?:[ \t](.*))?$")
HEADING = re.compile(r"^[ \t]*#+(?: |$)")


def logseq_blocks(text):
    """Page properties and top-level blocks, each (first line, property lines, content lines, children)."""
    lines = text.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    i, props = 0, {}
    while i < len(lines) and not BULLET.match(lines[i]) and not HEADING.match(lines[i]):
        m = PROPERTY.match(lines[i])
        if m:
            props[m.group(1)] = m.group(2) or ""
        elif lines[i].strip():
            problems.append(f"page text that is not a property: {lines[i]!r}")
        i += 1
    blocks_out = []
    while i < len(lines):
        m = BULLET.match(lines[i])
        indent = m.group(1) if m else ""
        first = m.group(2) or "" if m else lines[i]
        body, children = [], []
        i += 1
        while i < len(lines):
            b = BULLET.match(lines[i])
            if (b and len(b.group(1)) == 0) or (HEADING.match(lines[i]) and not lines[i].startswith((" ", "\t"))):
                break
            if b or HEADING.match(lines[i]):
                if not indent and lines[i].startswith((" ", "\t")):
                    children.append(lines[i])
                    i += 1
                    continue
            if children:
                children.append(lines[i])
            else:
                body.append(lines[i][2:] if lines[i].startswith("  ") else lines[i].lstrip())
            i += 1
        properties, content, in_props = {}, [], True
        for line in body:
            p = PROPERTY.match(line)
            if p and in_props:
                properties[p.group(1)] = p.group(2) or ""
            else:
                in_props = False
                if p:
                    problems.append(f"content read as a property: {line!r}")
                content.append(line)
        blocks_out.append((first, properties, content, children))
    return props, blocks_out


def unescape(line):
    line = line.replace("\u200b", "", 1) if line.startswith("\u200b") else line
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", line)


def read_logseq(path, text):
    global pages
    pages += 1
    props, page_blocks = logseq_blocks(text)
    for key in ("title", "citefeed-page"):
        if key not in props:
            problems.append(f"{path}: no page property {key}")
    for first, properties, content, children in page_blocks:
        uuid = properties.get("id")
        if uuid is None:
            continue
        if set(properties) != {"id"}:
            problems.append(f"{path}: block {uuid} has properties {sorted(properties)}")
        text_lines, back_lines, footer, in_quote = [first], [], [], False
        for line in content:
            if line == "#+BEGIN_QUOTE":
                in_quote = True
            elif line == "#+END_QUOTE":
                in_quote = False
            elif in_quote:
                back_lines.append(line)
            else:
                text_lines.append(line)
        got = paragraphs("\n".join(unescape(l) for l in text_lines))
        check(uuid.lower(), got, paragraphs("\n".join(unescape(l) for l in back_lines)), path)


for root, dirs, files in os.walk(folder):
    dirs[:] = [d for d in dirs if not d.startswith(".")]
    for name in sorted(files):
        if name.endswith(".md"):
            path = os.path.join(root, name)
            text = open(path, encoding="utf-8").read()
            (read_logseq if fmt == "logseq" else read_markdown)(path, text)

print(json.dumps({"pages": pages, "blocks": blocks, "problems": problems}, ensure_ascii=False))
sys.exit(1 if problems else 0)
