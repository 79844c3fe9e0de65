"""What must be fixed before a tournament's federation report is exported (RULES.md section 14):
every player has a card number valid for the tournament's season, nobody appears twice, a
Ridotta card plays only circolo and federale tournaments, and no printed name looks like a
variant of another registry person. Reads only.

Each problem says whom it is about and links to where it is fixed: the person's card in the
registry, or the entrant in the tournament. A problem ``blocks`` the export unless RULES.md lets
the director go on: a name that only *looks* like another person's may be a different person, so
that one alone is a warning the director may export past; the rest are the rules' own
conditions.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from burraco_tourney.people.models import CardType, Person
from burraco_tourney.people.selectors.near import people_near

from ..models import FederationClass, Tournament
from .federation import Report, ReportPlayer, ReportRow, federation_report

# The classes a Ridotta card may play (RULES.md section 14).
RIDOTTA_CLASSES = frozenset({FederationClass.CIRCOLO, FederationClass.FEDERALE})


@dataclass(frozen=True)
class Problem:
    """One thing to fix: ``code`` is stable (tests, the page's anchors), ``message`` is in the
    reader's language, ``url`` where to fix it and ``fix`` the link's words."""

    code: str
    message: str
    url: str
    fix: str
    blocks: bool = True


def _entrant_link(tournament: Tournament, row: ReportRow) -> tuple[str, str]:
    url = reverse("manage:pair_edit", args=[tournament.slug, row.entrant.number])
    return url, tournament.fmt.entrants.words.edit_label % {"number": row.entrant.number}


def _card_link(person: Person) -> tuple[str, str]:
    return reverse("people:edit", args=[person.pk]), _("Edit the card in the registry")


def _player_problems(tournament: Tournament, row: ReportRow, player: ReportPlayer) -> list:
    season = tournament.date.year
    person = player.person
    name = player.printed
    if person is None:
        url, fix = _entrant_link(tournament, row)
        message = _("%(name)s is not linked to a person of the registry: no card number.")
        return [Problem("no_person", message % {"name": name}, url, fix)]
    url, fix = _card_link(person)
    if not person.card:
        return [Problem("no_card", _("%(name)s has no card number.") % {"name": name}, url, fix)]
    problems = []
    if person.card_year != season:
        message = _("%(name)s's card %(card)s is not valid for the season %(season)s.")
        values = {"name": name, "card": person.card, "season": season}
        problems.append(Problem("card_season", message % values, url, fix))
    if person.card_type == CardType.RIDOTTA and tournament.federation_class not in RIDOTTA_CLASSES:
        message = _("%(name)s has a Ridotta card: it plays only circolo and federale tournaments.")
        problems.append(Problem("ridotta", message % {"name": name}, url, fix))
    return problems


def _twice(tournament: Tournament, rows: list[ReportRow]) -> list[Problem]:
    """A person behind more than one place of the tournament."""
    places: dict[int, list[tuple[ReportRow, ReportPlayer]]] = {}
    for row in rows:
        for player in row.players:
            if player.person is not None:
                places.setdefault(player.person.pk, []).append((row, player))
    problems = []
    for found in places.values():
        if len(found) < 2:
            continue
        person = found[0][1].person
        printed = ", ".join(f"{row.entrant.number} ({player.printed})" for row, player in found)
        message = _("%(name)s appears more than once: %(places)s.")
        url, fix = _entrant_link(tournament, found[1][0])
        values = {"name": person.full_name, "places": printed}
        problems.append(Problem("twice", message % values, url, fix))
    return problems


def _variants(rows: list[ReportRow]) -> list[Problem]:
    """A printed name near another registry person than the one it is linked to (the
    registry's near-name search): perhaps one person kept twice under two spellings."""
    problems = []
    for row in rows:
        for player in row.players:
            if player.person is None:
                continue
            for other in people_near(player.printed):
                if other.pk == player.person.pk:
                    continue
                message = _(
                    "%(name)s (card %(card)s) looks like a variant of %(other)s in the "
                    "registry (card %(other_card)s): the same person kept twice?"
                )
                values = {
                    "name": player.printed,
                    "card": player.person.card or "—",
                    "other": other.full_name,
                    "other_card": other.card or "—",
                }
                url, fix = reverse("people:duplicates"), _("Compare in the registry")
                problems.append(Problem("variant", message % values, url, fix, blocks=False))
    return problems


def report_problems(*, tournament: Tournament, report: Report | None = None) -> list[Problem]:
    """Every problem of the report, blocking ones first, in the report's order."""
    report = report or federation_report(tournament=tournament)
    problems = []
    for row in report.rows:
        for player in row.players:
            problems += _player_problems(tournament, row, player)
    problems += _twice(tournament, report.rows)
    problems += _variants(report.rows)
    return sorted(problems, key=lambda problem: not problem.blocks)


def export_allowed(problems: list[Problem], *, anyway: bool) -> bool:
    """Whether the report may be exported: never with a blocking problem, and past a warning only
    when the director says so."""
    if any(problem.blocks for problem in problems):
        return False
    return anyway or not problems
