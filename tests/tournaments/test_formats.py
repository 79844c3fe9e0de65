"""One object per kind of tournament (``tournaments/formats``): the registry answers for each
kind, a new kind is found by registering it (no edits across the tree), its answers reach the
pages, and the seam stays: the number of places that still test a tournament's kind is guarded."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from django.urls import reverse

from burraco_tourney.tournaments import formats
from burraco_tourney.tournaments.formats import (
    FORMATS,
    KoFormat,
    PairsFormat,
    TournamentFormat,
    format_for_choice,
    format_of,
    kinds_where,
    register,
)
from burraco_tourney.tournaments.formats import base as formats_base
from burraco_tourney.tournaments.formats.pages import KindPages
from burraco_tourney.tournaments.models import Tournament, TournamentKind
from tests.factories import make_director, make_tournament

ROOT = Path(__file__).resolve().parents[2]

# What differs between the kinds, as pages and services ask it.
ANSWERS = {
    "pairs": {
        "knockout": False,
        "feeds_knockout": True,
        "pages.entrants": "manage:pairs",
        "pages.draw": "manage:turni",
        "pages.standings": "tournaments:standings",
        "pages.director_standings": "tournaments:standings",
        "entrants.key": "pair",
        "entrants.per_table": 2,
        "standings.default_tiebreaks": ("scarto", "head_to_head", "mp"),
    },
    "ko": {
        "knockout": True,
        "feeds_knockout": False,
        "pages.entrants": "manage:pairs",
        "pages.draw": "manage:ko",
        "pages.standings": "manage:bracket",
        "pages.director_standings": "manage:ko",
        "entrants.key": "pair",
    },
    "individual": {
        "knockout": False,
        "feeds_knockout": False,
        "pages.entrants": "manage:players",
        "pages.draw": "manage:turni",
        "pages.standings": "tournaments:standings",
        "pages.director_standings": "tournaments:standings",
        "pages.standings_pdf": "classifica-giocatori",
        "entrants.key": "player",
        "entrants.per_table": 4,
        "standings.default_tiebreaks": ("scarto", "mp"),
        "standings.refused_tiebreaks": ("head_to_head",),
    },
}


def _answer(fmt, name):
    for part in name.split("."):
        fmt = getattr(fmt, part)
    return fmt


@pytest.mark.parametrize("kind", ["pairs", "ko", "individual"])
def test_the_registry_answers_for_each_kind(kind):
    fmt = format_of(kind)
    assert fmt.key == kind
    for name, value in ANSWERS[kind].items():
        assert _answer(fmt, name) == value, name


@pytest.mark.django_db
def test_a_kind_without_standings_ranks_nobody_and_sends_to_its_bracket():
    ko = make_tournament(kind="ko")
    assert ko.fmt.standings.rows_or_missing(tournament=ko, after_turno=None) == ([], None)
    assert ko.fmt.standings.elsewhere(ko) == reverse("manage:bracket", args=[ko.slug])
    pairs = make_tournament()
    assert pairs.fmt.standings.elsewhere(pairs) is None


def test_every_kind_a_tournament_can_have_has_a_format():
    assert {value for value, _ in TournamentKind.choices} <= set(FORMATS)
    assert isinstance(format_of("pairs"), PairsFormat)
    assert isinstance(format_of("ko"), KoFormat)


def test_a_tournament_and_its_kind_string_give_the_same_format():
    assert Tournament(kind="ko").fmt is format_of("ko")
    assert format_of(Tournament(kind="pairs")) is format_of("pairs")


def test_an_unknown_kind_is_refused_but_a_form_falls_back_to_pairs():
    with pytest.raises(LookupError):
        format_of("bridge")
    assert format_for_choice("bridge") is format_of("pairs")
    assert format_for_choice(None) is format_of("pairs")


def test_the_setup_form_boxes_of_the_other_kind_are_ignored():
    assert "ko_mode" in format_of("pairs").ignored_setup_fields
    assert "vp_bands" in format_of("ko").ignored_setup_fields
    assert "vp_bands" not in format_of("pairs").ignored_setup_fields


@pytest.mark.django_db
def test_a_ko_match_cannot_be_reseated_and_a_pairs_turno_can():
    assert format_of("ko").seating_fix_refusal()
    assert format_of("pairs").seating_fix_refusal() is None


def test_every_answer_is_documented_in_the_interface():
    doc = formats_base.__doc__
    public = [
        name for name in vars(TournamentFormat) if not name.startswith("_") and name not in ("key",)
    ]
    assert public
    missing = [name for name in public if f"``{name}" not in doc and f"/ ``{name}" not in doc]
    assert not missing, f"answers not described in base.py's docstring: {missing}"


class _TrainingFormat(TournamentFormat):
    """A kind made up for the test: drawn elsewhere, its standings on the pairs page."""

    key = "training"
    feeds_knockout = True
    pages = KindPages(draw="manage:pairs")


@pytest.fixture
def training_kind(monkeypatch):
    monkeypatch.setattr(formats, "FORMATS", dict(FORMATS))
    return register(_TrainingFormat)


def test_a_new_kind_is_found_once_registered(training_kind):
    assert format_of("training") is training_kind
    assert Tournament(kind="training").fmt.pages.draw == "manage:pairs"
    assert "training" in kinds_where(feeds_knockout=True)
    assert "pairs" in kinds_where(feeds_knockout=True)
    assert "ko" not in kinds_where(feeds_knockout=True)


@pytest.mark.django_db
def test_a_new_kinds_answers_reach_the_pages(client, training_kind):
    """The turni page and the director's menu follow the new kind without any other edit."""
    director = make_director()
    tournament = make_tournament(kind="training", owner=director)
    tournament.directors.add(director)
    client.force_login(director)
    response = client.get(reverse("manage:turni", args=[tournament.slug]))
    assert response.status_code == 302
    assert response["Location"] == reverse("manage:pairs", args=[tournament.slug])
    page = client.get(reverse("manage:dashboard", args=[tournament.slug])).content.decode()
    assert reverse("manage:turni", args=[tournament.slug]) + '"' not in page.split("</nav>")[0]


# -- the seam stays ------------------------------------------------------------------------------

# A test of a tournament's kind: the enum's members, a comparison of ``.kind`` or of ``kind`` with
# a kind's string. Melds (``meld.kind``), scorecard readings and audit changes have kinds too.
KIND_TEST = re.compile(
    r"TournamentKind\.[A-Z]|\bkind\s*(==|!=)\s*['\"](pairs|ko|individual|teams)['\"]"
    r"|\.kind\s*(==|!=|in\b|not in\b)"
)
NOT_TOURNAMENTS = re.compile(r"\b(meld|reading|change)\.kind\b")
# The places left, each for a reason:
# - models/tournament.py: the model's default kind (``default=TournamentKind.PAIRS``);
# - forms/setup.py: the settings form's initial choice, the same default.
# The downloads a kind offers are its format's list (``TournamentFormat.exporters``) and the
# archive reader accepts the kinds the formats serve (``KINDS``): neither tests a kind. The flags
# read outside the formats are counted by test_kind_guard.py.
ALLOWED = 2


def _kind_tests() -> list[str]:
    files = subprocess.run(
        ["git", "ls-files", "burraco_tourney", "templates"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    hits = []
    for name in files:
        if not name.endswith((".py", ".html")) or name.startswith("burraco_tourney/rules/"):
            continue
        for number, line in enumerate((ROOT / name).read_text().splitlines(), start=1):
            if KIND_TEST.search(line) and not NOT_TOURNAMENTS.search(line):
                hits.append(f"{name}:{number}: {line.strip()}")
    return hits


def test_the_kind_tests_do_not_grow_back():
    """Ask ``tournament.fmt`` instead of testing the kind: a new ``kind ==`` fails here."""
    hits = _kind_tests()
    assert len(hits) <= ALLOWED, "\n".join(hits)
