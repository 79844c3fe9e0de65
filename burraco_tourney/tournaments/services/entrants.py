"""Writing a tournament's entrants, for every kind (a pair, a player): register, edit, withdraw
or bring back, delete, draw the numbers.

Each write runs in one transaction, locks the tournament row first (so two directors adding
entrants at once cannot take the same number) and records what it changed with
``audit_record``. What differs between kinds is asked of the tournament's format: which names an
entrant has (``entrants.names``), the word the change log uses (``entrants.key``: the actions
are ``pair_create``, ``player_withdraw`` ...) and the sentences of its refusals (``words``).
Errors a director can fix are ``ValidationError`` keyed by form field where there is one.
Importing a list is ``services.pairs.entrants_import``, for every kind too.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max, Q
from django.utils import timezone

from ..audit_text import entrant_subject, number_draw_subject
from ..models import Bye, Entrant, Penalty, Table, TableSeat, Tournament
from .audit import audit_record
from .late_pairs import MissedChoice, late_fields, late_snapshot
from .locks import tournament_lock
from .members import Place, entrant_people

NUMBER_DRAW_ACTION = "pair_numbers_draw"


def entrant_snapshot(entrant: Entrant) -> dict:
    """What the change log keeps of an entrant: its number, its names, club and state."""
    names = entrant.tournament.fmt.entrants.names
    return {
        "number": entrant.number,
        **{name: getattr(entrant, name) for name in names},
        "club": entrant.club,
        "withdrawn": entrant.withdrawn,
    }


def _checked_names(tournament: Tournament, names: dict[str, str]) -> dict[str, str]:
    expected = tournament.fmt.entrants.names
    if set(names) != set(expected):
        # The forms ask the kind's names: anything else is a bug, not input.
        raise TypeError(f"an entrant of this tournament has the names {expected}, not {names}")
    return names


def _number_taken(tournament: Tournament, number: int, *, exclude: Entrant | None = None) -> None:
    clash = tournament.entrants.filter(number=number)
    if exclude is not None:
        clash = clash.exclude(pk=exclude.pk)
    other = clash.first()
    if other is not None:
        message = tournament.fmt.words.number_taken_message
        raise ValidationError(
            {"number": message % {"number": number, "pair": other, "player": other}}
        )


def entrant_next_number(*, tournament: Tournament) -> int:
    """The number a new entrant gets when none is given: one more than the highest."""
    return (tournament.entrants.aggregate(top=Max("number"))["top"] or 0) + 1


@transaction.atomic
def entrant_create(
    *,
    tournament: Tournament,
    user,
    club: str = "",
    number: int | None = None,
    missed: MissedChoice | None = None,
    places: list[Place] | None = None,
    **names: str,
) -> Entrant:
    """Register an entrant with its names (``player1``/``player2``, or ``name``). Once a turno is
    published a pair is *late*: it joins from the next turno and the turni it missed count as
    ``missed`` says (``services.late_pairs``); the change log records that choice. Its people
    are found or made from its names, or from ``places`` (a picked person, a card)."""
    tournament_lock(tournament)
    names = _checked_names(tournament, names)
    if number is None:
        number = entrant_next_number(tournament=tournament)
    else:
        _number_taken(tournament, number)
    late = late_fields(tournament=tournament, missed=missed)
    entrant = Entrant.objects.create(
        tournament=tournament, number=number, club=club, **names, **late
    )
    entrant_people(entrant, places)
    tournament.fmt.entrants.people_check(entrant)
    audit_record(
        tournament=tournament,
        user=user,
        action=f"{tournament.fmt.entrants.key}_create",
        subject=entrant_subject(entrant),
        after={**entrant_snapshot(entrant), **late_snapshot(late)},
    )
    return entrant


@transaction.atomic
def entrant_update(*, entrant: Entrant, user, number: int, club: str = "", **names: str) -> Entrant:
    tournament = entrant.tournament
    tournament_lock(tournament)
    names = _checked_names(tournament, names)
    before = entrant_snapshot(entrant)
    if number != entrant.number:
        _number_taken(tournament, number, exclude=entrant)
    entrant.number, entrant.club = number, club
    for name, value in names.items():
        setattr(entrant, name, value)
    if entrant_snapshot(entrant) != before:
        entrant.save(update_fields=["number", *names, "club"])
        entrant_people(entrant)  # a renamed place finds its person again
        audit_record(
            tournament=tournament,
            user=user,
            action=f"{tournament.fmt.entrants.key}_edit",
            subject=entrant_subject(entrant),
            before=before,
            after=entrant_snapshot(entrant),
        )
    return entrant


def _last_turno_played(entrant: Entrant) -> int:
    """The last turno a withdrawn entrant plays (ARCHIVE.md ``withdrawn.after_turno``): the last
    published turno, or a later draft that already seats it or gives it a riposo."""
    turni = entrant.tournament.turni
    published = turni.filter(published=True).aggregate(last=Max("number"))
    seated = turni.filter(
        Q(tables__ns=entrant)
        | Q(tables__eo=entrant)
        | Q(tables__seats__entrant=entrant)
        | Q(byes__entrant=entrant)
    ).aggregate(last=Max("number"))
    return max(published["last"] or 0, seated["last"] or 0)


@transaction.atomic
def entrant_set_withdrawn(*, entrant: Entrant, user, withdrawn: bool, reason: str = "") -> Entrant:
    """Withdraw an entrant (it is left out of the next draws) or bring it back."""
    tournament = entrant.tournament
    tournament_lock(tournament)
    if entrant.withdrawn == withdrawn:
        return entrant
    before = entrant_snapshot(entrant)
    entrant.withdrawn = withdrawn
    entrant.withdrawn_after_turno = _last_turno_played(entrant) if withdrawn else None
    limit = Entrant._meta.get_field("withdrawn_reason").max_length
    entrant.withdrawn_reason = reason[:limit] if withdrawn else ""
    entrant.save(update_fields=["withdrawn", "withdrawn_after_turno", "withdrawn_reason"])
    key = tournament.fmt.entrants.key
    audit_record(
        tournament=tournament,
        user=user,
        subject=entrant_subject(entrant),
        reason=reason,
        action=f"{key}_withdraw" if withdrawn else f"{key}_reinstate",
        before=before,
        after=entrant_snapshot(entrant),
    )
    return entrant


def entrant_has_played(entrant: Entrant) -> bool:
    """True once the entrant sits at a table, rested or was penalised in a turno."""
    return (
        Table.objects.filter(Q(ns=entrant) | Q(eo=entrant)).exists()
        or TableSeat.objects.filter(entrant=entrant).exists()
        or Bye.objects.filter(entrant=entrant).exists()
        or Penalty.objects.filter(entrant=entrant).exists()
    )


@transaction.atomic
def entrant_delete(*, entrant: Entrant, user, reason: str = "") -> None:
    """Delete an entrant never part of a turno; one that was can only be withdrawn."""
    tournament = entrant.tournament
    tournament_lock(tournament)
    if entrant_has_played(entrant):
        message = tournament.fmt.words.played_refusal
        raise ValidationError(message % {"pair": entrant, "player": entrant})
    before = entrant_snapshot(entrant)
    subject = entrant_subject(entrant)
    entrant.delete()
    audit_record(
        tournament=tournament,
        user=user,
        action=f"{tournament.fmt.entrants.key}_delete",
        subject=subject,
        reason=reason,
        before=before,
    )


# --- The random draw of the numbers ----------------------------------------------------------


def number_draw_order(numbers: list[int], seed: str) -> list[int]:
    """The fair draw: shuffle the current numbers, sorted, with a generator seeded by ``seed``.

    The entrant whose current number ends up in position k (counting from 1) gets number k.
    Anyone can repeat it with Python: ``old = sorted(numbers); random.Random(seed).shuffle(old)``.
    A string seed is hashed the same way on every platform and Python 3 version since 3.2.
    """
    order = sorted(numbers)
    random.Random(seed).shuffle(order)
    return order


@dataclass(frozen=True)
class DrawnNumber:
    new: int
    old: int
    players: str


@transaction.atomic
def entrant_numbers_draw(*, tournament: Tournament, user, seed: str = "") -> list[DrawnNumber]:
    """Renumber every entrant 1..n in the order drawn from ``seed`` (a random one when empty).

    Allowed only before the first turno is drawn. The seed and the time are stored on the
    tournament and the whole order in the change log, so the draw can be checked afterwards.
    """
    tournament_lock(tournament)
    fmt = tournament.fmt
    if tournament.turni.exists():
        raise ValidationError(fmt.words.numbers_draw_too_late)
    entrants = {e.number: e for e in tournament.entrants.all()}
    if len(entrants) < 2:
        raise ValidationError(fmt.words.numbers_draw_too_few)
    seed = seed.strip() or secrets.token_hex(8)
    order = number_draw_order(list(entrants), seed)
    # Renumbering in place would clash with the unique number of another entrant on the way:
    # move every entrant above the highest number first, then down to its drawn number.
    tournament.entrants.update(number=F("number") + max(entrants) + 1)
    drawn = []
    for new, old in enumerate(order, start=1):
        entrant = entrants[old]
        entrant.number = new
        drawn.append(DrawnNumber(new=new, old=old, players=entrant.players))
    Entrant.objects.bulk_update(list(entrants.values()), ["number"])
    tournament.number_draw_seed = seed
    tournament.number_draw_at = timezone.now()
    tournament.save(update_fields=["number_draw_seed", "number_draw_at"])
    audit_record(
        tournament=tournament,
        user=user,
        action=NUMBER_DRAW_ACTION,
        subject=number_draw_subject(seed),
        before={"numbers": sorted(entrants)},
        after={"seed": seed, "order": [[d.new, d.old, d.players] for d in drawn]},
    )
    return drawn
