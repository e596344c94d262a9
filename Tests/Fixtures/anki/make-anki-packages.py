#!/usr/bin/env python3
"""Makes Anki packages with a review history, with Anki's own Python library (PyPI anki).

    make-anki-packages.py OUT_DIR

Anki is run day by day under faketime (Debian's faketime): each study day is a process whose
clock says that day, 12:00 UTC, so the review log holds the days given here. Anki's FSRS is on
with its default parameters and desired retention 0.9. OUT_DIR gets:

    legacy.apkg    the deck as Anki writes it for older versions (collection.anki21)
    latest.apkg    as Anki writes it now (collection.anki21b, zstd)
    latest.colpkg  the whole collection (collection.anki21b)
    legacy.colpkg  the whole collection for older versions (collection.anki2)
    cards.json     what Anki shows for each card at the end: note guid, card ord, queue, due
                   (a day, or a time for a learning card), stability and difficulty

Run with TZ=UTC. The tests read citefeed's import of each package against cards.json.
"""
import datetime
import json
import os
import subprocess
import sys

START = datetime.datetime(2026, 1, 5, 12, 0, 0, tzinfo=datetime.timezone.utc)
STUDY_DAYS = [0, 1, 2, 4, 7, 11, 16, 23, 31, 42, 55, 70]
GRADES = [3, 3, 2, 3, 1, 3, 4, 3, 3, 2, 3, 1, 3, 3, 4]


def at(day):
    return START + datetime.timedelta(days=day)


def open_collection(out):
    from anki.collection import Collection

    return Collection(os.path.join(out, "work", "collection.anki2"))


def create(out):
    os.makedirs(os.path.join(out, "work"), exist_ok=True)
    col = open_collection(out)
    col.set_config("fsrs", True)
    capitals = col.decks.id("Geography::Capitals")
    words = col.decks.id("Words")
    basic = col.models.by_name("Basic")
    reversed_ = col.models.by_name("Basic (and reversed card)")
    cloze = col.models.by_name("Cloze")

    def add(model, deck, fields, tags=""):
        note = col.new_note(model)
        for i, value in enumerate(fields):
            note.fields[i] = value
        note.tags = tags.split()
        col.add_note(note, deck)
        return note

    add(basic, capitals, ["What is the capital of <b>Australia</b>?", "Canberra&nbsp;&amp; not Sydney<br>(since 1913)"],
        "marked geo::oceania")
    add(reversed_, words, ["ubiquitous", "found everywhere"])
    add(cloze, capitals, ["{{c1::Canberra}} is the capital of {{c2::Australia::country}}.", "Since 1913."])
    suspended = add(basic, words, ["ephemeral", "lasting a very short time"])
    fresh = add(basic, words, ["never studied", "a new card"])
    for k in range(12):
        add(basic, words, [f"Fact {k + 1}: the number {k * 7 + 3}", f"is {'odd' if (k * 7 + 3) % 2 else 'even'}"])
    card = fresh.cards()[0]
    card.set_user_flag(1)
    col.update_card(card)
    json.dump({"suspend": suspended.id}, open(os.path.join(out, "work", "ids.json"), "w"))
    col.close()


def study(out, day):
    col = open_collection(out)
    ids = json.load(open(os.path.join(out, "work", "ids.json")))
    count = 0
    for cid in sorted(col.find_cards("-is:suspended")):
        card = col.get_card(cid)
        if card.note().fields[0] == "never studied":
            continue
        due_now = card.queue == 0 or (card.queue in (2, 3) and card.due <= col.sched.today) or card.queue == 1
        if not due_now:
            continue
        rating = GRADES[(cid + day) % len(GRADES)] if day > 0 else 3
        if day == 0 and cid % 3 == 0:
            rating = 1
        for r in [rating] + ([3] if rating == 1 else []):
            card = col.get_card(cid)
            card.start_timer()
            states = col._backend.get_scheduling_states(cid)
            col.sched.answer_card(col.sched.build_answer(card=card, states=states, rating=r - 1))  # CardAnswer.AGAIN is 0
            count += 1
    if day == STUDY_DAYS[2]:
        col.sched.suspend_notes([ids["suspend"]])
    col.close()
    return count


def finish(out):
    from anki.import_export_pb2 import ExportAnkiPackageOptions

    col = open_collection(out)
    today = col.sched.today
    end = at(STUDY_DAYS[-1]).date()
    cards = []
    for cid in sorted(col.find_cards("")):
        card = col.get_card(cid)
        if card.queue in (2, 3) or (card.queue == -1 and card.type == 2):
            due = (end + datetime.timedelta(days=card.due - today)).isoformat()
        elif card.queue == 1:
            due = datetime.datetime.fromtimestamp(card.due, datetime.timezone.utc).isoformat()
        else:
            due = None
        state = card.memory_state
        cards.append({
            "guid": card.note().guid, "ord": card.ord, "queue": card.queue, "type": card.type, "due": due,
            "stability": state.stability if state else None, "difficulty": state.difficulty if state else None,
            "reviews": len(col.db.list("select id from revlog where cid = ?", cid)),
            "front": card.note().fields[0],
        })
    json.dump(cards, open(os.path.join(out, "cards.json"), "w"), indent=1)
    for name, legacy in (("legacy.apkg", True), ("latest.apkg", False)):
        col.export_anki_package(
            out_path=os.path.join(out, name),
            options=ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=True, with_media=True, legacy=legacy),
            limit=None)
    col.export_collection_package(os.path.join(out, "latest.colpkg"), include_media=True, legacy=False)
    col = open_collection(out)
    col.export_collection_package(os.path.join(out, "legacy.colpkg"), include_media=True, legacy=True)


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "--step":
        step, out = sys.argv[2], sys.argv[3]
        if step == "create":
            create(out)
        elif step == "study":
            print(study(out, int(sys.argv[4])))
        else:
            finish(out)
        return
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)

    def run(day, *args):
        clock = at(day).strftime("%Y-%m-%d %H:%M:%S")
        subprocess.run(["faketime", clock, sys.executable, __file__, "--step", *args], check=True,
                       env={**os.environ, "TZ": "UTC"})

    run(0, "create", out)
    for day in STUDY_DAYS:
        run(day, "study", out, str(day))
    run(STUDY_DAYS[-1], "finish", out)


if __name__ == "__main__":
    main()
