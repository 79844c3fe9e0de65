"""The seam between the kinds and the rest of the site stays: outside ``tournaments/formats/`` (and
the migrations), the places that test a tournament's kind or ask its format for a flag, a label
or a URL name are counted, and the count may not grow past ten. A kind's differences are what its
format hands out (``fmt.scoring``, ``fmt.draw_manager``, ``fmt.entrants``, ``fmt.standings``,
``fmt.archive``, ``fmt.exporters``, ``fmt.words``, ``fmt.pages``), not flags, labels and URL
names read across views, templates, exports and the archive.

What counts (Python, templates, JavaScript), each line once:

- any read of the kind object (``tournament.fmt``, a ``fmt``, ``format_of(...)``,
  ``format_for_choice(...)``, ``FORMATS[...]``, or a name a file gives one of these) that is not
  what a kind hands out (``HANDOUTS``: its behaviour objects, its ``words`` passed whole to a
  page, its ``pages``, its list of downloads, its methods): a flag, a label, a URL name, a
  number asked of the kind;
- a test of a handed-out object or of its attribute against None (``fmt.standings is None``,
  ``draw_manager.gironi_url is None``): a flag in disguise (the object says no itself:
  ``draw_manager.check_gironi()``);
- a read of a format's flag by name (``fmt.knockout``, ``.registers``, ``has_vp_standings``,
  ``plans_turni``, ``bye_needs_value``, ``draws_turni``, ``feeds_knockout``), any
  ``.knockout`` (a form's, a preview's, the rules'), a comparison of a kind (``kind == "ko"``,
  ``tournament.kind in ...``, ``.get("kind") == ...``), a comparison with a ``TournamentKind``
  member, ``kinds_where(...)`` and an ``isinstance`` test of a format;
- a table looked up by the kind's word (``SUBJECTS[fmt.entrants.key]``,
  ``WORDS[registers]``, ``FAULTS[entrant_key]``): each kind's entry in a table outside its
  format is the kind's behaviour written elsewhere (its words, its change log's subjects, its
  archive's faults are what its format hands out).

What does not: melds, scorecard readings and audit changes have a ``kind`` too (a burraco's
kind), and a model's or a form's default (``default=TournamentKind.PAIRS``) compares nothing.

The places left, six: the archive's table reader asks the engine's rules for the match semantics
(``archive/tables.py``, three lines: a tie in a KO match needs its last move); the KO setup lists
the tournaments that can feed one (``feeds_knockout``, two); the settings page's script is told
which kind a blank choice means (``format_for_choice("").key``). A kind without a bracket or
without gironi, or whose turni are not drawn from the turni page, says so itself: its draw
manager's ``check_bracket``, ``check_gironi`` and ``check_turno_draw`` refuse in its words.

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
    r"|\w\[[\w.]*\bfmt\.\w+\.(key|entrants_key|words)\s*\]"
    r"|\b[A-Z][A-Z_]*(\[|\.get\()\s*[\w.]*\b(entrant_key|entrants_key|registers)\s*[\],]"
)
# A burraco's kind (sporco, pulito ...), a scorecard reading's, an audit change's: not a
# tournament's.
NOT_A_TOURNAMENT = re.compile(
    r"\b(meld|reading|change|group)\.kind\b"
    r"|\bkind\s*(==|!=)\s*['\"](sequence|combination|added|removed|semipulito|cards|chiusura)"
)
# What a kind hands out: behaviour objects, its words and pages (passed whole: a page prints a
# word or links to a page, it does not decide on one), its downloads, its fragments, the setup
# boxes it ignores, and its methods (``formats/base.py`` documents each).
HANDOUTS = frozenset(
    {
        "scoring",
        "draw_manager",
        "entrants",
        "standings",
        "archive",
        "words",
        "pages",
        "exporters",
        "templates",
        "ignored_setup_fields",
        "build_rules",
        "planned_turni",
        "last_turno",
        "seating_fix_refusal",
        "check_prizes",
        "default_riposo",
    }
)
FORMAT_READ = re.compile(
    r"(?:\bfmt|\bformat_of\([^()]*\)|\bformat_for_choice\([^()]*\)|\bFORMATS\[[^\]]*\])"
    r"\.([a-z_]+)"
)
# A kind object under another name in a file: assigned from one of the above or from a
# ``.fmt``, a loop over ``FORMATS``, a parameter typed ``TournamentFormat``.
FORMAT_ALIAS = re.compile(
    r"\b(\w+)\s*=\s*(?:format_of|format_for_choice)\("
    r"|\b(\w+)\s*=\s*[\w.]*\.fmt\s*$"
    r"|\bfor\s+(?:\w+\s*,\s*)?(\w+)\s+in\s+FORMATS\.(?:items|values)\(\)"
    r"|\b(\w+)\s*:\s*(?:type\[)?TournamentFormat\b",
    re.MULTILINE,
)
HANDOUT_IS_NONE = re.compile(
    r"(\b(\w*standings|scoring|draw_manager|entrants|archive)"
    r"|\bfmt\.\w+\.\w+|\b(draw_)?manager\.\w+)\s+is\s+(not\s+)?None\b"
)
ALLOWED = 6
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


def aliases(text: str) -> set[str]:
    """The names a file gives a kind object besides ``fmt``."""
    found = {name for match in FORMAT_ALIAS.findall(text) for name in match if name}
    return found - {"fmt", "self", "cls"}


def asks_a_kind(line: str, also: frozenset[str] | set[str] = frozenset()) -> bool:
    if NOT_A_TOURNAMENT.search(line):
        return False
    reads = set(FORMAT_READ.findall(line))
    for name in also:
        reads |= set(re.findall(rf"\b{re.escape(name)}\.([a-z_]+)", line))
    return bool(ASKS_A_KIND.search(line) or reads - HANDOUTS or HANDOUT_IS_NONE.search(line))


def kind_questions() -> tuple[list[str], list[str]]:
    """The lines that ask a kind, outside the formats and the migrations: (the site's, the
    engine's)."""
    site, engine = [], []
    for name in _files():
        text = (ROOT / name).read_text()
        also = aliases(text)
        for number, line in enumerate(text.splitlines(), start=1):
            if asks_a_kind(line, also):
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
        "per_table = tournament.fmt.entrants_per_table",
        "return redirect(tournament.fmt.standings_url, tournament.slug)",
        "{% url tournament.fmt.director_entrants_url tournament.slug %}",
        "{{ tournament.fmt.entrants_label }}",
        "messages.success(request, str(tournament.fmt.created_message))",
        "if key in fmt.refused_tiebreaks:",
        '"default_kind": format_for_choice("").key,',
        "label = format_of(kind).forfeit_help",
        "if tournament.fmt.standings is None:",
        "if kind_standings is not None:",
        "return subjects[entrant.tournament.fmt.entrants.key](entrant)",
        "words = WORDS[registers]",
        'sentences = GIRONE_SENTENCES.get(registers, GIRONE_SENTENCES["pairs"])',
        "LISTED_TWICE[self.entrant_key]",
        "return EXPLAINERS[tournament.fmt.standings.words]",
    ]
    not_asked = [
        'if meld.kind == "sequence":',
        'if change.kind == "added":',
        'if self.kind != "sequence" or self.matta_rank is None:',
        "default=TournamentKind.PAIRS,",
        "scoring = tournament.fmt.scoring",
        "for kind in ruleset.entry_kinds:",
        "{{ tournament.fmt.words.entrants_label }}",
        "return redirect(tournament.pages.entrants)",
        "rows, missing = tournament.fmt.standings.rows_or_missing(",
        "if key in fmt.standings.refused_tiebreaks:",
        "{% include tournament.fmt.templates.dashboard_next %}",
        "return tournament.fmt.planned_turni(tournament)",
        "entrants = self._entrants(root[entrants_key])",
        'action=f"{tournament.fmt.entrants.key}_create",',
        "if count > _RAW_FACTOR * MAX_COUNTS[key]:",
    ]
    assert [line for line in asked if not asks_a_kind(line)] == []
    assert [line for line in not_asked if asks_a_kind(line)] == []


def test_a_kind_object_under_another_name_is_seen_too():
    text = (
        'new_kind = format_for_choice(self.fields["kind"].initial)\n'
        "for key, each in FORMATS.items():\n"
        "def fit_to_kind(fields, kind_format: TournamentFormat) -> None:\n"
        "chosen = tournament.fmt\n"
        "rows = chosen.standings.rows(tournament)\n"
    )
    also = aliases(text)
    assert also == {"new_kind", "each", "kind_format", "chosen"}
    assert asks_a_kind("boxes(new_kind.default_tiebreaks)", also)
    assert asks_a_kind("label = kind_format.forfeit_loser_label", also)
    assert asks_a_kind("if chosen.knockout:", also)
    assert not asks_a_kind("boxes(new_kind.standings.default_tiebreaks)", also)
    assert not asks_a_kind("rows = each.standings.rows(tournament)", also)


def test_the_places_that_ask_a_kind_stay_few():
    """Ask ``tournament.fmt`` for behaviour: a new flag, label or URL name read, or a kind
    test, outside ``formats/`` fails here once the count passes ten."""
    site, _engine = kind_questions()
    assert len(site) <= ALLOWED, f"{len(site)} places ask a kind:\n" + "\n".join(site)


def test_the_engine_reads_no_more_of_the_match_semantics():
    _site, engine = kind_questions()
    assert len(engine) <= ENGINE_ALLOWED, "\n".join(engine)
