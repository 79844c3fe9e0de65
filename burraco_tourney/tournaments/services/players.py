"""Writing the players of an individual tournament: add, edit, withdraw, delete, import a list,
draw numbers.

The individual tournament's counterpart of ``services/pairs.py``, with the same rules: each
write runs in one transaction, locks the tournament first, and records what it changed with
``audit_record``; errors a director can fix are ``ValidationError`` keyed by form field.
The number draw is the pairs' own (``number_draw_order``), recorded the same way.
"""

from __future__ import annotations

import secrets

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext as _

from ..audit_text import number_draw_subject, player_subject, players_import_subject
from ..models import IndividualBye, IndividualPenalty, Player, TableSeat, Tournament
from ..player_import import PlayerRow, check_player_rows
from .audit import audit_record
from .locks import tournament_lock
from .pairs import NUMBER_DRAW_ACTION, DrawnNumber, number_draw_order


class PlayerImportRejected(Exception):
    """The rows of a list cannot be saved; ``rows`` carry the errors, nothing was saved."""

    def __init__(self, rows: list[PlayerRow]):
        super().__init__("player list has errors")
        self.rows = rows


def _snapshot(player: Player) -> dict:
    return {
        "number": player.number,
        "name": player.name,
        "club": player.club,
        "withdrawn": player.withdrawn,
    }


def _number_taken(tournament: Tournament, number: int, *, exclude: Player | None = None) -> None:
    clash = tournament.players.filter(number=number)
    if exclude is not None:
        clash = clash.exclude(pk=exclude.pk)
    other = clash.first()
    if other is not None:
        raise ValidationError(
            {
                "number": _("Number %(number)s is already taken by %(player)s.")
                % {"number": number, "player": other}
            }
        )


def player_next_number(*, tournament: Tournament) -> int:
    return (tournament.players.aggregate(top=Max("number"))["top"] or 0) + 1


@transaction.atomic
def player_create(
    *, tournament: Tournament, user, name: str, club: str = "", number: int | None = None
) -> Player:
    """Register a player (the next free number when none is given)."""
    tournament_lock(tournament)
    if number is None:
        number = player_next_number(tournament=tournament)
    else:
        _number_taken(tournament, number)
    player = Player.objects.create(tournament=tournament, number=number, name=name, club=club)
    audit_record(
        tournament=tournament,
        user=user,
        action="player_create",
        subject=player_subject(player),
        after=_snapshot(player),
    )
    return player


@transaction.atomic
def player_update(*, player: Player, user, name: str, club: str = "", number: int) -> Player:
    tournament_lock(player.tournament)
    before = _snapshot(player)
    if number != player.number:
        _number_taken(player.tournament, number, exclude=player)
    player.number, player.name, player.club = number, name, club
    if _snapshot(player) != before:
        player.save(update_fields=["number", "name", "club"])
        audit_record(
            tournament=player.tournament,
            user=user,
            action="player_edit",
            subject=player_subject(player),
            before=before,
            after=_snapshot(player),
        )
    return player


def _last_turno_played(player: Player) -> int:
    turni = player.tournament.turni
    published = turni.filter(published=True).aggregate(last=Max("number"))["last"] or 0
    seated = turni.filter(tables__seats__player=player).aggregate(last=Max("number"))["last"] or 0
    rested = turni.filter(player_byes__player=player).aggregate(last=Max("number"))["last"] or 0
    return max(published, seated, rested)


@transaction.atomic
def player_set_withdrawn(*, player: Player, user, withdrawn: bool, reason: str = "") -> Player:
    """Withdraw a player (left out of the next draws) or bring him back."""
    tournament_lock(player.tournament)
    if player.withdrawn == withdrawn:
        return player
    before = _snapshot(player)
    player.withdrawn = withdrawn
    player.withdrawn_after_turno = _last_turno_played(player) if withdrawn else None
    limit = Player._meta.get_field("withdrawn_reason").max_length
    player.withdrawn_reason = reason[:limit] if withdrawn else ""
    player.save(update_fields=["withdrawn", "withdrawn_after_turno", "withdrawn_reason"])
    audit_record(
        tournament=player.tournament,
        user=user,
        subject=player_subject(player),
        reason=reason,
        action="player_withdraw" if withdrawn else "player_reinstate",
        before=before,
        after=_snapshot(player),
    )
    return player


def player_has_played(player: Player) -> bool:
    """True once the player sits at a table, rested or was penalised in a turno."""
    return (
        TableSeat.objects.filter(player=player).exists()
        or IndividualBye.objects.filter(player=player).exists()
        or IndividualPenalty.objects.filter(player=player).exists()
    )


@transaction.atomic
def player_delete(*, player: Player, user, reason: str = "") -> None:
    """Delete a player who was never part of a turno; one who was can only be withdrawn."""
    tournament_lock(player.tournament)
    if player_has_played(player):
        raise ValidationError(
            _("%(player)s is already part of a turno and cannot be deleted: withdraw instead.")
            % {"player": player}
        )
    before = _snapshot(player)
    subject = player_subject(player)
    player.delete()
    audit_record(
        tournament=player.tournament,
        user=user,
        action="player_delete",
        subject=subject,
        reason=reason,
        before=before,
    )


def _registered(tournament: Tournament) -> dict[int, str]:
    return dict(tournament.players.values_list("number", "name"))


def players_import_check(*, tournament: Tournament, rows: list[PlayerRow]) -> list[PlayerRow]:
    """The preview: the rows with their numbers and every error, against the players registered."""
    return check_player_rows(rows, registered=_registered(tournament))


@transaction.atomic
def players_import(
    *, tournament: Tournament, user, rows: list[PlayerRow], source: str
) -> list[Player]:
    """Create every player of a pasted or uploaded list, or none of them (``source``: the file's
    name, empty for a pasted list). Any error raises ``PlayerImportRejected``."""
    tournament_lock(tournament)
    rows = check_player_rows(rows, registered=_registered(tournament))
    if not rows or any(row.errors for row in rows):
        raise PlayerImportRejected(rows)
    players = Player.objects.bulk_create(
        Player(tournament=tournament, number=row.number, name=row.name, club=row.club)
        for row in rows
    )
    audit_record(
        tournament=tournament,
        user=user,
        action="players_import",
        subject=players_import_subject(len(players), source),
        after=[_snapshot(p) for p in players],
    )
    return players


@transaction.atomic
def player_numbers_draw(*, tournament: Tournament, user, seed: str = "") -> list[DrawnNumber]:
    """Renumber every player 1..n in the order drawn from ``seed`` (random when empty), as the
    pairs' draw does; allowed only before the first turno is drawn."""
    tournament_lock(tournament)
    if tournament.turni.exists():
        raise ValidationError(
            _("The player numbers can be drawn only before the first turno is drawn.")
        )
    players = {p.number: p for p in tournament.players.all()}
    if len(players) < 2:
        raise ValidationError(_("Register at least two players before drawing their numbers."))
    seed = seed.strip() or secrets.token_hex(8)
    order = number_draw_order(list(players), seed)
    tournament.players.update(number=F("number") + max(players) + 1)
    drawn = []
    for new, old in enumerate(order, start=1):
        player = players[old]
        player.number = new
        drawn.append(DrawnNumber(new=new, old=old, players=player.name))
    Player.objects.bulk_update(list(players.values()), ["number"])
    tournament.number_draw_seed = seed
    tournament.number_draw_at = timezone.now()
    tournament.save(update_fields=["number_draw_seed", "number_draw_at"])
    audit_record(
        tournament=tournament,
        user=user,
        action=NUMBER_DRAW_ACTION,
        subject=number_draw_subject(seed),
        before={"numbers": sorted(players)},
        after={"seed": seed, "order": [[d.new, d.old, d.players] for d in drawn]},
    )
    return drawn
