"""The scorecard and totals forms, the score service and the archive reader all agree with the
engine's one function (``rules.outcome.table_outcome``) on random legal and illegal entries.

A director would notice a disagreement as a form that accepts what the save refuses, a saved
result other than the live one, or an archive the site refuses to read back.
"""

from __future__ import annotations

from dataclasses import asdict

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from burraco_tourney.archive.records import ArchiveError
from burraco_tourney.archive.tables import TableReader
from burraco_tourney.rules.outcome import (
    EntryRefused,
    SmazzateEntry,
    TotalsEntry,
    table_outcome,
)
from burraco_tourney.rules.scoring import LineEntry
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.tournaments.forms.scorecard import ScorecardForm
from burraco_tourney.tournaments.forms.scores import TotalsForm
from burraco_tourney.tournaments.models import Table
from burraco_tourney.tournaments.results_bridge import tournament_rules
from burraco_tourney.tournaments.services.scores import (
    ScorecardInvalid,
    table_record_smazzate,
    table_record_totals,
)
from tests.tournaments.scores_support import scorecard, scored_tournament, smazzata

pytestmark = pytest.mark.django_db

KINDS = ("pulito", "semipulito", "sporco")
# Card points a scorecard may show, a few of them impossible (not multiples of 5).
CARDS = st.sampled_from([-140, -35, 0, 5, 95, 120, 243, 300, 455, 1000])
LINE = st.fixed_dictionaries(
    {
        "cards": CARDS,
        "pulito": st.integers(0, 2),
        "semipulito": st.integers(0, 1),
        "sporco": st.integers(0, 2),
        "chiusura": st.booleans(),
        "pozzetto": st.booleans(),
    }
)
SMAZZATA = st.tuples(LINE, LINE, st.sampled_from(["", "tallone", "tempo", "chiusura"]))
SCORECARD = st.lists(SMAZZATA, min_size=1, max_size=3)
SETTINGS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture
def table(director):
    tournament, turno = scored_tournament(director, pairs=2)
    tournament.directors.add(director)
    return turno.tables.get(number=1)


def _fresh(table: Table) -> Table:
    return Table.objects.select_related("turno__tournament", "ns", "eo").get(pk=table.pk)


def _entry(card) -> SmazzateEntry:
    rows = []
    for ns, eo, end in card:
        closed = ns["chiusura"] or eo["chiusura"]
        rows.append(
            SmazzataEntry(
                ns=LineEntry(**ns),
                eo=LineEntry(**eo),
                end=end or ("chiusura" if closed else "tallone"),
            )
        )
    return SmazzateEntry(tuple(rows))


def _engine(table: Table, entry):
    """The engine's answer: the outcome, or the refusals as (smazzata, code)."""
    rules = tournament_rules(table.turno.tournament)
    try:
        return table_outcome(rules, entry, round_number=table.turno.number), []
    except EntryRefused as refused:
        return None, [(r.smazzata, r.code) for r in refused.refusals]


def _post(card) -> list[dict]:
    def boxes(line: dict) -> dict:
        counts = {kind: line[kind] for kind in KINDS if line[kind]}
        return {
            "cards": line["cards"],
            "chiusura": line["chiusura"],
            "pozzetto": line["pozzetto"],
            **counts,
        }

    return [smazzata(n, boxes(ns), boxes(eo), end=end) for n, (ns, eo, end) in enumerate(card, 1)]


def _archive(table: Table, result: dict):
    """What the archive reader says of this table's result: None (read) or the error path."""
    # The reader takes the rules object its tournament section builds: the site's own.
    reader = TableReader(rules=tournament_rules(table.turno.tournament))
    raw = [{"table": 1, "ns": 1, "eo": 2, **result}]
    try:
        reader.read_turno(raw, "tables", lambda value, path, seated, where: value, {})
    except ArchiveError as error:
        return error.path
    return None


@SETTINGS
@given(card=SCORECARD)
def test_scorecard_form_service_and_archive_agree_with_the_engine(table, director, card):
    outcome, refusals = _engine(table, _entry(card))
    assert (outcome is None) == bool(refusals)
    event("legal" if outcome else "refused")

    current = _fresh(table)
    data = scorecard(current, *_post(card), rows=3, reason="Prova")
    form = ScorecardForm(
        data, table=current, ruleset=tournament_rules(current.turno.tournament).ruleset, rows=3
    )
    assert form.is_valid() == (outcome is not None), form.errors

    try:
        saved = table_record_smazzate(
            table=current,
            user=director,
            smazzate=list(_entry(card).smazzate),
            version=current.version,
            reason="Prova",
        )
    except ScorecardInvalid as refused:
        assert [(n, e.code) for n, e in refused.errors] == refusals
    else:
        assert outcome is not None
        stored = saved.table
        assert (stored.ns_mp, stored.eo_mp, stored.match.ns_vp, stored.match.eo_vp) == (
            outcome.ns_mp,
            outcome.eo_mp,
            outcome.ns_vp,
            outcome.eo_vp,
        )
        totals = [(s.ns_total, s.eo_total) for s in stored.smazzate.order_by("number")]
        assert totals == [(s.ns.total, s.eo.total) for s in outcome.smazzate]

    result = {
        "smazzate": [
            {"ns": asdict(s.ns), "eo": asdict(s.eo), "end": s.end} for s in _entry(card).smazzate
        ]
    }
    path = _archive(table, result)
    if outcome is not None:
        assert path is None
    else:
        first = refusals[0][0]
        assert path is not None and (first is None or f"smazzate[{first - 1}]" in path)


@SETTINGS
@given(
    ns_mp=st.integers(-300, 3000).map(lambda n: n - n % 5 if n % 7 else n),
    eo_mp=st.integers(-300, 3000),
)
def test_totals_form_service_and_archive_agree_with_the_engine(table, director, ns_mp, eo_mp):
    outcome, refusals = _engine(table, TotalsEntry(ns_mp, eo_mp))
    current = _fresh(table)
    data = {"mode": "totals", "version": current.version, "ns_mp": ns_mp, "eo_mp": eo_mp}
    data["reason"] = "Prova"
    form = TotalsForm(data, table=current)
    assert form.is_valid() == (outcome is not None), form.errors
    if outcome is not None:
        saved = table_record_totals(
            table=current,
            user=director,
            ns_mp=ns_mp,
            eo_mp=eo_mp,
            version=current.version,
            reason="Prova",
        ).table
        assert (saved.match.ns_vp, saved.match.eo_vp) == (outcome.ns_vp, outcome.eo_vp)
    path = _archive(table, {"totals": {"ns": ns_mp, "eo": eo_mp}})
    assert (path is None) == (outcome is not None)


# -- a KO match a punti: the match rules of RULES.md section 8 ---------------------------------

KO_DEAL = st.tuples(
    st.sampled_from([0, 100, 205, 300, 455]),
    st.sampled_from([0, 100, 205, 300, 455]),
    st.sampled_from(["ns", "eo", None]),
)


@pytest.fixture
def ko_table(director):
    from tests.tournaments.ko_support import ko_tournament, match, start

    tournament = ko_tournament(director, pairs=2, ko_mode="punti", ko_smazzate=None, ko_target=505)
    start(tournament, director)
    return match(tournament, 1, 1)


@SETTINGS
@given(deals=st.lists(KO_DEAL, min_size=1, max_size=4))
def test_a_ko_match_a_punti_is_judged_alike_by_the_form_the_service_and_the_engine(
    ko_table, director, deals
):
    entry = SmazzateEntry(
        tuple(
            SmazzataEntry(ns=LineEntry(ns), eo=LineEntry(eo), end="tallone", last_move=last)
            for ns, eo, last in deals
        )
    )
    outcome, refusals = _engine(ko_table, entry)
    event("legal" if outcome else "refused")
    current = _fresh(ko_table)
    posted = [
        smazzata(n, {"cards": ns}, {"cards": eo}, end="tallone", last_move=last or "")
        for n, (ns, eo, last) in enumerate(deals, 1)
    ]
    rules = tournament_rules(current.turno.tournament)
    data = scorecard(current, *posted, rows=6, reason="Prova")
    form = ScorecardForm(data, table=current, ruleset=rules.ruleset, rows=6)
    assert form.is_valid() == (outcome is not None), form.errors
    try:
        saved = table_record_smazzate(
            table=current,
            user=director,
            smazzate=list(entry.smazzate),
            version=current.version,
            reason="Prova",
        ).table
    except ScorecardInvalid as refused:
        assert [(n, e.code) for n, e in refused.errors] == refusals
    else:
        assert outcome is not None
        assert (saved.ns_mp, saved.eo_mp, saved.match.winner) == (
            outcome.ns_mp,
            outcome.eo_mp,
            outcome.winner or "",
        )
