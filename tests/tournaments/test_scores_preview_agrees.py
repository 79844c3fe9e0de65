"""For random scorecards, legal and not, the live preview says what the save does: the same
figures when the save stores them, the same refusals next to the same boxes when it refuses."""

from __future__ import annotations

import re

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.tournaments.scores_support import entry_url, scorecard, scored_tournament, smazzata
from tests.tournaments.test_scores_preview import preview_url, text_of

pytestmark = pytest.mark.django_db

# Mostly what a save accepts, sometimes not: card points not a multiple of 5 or left empty,
# two closers, a closer without its pozzetto or its burraco.
multiple_of_5 = st.integers(-20, 60).map(lambda n: n * 5)
cards = st.one_of(multiple_of_5, multiple_of_5, multiple_of_5, st.integers(-50, 300), st.none())
line = st.fixed_dictionaries(
    {
        "cards": cards,
        "pulito": st.integers(0, 2),
        "sporco": st.integers(0, 2),
        "chiusura": st.sampled_from([False, False, False, True]),
        "pozzetto": st.sampled_from([True, True, True, False]),
    }
)
any_smazzata = st.tuples(line, line, st.sampled_from(["", "", "tallone", "tempo", "chiusura"]))


@st.composite
def legal_smazzata(draw):
    """One a save accepts: card points multiples of 5, at most one closer, with its pozzetto
    and a pulito."""
    closer = draw(st.sampled_from([None, "ns", "eo"]))
    lines = []
    for name in ("ns", "eo"):
        closes = closer == name
        lines.append(
            {
                "cards": draw(multiple_of_5),
                "pulito": draw(st.integers(1 if closes else 0, 2)),
                "sporco": draw(st.integers(0, 2)),
                "chiusura": closes,
                "pozzetto": closes or draw(st.booleans()),
            }
        )
    return (*lines, "")


# None: a smazzata left empty.
smazzata_or_none = st.one_of(legal_smazzata(), legal_smazzata(), any_smazzata, st.none())
card = st.lists(smazzata_or_none, min_size=3, max_size=3)


def post_data(table, smazzate, ended_early: bool) -> dict:
    parts = []
    for n, s in enumerate(smazzate, start=1):
        if s is None:
            parts.append(smazzata(n, {}, {}))
        else:
            ns, eo, end = s
            parts.append(smazzata(n, ns, eo, end))
    return scorecard(table, *parts, ended_early=ended_early)


class _Undo(Exception):
    pass


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(smazzate=card, ended_early=st.sampled_from([True, True, False]))
def test_the_preview_agrees_with_the_save(english, director, smazzate, ended_early):
    _, turno = scored_tournament(director, pairs=2)
    table = turno.tables.get()
    data = post_data(table, smazzate, ended_early)
    html = english.post(preview_url(turno), data).content.decode()
    try:
        with transaction.atomic():
            saved = english.post(entry_url(turno), data)
            table.refresh_from_db()
            stored = (table.ns_mp, table.eo_mp, table.match.ns_vp, table.match.eo_vp)
            raise _Undo
    except _Undo:
        pass
    event("saved" if saved.status_code == 302 else "refused")
    if saved.status_code == 302:
        ns_mp, eo_mp, ns_vp, eo_vp = stored
        assert re.search(rf'data-turno="ns">{ns_mp}<', html)
        assert re.search(rf'data-turno="eo">{eo_mp}<', html)
        assert re.search(rf'data-turno="vp">{ns_vp} – {eo_vp}<', html)
        assert 'class="errorlist"' not in html
    else:
        assert saved.status_code == 200
        errors = saved.context["form"].errors
        assert errors
        assert re.search(r'data-turno="vp"></output>', html)
        for name, messages in errors.items():
            if name == "__all__":
                assert all(str(m) in html for m in messages)
            else:
                assert text_of(html, f"err-{name}") == " ".join(messages)


mp = st.one_of(st.integers(-100, 800).map(lambda n: n * 5), st.integers(-500, 4000))


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(ns_mp=mp, eo_mp=mp)
def test_the_preview_of_turno_totals_agrees_with_the_save(english, director, ns_mp, eo_mp):
    _, turno = scored_tournament(director, pairs=2)
    table = turno.tables.get()
    data = {"mode": "totals", "version": table.version, "ns_mp": ns_mp, "eo_mp": eo_mp}
    html = english.post(preview_url(turno), data).content.decode()
    try:
        with transaction.atomic():
            saved = english.post(entry_url(turno), data)
            table.refresh_from_db()
            stored = (table.match.ns_vp, table.match.eo_vp)
            raise _Undo
    except _Undo:
        pass
    if saved.status_code == 302:
        assert re.search(rf'data-turno="vp">{stored[0]} – {stored[1]}<', html)
        assert 'class="errorlist"' not in html
    else:
        errors = saved.context["form"].errors
        assert errors and re.search(r'data-turno="vp"></output>', html)
        for name, messages in errors.items():
            assert text_of(html, f"err-{name}") == " ".join(messages)
