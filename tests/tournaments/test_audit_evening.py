"""The change log of an evening stays short: one entry per save, each result's smazzate folded
(their totals shown, their boxes inside a ``<details>``), filters by turno and table."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.rules.scoring import LineEntry
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.tournaments.audit_text import table_subject
from burraco_tourney.tournaments.selectors.audit import Change, SmazzataChanges, grouped_changes
from burraco_tourney.tournaments.services.audit import audit_record
from burraco_tourney.tournaments.services.scores import table_record_smazzate
from tests.factories import make_pairs, make_tournament, make_turno
from tests.tournaments.test_penalties import table_rows

pytestmark = pytest.mark.django_db

SEATS = {
    1: [(1, 2), (3, 4), (5, 6), (7, 8)],
    2: [(1, 3), (2, 4), (5, 7), (6, 8)],
    3: [(1, 4), (2, 3), (5, 8), (6, 7)],
}
DEALS = [
    SmazzataEntry(ns=LineEntry(300, pulito=1, chiusura=True), eo=LineEntry(100), end="chiusura"),
    SmazzataEntry(ns=LineEntry(200), eo=LineEntry(150, sporco=1, chiusura=True), end="chiusura"),
    SmazzataEntry(ns=LineEntry(50), eo=LineEntry(250, pulito=1, chiusura=True), end="chiusura"),
]


class VisibleLines(HTMLParser):
    """Per body row of the change log: the lines shown at once (list items and summaries
    outside any ``<details>``) and the lines folded inside one."""

    def __init__(self):
        super().__init__()
        self.rows: list[dict[str, int]] = []
        self.in_body = False
        self.folded = 0  # depth of open <details>
        self.in_summary = False

    def handle_starttag(self, tag, attrs):
        if tag == "tbody":
            self.in_body = True
        elif not self.in_body:
            return
        elif tag == "tr":
            self.rows.append({"shown": 0, "folded": 0, "smazzate": 0})
        elif tag == "details":
            self.folded += 1
            self.rows[-1]["smazzate"] += 1
        elif tag == "summary":
            self.in_summary = True
        elif tag == "li":
            self.rows[-1]["folded" if self.folded else "shown"] += 1

    def handle_endtag(self, tag):
        if tag == "tbody":
            self.in_body = False
        elif tag == "details":
            self.folded -= 1


def visible_lines(response) -> list[dict[str, int]]:
    parser = VisibleLines()
    parser.feed(response.content.decode())
    return parser.rows


@pytest.fixture
def evening(director):
    """Eight pairs, three turni of four tables, every table entered smazzata by smazzata."""
    tournament = make_tournament(owner=director)
    make_pairs(tournament, 8)
    for number, seats in SEATS.items():
        turno = make_turno(tournament, number, seats)
        for table in turno.tables.all():
            table_record_smazzate(table=table, user=director, smazzate=DEALS, version=table.version)
    return tournament


def audit_url(tournament, **query) -> str:
    url = reverse("manage:audit", args=[tournament.slug])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def test_an_evening_of_saves_reads_one_short_entry_per_save(english, evening):
    response = english.get(audit_url(evening))
    rows = visible_lines(response)
    assert len(rows) == 12  # one entry per save
    for row in rows:
        # Entry mode, MP and VP of both lines, then one line per smazzata: about 8 lines
        # instead of the 60 a result of three smazzate took box by box.
        assert row["smazzate"] == 3
        assert row["shown"] <= 8
        assert row["folded"] >= 3 * 8  # every box is still there, inside its smazzata
    texts = table_rows(response, "audit")
    assert texts[0][5].startswith("Result entered as: By smazzata NS MP: 850 EO MP: 1000")
    assert "Smazzata 1: NS · total: 600; EO · total: 100" in texts[0][5]


def test_the_filters_find_the_saves_of_one_turno_and_one_table(english, evening):
    turno_two = table_rows(english.get(audit_url(evening, turno=2)), "audit")
    assert [row[3] for row in turno_two] == [
        f"Turno 2, table {n} (NS {ns} – EO {eo})"
        for n, (ns, eo) in reversed(list(enumerate(SEATS[2], start=1)))
    ]
    [one] = table_rows(english.get(audit_url(evening, turno=2, table=3)), "audit")
    assert one[3] == "Turno 2, table 3 (NS 5 – EO 7)"
    assert len(table_rows(english.get(audit_url(evening, table=3)), "audit")) == 3


def test_an_imported_log_keeps_its_mark_and_filters_by_turno_and_table(english, director, evening):
    copy = tournament_import(data=tournament_export(evening), owner=director)
    response = english.get(audit_url(copy, turno=3, table=1))
    [row] = table_rows(response, "audit")
    assert row[3] == "Turno 3, table 1 (NS 1 – EO 4)"
    assert "imported" in row[1]
    [counts] = visible_lines(response)
    assert counts["smazzate"] == 3 and counts["shown"] <= 8


def test_a_smazzata_is_grouped_with_its_totals_apart_and_its_number_left_out():
    before = {
        "ns_mp": 500,
        "smazzate": [
            {"number": 1, "end": "chiusura", "ns": {"cards": 120, "total": 420}},
            {"number": 2, "end": "tallone", "ns": {"cards": 80, "total": 80}},
        ],
    }
    after = {
        "ns_mp": 505,
        "smazzate": [{"number": 1, "end": "tallone", "ns": {"cards": 125, "total": 425}}],
    }
    assert grouped_changes(before, after) == [
        Change("ns_mp", 500, 505, "changed"),
        SmazzataChanges(
            number=1,
            kind="changed",
            totals=(Change("ns.total", 420, 425, "changed"),),
            boxes=(
                Change("ns.cards", 120, 125, "changed"),
                Change("end", "chiusura", "tallone", "changed"),
            ),
        ),
        SmazzataChanges(
            number=2,
            kind="removed",
            totals=(Change("ns.total", 80, None, "removed"),),
            boxes=(
                Change("ns.cards", 80, None, "removed"),
                Change("end", "tallone", None, "removed"),
            ),
        ),
    ]


def test_a_smazzata_whose_totals_did_not_change_says_how_many_boxes_did(english, director):
    tournament = make_tournament(owner=director)
    make_pairs(tournament, 2)
    table = make_turno(tournament, 1, [(1, 2)]).tables.get()

    def result(end: str) -> dict:
        return {"smazzate": [{"number": 3, "end": end, "ns": {"total": 90}}]}

    audit_record(
        tournament=tournament,
        user=director,
        action="result_correct",
        subject=table_subject(table),
        table=table,
        before=result("chiusura"),
        after=result("tallone"),
    )
    [row] = table_rows(english.get(audit_url(tournament)), "audit")
    assert row[5] == "Smazzata 3: 1 box changed Ended by: Chiusura → Stock run out"
