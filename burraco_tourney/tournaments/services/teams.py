"""A team tournament's own writes (RULES.md section 11): each team's line-up for a match, and
its captain. Registering a team is every kind's ``services.entrants.entrant_create`` (its roster
is its people, checked by the kind); its tables are drawn by ``services.turni`` and scored by the
one results path.

A line-up is set by the director, or by the team's captain from the team's link; it may change
until its match has a result at either table, and a match is not played before both teams have
one (``lineup_refusal``). Each write runs in one transaction that locks the match's row, so a
director and a captain saving at once take turns, and records the change with ``audit_record``.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from ..audit_text import entrant_subject, lineup_subject
from ..models import Entrant, Lineup, Match, Member
from .audit import audit_record
from .entrants import entrant_update
from .members import Place, members_update


@dataclass(frozen=True)
class LineupChoice:
    """The four roster positions of a line-up: two in the sala aperta, two in the chiusa."""

    aperta: tuple[int, int]
    chiusa: tuple[int, int]


def lineup_snapshot(lineup: Lineup | None) -> dict | None:
    if lineup is None:
        return None
    return {
        "aperta": [lineup.aperta1.printed, lineup.aperta2.printed],
        "chiusa": [lineup.chiusa1.printed, lineup.chiusa2.printed],
    }


def _match_locked(match: Match) -> Match:
    return (
        Match.objects.select_for_update()
        .select_related("turno__tournament")
        .prefetch_related("tables__ns", "tables__eo")
        .get(pk=match.pk)
    )


@transaction.atomic
def lineup_set(
    *, match: Match, team: Entrant, choice: LineupChoice, user=None, by_captain: bool = False
) -> Lineup:
    """Set (or change) ``team``'s line-up for ``match``: the roster positions of its two pairs.
    Refused with a ``ValidationError`` when the team does not play the match, a position is not
    in its roster, a player is named twice, or the match already has a result."""
    match = _match_locked(match)
    tables = list(match.tables.all())
    if team.pk not in {t.ns_id for t in tables} | {t.eo_id for t in tables}:
        raise ValidationError(
            _("Team %(team)s does not play match %(match)s.")
            % {"team": team.number, "match": match.number},
            code="not_in_match",
        )
    if any(t.entry_mode for t in tables):
        raise ValidationError(
            _("Match %(match)s already has a result: its line-ups cannot change any more.")
            % {"match": match.number},
            code="played",
        )
    positions = [*choice.aperta, *choice.chiusa]
    if len(set(positions)) != len(positions):
        raise ValidationError(
            _("Each player plays in one room only: choose four different players."),
            code="twice",
        )
    # The roster rows locked: a director editing the roster waits (``team_update``).
    roster = {m.position: m for m in Member.objects.select_for_update().filter(entrant=team)}
    missing = [p for p in positions if p not in roster]
    if missing:
        raise ValidationError(
            _("Team %(team)s has no player number %(position)s in its roster.")
            % {"team": team.number, "position": missing[0]},
            code="not_in_roster",
        )
    before = Lineup.objects.filter(match=match, team=team).select_related(
        "aperta1", "aperta2", "chiusa1", "chiusa2"
    )
    before = before.first()
    values = {
        "aperta1": roster[choice.aperta[0]],
        "aperta2": roster[choice.aperta[1]],
        "chiusa1": roster[choice.chiusa[0]],
        "chiusa2": roster[choice.chiusa[1]],
        "set_at": timezone.now(),
        "set_by": user if user is not None and user.is_authenticated else None,
        "by_captain": by_captain,
    }
    lineup, _created = Lineup.objects.update_or_create(match=match, team=team, defaults=values)
    audit_record(
        tournament=match.turno.tournament,
        user=values["set_by"],
        action="lineup_set",
        subject=lineup_subject(turno=match.turno.number, match=match.number, team=team.number),
        reason=_("set by the captain") if by_captain else "",
        before=lineup_snapshot(before),
        after=lineup_snapshot(lineup),
    )
    return lineup


@transaction.atomic
def team_captain_set(*, team: Entrant, position: int | None, user) -> None:
    """Make the roster's player at ``position`` the team's captain (None: no captain)."""
    members = list(Member.objects.select_for_update().filter(entrant=team).order_by("position"))
    if position is not None and position not in {m.position for m in members}:
        raise ValidationError(
            _("Team %(team)s has no player number %(position)s in its roster.")
            % {"team": team.number, "position": position},
            code="not_in_roster",
        )
    before = next((m.printed for m in members if m.captain), "")
    Member.objects.filter(entrant=team, captain=True).update(captain=False)
    if position is not None:
        Member.objects.filter(entrant=team, position=position).update(captain=True)
    after = next((m.printed for m in members if m.position == position), "")
    if before != after:
        audit_record(
            tournament=team.tournament,
            user=user,
            action="team_captain",
            subject=entrant_subject(team),
            before={"captain": before},
            after={"captain": after},
        )


def _removal_refused(team: Entrant, removed: list[Member]) -> None:
    """A player leaves the roster only while no line-up names him: a played match's line-up
    stays as it was played; a match still to play has its line-up changed first."""
    lineup = (
        Lineup.objects.filter(team=team)
        .filter(
            Q(aperta1__in=removed)
            | Q(aperta2__in=removed)
            | Q(chiusa1__in=removed)
            | Q(chiusa2__in=removed)
        )
        .select_related("match__turno", "aperta1", "aperta2", "chiusa1", "chiusa2")
        .order_by("match__turno__number", "match__number")
    )
    for line in lineup:
        named = {line.aperta1_id, line.aperta2_id, line.chiusa1_id, line.chiusa2_id}
        member = next(m for m in removed if m.pk in named)
        params = {
            "person": member.printed,
            "turno": line.match.turno.number,
            "match": line.match.number,
        }
        if line.match.tables.exclude(entry_mode="").exists():
            raise ValidationError(
                _(
                    "%(person)s played match %(match)s of turno %(turno)s: a player of a "
                    "played line-up stays in the roster."
                )
                % params,
                code="played",
            )
        raise ValidationError(
            _(
                "%(person)s is in the line-up of match %(match)s of turno %(turno)s: change "
                "that line-up first."
            )
            % params,
            code="lineup",
        )


@transaction.atomic
def team_update(
    *, team: Entrant, user, places: list[Place], captain: int | None, **fields
) -> Entrant:
    """Save a team's edit page: its number, name and club (every kind's ``entrant_update``),
    its roster in the order given (players added, removed, moved; each a registry person) and
    its captain (a roster position, None: no captain), all or nothing."""
    team = entrant_update(entrant=team, user=user, **fields)
    before = [m.printed for m in team.members.order_by("position")]
    members_update(team, places, refuse_removal=lambda gone: _removal_refused(team, gone))
    team.tournament.fmt.entrants.people_check(team)
    after = [m.printed for m in team.members.order_by("position")]
    if after != before:
        audit_record(
            tournament=team.tournament,
            user=user,
            action="team_roster",
            subject=entrant_subject(team),
            before={"roster": before},
            after={"roster": after},
        )
    team_captain_set(team=team, position=captain, user=user)
    return team


@transaction.atomic
def captain_link_revoke(*, team: Entrant, user) -> Entrant:
    """A new link for the team's captain: the old one stops working at once."""
    team = Entrant.objects.select_for_update().get(pk=team.pk)
    team.link_key = secrets.token_urlsafe(12)
    team.save(update_fields=["link_key"])
    audit_record(
        tournament=team.tournament,
        user=user,
        action="team_link_revoke",
        subject=entrant_subject(team),
    )
    return team


def lineup_refusal(match_id: int) -> str | None:
    """Why the match may not be played yet (None: both teams' line-ups are set)."""
    teams = Lineup.objects.filter(match_id=match_id).count()
    if teams >= 2:
        return None
    return _(
        "This match cannot start yet: both teams' line-ups must be set first (by the director, "
        "or by each team's captain from the team's link)."
    )
