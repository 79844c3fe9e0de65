"""The seam between the kinds and the rest of the site stays: outside ``tournaments/formats/`` (and
the migrations), the places that test a tournament's kind or ask its format for a flag are
counted, and the count may not grow past ten. A kind's differences are behaviour its format hands
out (``fmt.scoring``, ``fmt.draw_manager``, ``fmt.entrants``, ``fmt.standings``,
``fmt.archive``, ``fmt.exporters``), not flags read across views, templates, exports and the
archive.

What counts (Python, templates, JavaScript): a read of a format's flag (``fmt.knockout``,
``.registers``, ``has_vp_standings``, ``plans_turni``, ``bye_needs_value``, ``draws_turni``,
``feeds_knockout``), any ``.knockout`` (a form's, a preview's, the rules'), a comparison of a kind
(``kind == "ko"``, ``tournament.kind in ...``, ``.get("kind") == ...``), a comparison with a
``TournamentKind`` member, ``kinds_where(...)`` and an ``isinstance`` test of a format. What does
not: melds, scorecard readings and audit changes have a ``kind`` too (a burraco's kind), and a
model's or a form's default (``default=TournamentKind.PAIRS``) compares nothing.

The engine (``rules/``) is counted on its own: it knows no tournament, only the frozen rules the
results bridge builds with the format's ``scoring.rules_options()``; its reads of those rules'
``knockout`` may not grow either.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FLAGS = (
    "knockout",
    "registers",
    "has_vp_standings",
    "plans_turni",
    "bye_needs_value",
    "draws_turni",
    "feeds_knockout",
)
KIND_NAMES = "pairs|ko|individual|teams"
ASKS_A_KIND = re.compile(
    r"\.(" + "|".join(FLAGS) + r")\b"
    r"|\b(" + "|".join(FLAGS[2:]) + r")\b"
    r"|\bkind\s*(==|!=)\s*['\"](" + KIND_NAMES + r")['\"]"
    r"|['\"](" + KIND_NAMES + r")['\"]\s*(==|!=)\s*\w*\.?kind\b"
    r"|\.kind\s*(==|!=|in\b|not in\b)"
    r"|\.get\(\s*['\"]kind['\"]\s*\)\s*(==|!=|in\b)"
    r"|(==|!=|\bin)\s*\(?\s*TournamentKind\.[A-Z]"
    r"|TournamentKind\.[A-Z]+\s*(==|!=)"
    r"|\bkinds_where\("
    r"|isinstance\([^)]*Format\b"
)
# A burraco's kind (sporco, pulito ...), a scorecard reading's, an audit change's: not a
# tournament's.
NOT_A_TOURNAMENT = re.compile(
    r"\b(meld|reading|change|group)\.kind\b"
    r"|\bkind\s*(==|!=)\s*['\"](sequence|combination|added|removed|semipulito|cards|chiusura)"
)
ALLOWED = 10
ENGINE_ALLOWED = 6


def _files() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [
        name
        for name in listed
        if name.startswith(("burraco_tourney/", "templates/", "static/js/"))
        and name.endswith((".py", ".html", ".js"))
        and "/formats/" not in name
        and "/migrations/" not in name
    ]


def asks_a_kind(line: str) -> bool:
    return bool(ASKS_A_KIND.search(line)) and not NOT_A_TOURNAMENT.search(line)


def kind_questions() -> tuple[list[str], list[str]]:
    """The lines that ask a kind, outside the formats and the migrations: (the site's, the
    engine's)."""
    site, engine = [], []
    for name in _files():
        for number, line in enumerate((ROOT / name).read_text().splitlines(), start=1):
            if asks_a_kind(line):
                hit = f"{name}:{number}: {line.strip()}"
                (engine if name.startswith("burraco_tourney/rules/") else site).append(hit)
    return site, engine


def test_the_pattern_sees_every_way_of_asking_a_kind():
    asked = [
        "if tournament.fmt.knockout:",
        'if fmt.registers == "players":',
        "{% if tournament.fmt.plans_turni %}",
        "elif not tournament.fmt.draws_turni %}",
        'if tournament.kind == "ko":',
        "if t.kind in KO_KINDS:",
        'if obj.get("kind") == "individual":',
        "if tournament.kind != TournamentKind.PAIRS:",
        ".filter(kind__in=kinds_where(feeds_knockout=True))",
        "if isinstance(tournament.fmt, KoFormat):",
        "knockout = form.knockout",
        "if (fmt.has_vp_standings) {",
    ]
    not_asked = [
        'if meld.kind == "sequence":',
        'if change.kind == "added":',
        'if self.kind != "sequence" or self.matta_rank is None:',
        "default=TournamentKind.PAIRS,",
        "scoring = tournament.fmt.scoring",
        "for kind in ruleset.entry_kinds:",
    ]
    assert [line for line in asked if not asks_a_kind(line)] == []
    assert [line for line in not_asked if asks_a_kind(line)] == []


def test_the_places_that_ask_a_kind_stay_few():
    """Ask ``tournament.fmt`` for behaviour: a new flag read or kind test outside
    ``formats/`` fails here once the count passes ten."""
    site, _engine = kind_questions()
    assert len(site) <= ALLOWED, f"{len(site)} places ask a kind:\n" + "\n".join(site)


def test_the_engine_reads_no_more_of_the_match_semantics():
    _site, engine = kind_questions()
    assert len(engine) <= ENGINE_ALLOWED, "\n".join(engine)
