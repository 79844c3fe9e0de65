"""Writing the pairs of a tournament: add, edit, withdraw, delete, import a list, draw numbers.

Each write runs in one transaction, locks the tournament row first (so two directors adding
pairs at once cannot take the same number) and records what it changed with ``audit_record``.
Errors a director can fix are raised as ``ValidationError`` keyed by form field where there is
one, so the view shows them next to that field. A few reads the pairs page needs sit at the end.
"""

from __future__ import annotations

import datetime
import json
import random
import secrets
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, F, Max, OuterRef, Q, QuerySet
from django.utils import timezone
from django.utils.text import Truncator
from django.utils.translation import gettext as _

from ..audit_text import number_draw_subject, pair_subject, pairs_import_subject
from ..models import AuditEntry, Bye, Pair, Penalty, Table, Tournament
from ..pair_import import ImportRow, check_rows, rows_have_errors
from .audit import audit_record
from .late_pairs import MissedChoice, late_fields, late_snapshot
from .locks import tournament_lock

NUMBER_DRAW_ACTION = "pair_numbers_draw"
REASON_MAX = AuditEntry._meta.get_field("reason").max_length


class PairImportRejected(Exception):
    """The rows of a list cannot be saved; ``rows`` carry the errors, nothing was saved."""

    def __init__(self, rows: list[ImportRow]):
        super().__init__("pair list has errors")
        self.rows = rows


def _snapshot(pair: Pair) -> dict:
    return {
        "number": pair.number,
        "player1": pair.player1,
        "player2": pair.player2,
        "club": pair.club,
        "withdrawn": pair.withdrawn,
    }


def _number_taken(tournament: Tournament, number: int, *, exclude: Pair | None = None) -> None:
    clash = tournament.pairs.filter(number=number)
    if exclude is not None:
        clash = clash.exclude(pk=exclude.pk)
    other = clash.first()
    if other is not None:
        raise ValidationError(
            {
                "number": _("Number %(number)s is already taken by pair %(pair)s.")
                % {"number": number, "pair": other}
            }
        )


def pair_next_number(*, tournament: Tournament) -> int:
    """The number a new pair gets when none is given: one more than the highest."""
    return (tournament.pairs.aggregate(top=Max("number"))["top"] or 0) + 1


@transaction.atomic
def pair_create(
    *,
    tournament: Tournament,
    user,
    player1: str,
    player2: str,
    club: str = "",
    number: int | None = None,
    missed: MissedChoice | None = None,
) -> Pair:
    """Register a pair. Once a turno is published the pair is *late*: it joins from the next
    turno and the turni it missed count as ``missed`` says (``services.late_pairs``; the
    riposo's value by default where there is one); the change log records that choice."""
    tournament_lock(tournament)
    if number is None:
        number = pair_next_number(tournament=tournament)
    else:
        _number_taken(tournament, number)
    late = late_fields(tournament=tournament, missed=missed)
    pair = Pair.objects.create(
        tournament=tournament, number=number, player1=player1, player2=player2, club=club, **late
    )
    audit_record(
        tournament=tournament,
        user=user,
        action="pair_create",
        subject=pair_subject(pair),
        after={**_snapshot(pair), **late_snapshot(late)},
    )
    return pair


@transaction.atomic
def pair_update(
    *, pair: Pair, user, player1: str, player2: str, club: str = "", number: int
) -> Pair:
    tournament_lock(pair.tournament)
    before = _snapshot(pair)
    if number != pair.number:
        _number_taken(pair.tournament, number, exclude=pair)
    pair.number, pair.player1, pair.player2, pair.club = number, player1, player2, club
    if _snapshot(pair) != before:
        pair.save(update_fields=["number", "player1", "player2", "club"])
        audit_record(
            tournament=pair.tournament,
            user=user,
            action="pair_edit",
            subject=pair_subject(pair),
            before=before,
            after=_snapshot(pair),
        )
    return pair


@transaction.atomic
def pair_set_withdrawn(*, pair: Pair, user, withdrawn: bool, reason: str = "") -> Pair:
    """Withdraw a pair (it is left out of the next draws) or bring it back."""
    tournament_lock(pair.tournament)
    if pair.withdrawn == withdrawn:
        return pair
    before = _snapshot(pair)
    pair.withdrawn = withdrawn
    # The pair plays no turno after this one (ARCHIVE.md ``withdrawn.after_turno``): the last
    # published turno, or a later draft that already seats it.
    pair.withdrawn_after_turno = _last_turno_played(pair) if withdrawn else None
    pair.withdrawn_reason = reason[: Pair._meta.get_field("withdrawn_reason").max_length]
    if not withdrawn:
        pair.withdrawn_reason = ""
    pair.save(update_fields=["withdrawn", "withdrawn_after_turno", "withdrawn_reason"])
    audit_record(
        tournament=pair.tournament,
        user=user,
        subject=pair_subject(pair),
        reason=reason,
        action="pair_withdraw" if withdrawn else "pair_reinstate",
        before=before,
        after=_snapshot(pair),
    )
    return pair


def _last_turno_played(pair: Pair) -> int:
    published = pair.tournament.turni.filter(published=True).aggregate(last=Max("number"))
    seated = pair.tournament.turni.filter(
        Q(tables__ns=pair) | Q(tables__eo=pair) | Q(byes__pair=pair)
    ).aggregate(last=Max("number"))
    return max(published["last"] or 0, seated["last"] or 0)


def pair_has_played(pair: Pair) -> bool:
    """True once the pair sits at a table, rested or was penalised in a turno."""
    return (
        Table.objects.filter(Q(ns=pair) | Q(eo=pair)).exists()
        or Bye.objects.filter(pair=pair).exists()
        or Penalty.objects.filter(pair=pair).exists()
    )


@transaction.atomic
def pair_delete(*, pair: Pair, user, reason: str = "") -> None:
    """Delete a pair that was never part of a turno; one that was can only be withdrawn."""
    tournament_lock(pair.tournament)
    if pair_has_played(pair):
        raise ValidationError(
            _(
                "Pair %(pair)s is already part of a turno and cannot be deleted: "
                "withdraw it instead."
            )
            % {"pair": pair}
        )
    before = _snapshot(pair)
    subject = pair_subject(pair)
    pair.delete()
    audit_record(
        tournament=pair.tournament,
        user=user,
        action="pair_delete",
        subject=subject,
        reason=reason,
        before=before,
    )


def _registered(tournament: Tournament) -> dict[int, tuple[str, str]]:
    return {
        number: (p1, p2)
        for number, p1, p2 in tournament.pairs.values_list("number", "player1", "player2")
    }


def pairs_import_check(*, tournament: Tournament, rows: list[ImportRow]) -> list[ImportRow]:
    """The preview: the rows with their numbers and every error, against the pairs registered."""
    return check_rows(rows, registered=_registered(tournament))


@transaction.atomic
def pairs_import(
    *,
    tournament: Tournament,
    user,
    rows: list[ImportRow],
    source: str,
    accept_warnings: bool = False,
    missed: MissedChoice | None = None,
) -> list[Pair]:
    """Create every pair of a pasted or uploaded list, or none of them. ``source`` is the
    uploaded file's name, empty for a pasted list (the change log names it in words).

    The rows are checked again against the pairs registered now (another director may have
    added one since the preview); any error raises ``PairImportRejected`` and saves nothing, and
    so does a warning (the same player in two pairs) unless ``accept_warnings``: the accepted
    warnings are then the change log's reason. After a turno is published every pair of the
    list is late, its missed turni counted as ``missed`` says (the same for all of them).
    """
    tournament_lock(tournament)
    rows = check_rows(rows, registered=_registered(tournament))
    if not rows or rows_have_errors(rows):
        raise PairImportRejected(rows)
    warnings = [w for row in rows for w in row.warnings]
    if warnings and not accept_warnings:
        raise PairImportRejected(rows)
    late = late_fields(tournament=tournament, missed=missed)
    pairs = Pair.objects.bulk_create(
        Pair(
            tournament=tournament,
            number=row.number,
            player1=row.player1,
            player2=row.player2,
            club=row.club,
            **late,
        )
        for row in rows
    )
    audit_record(
        tournament=tournament,
        user=user,
        action="pairs_import",
        subject=pairs_import_subject(len(pairs), source),
        reason=Truncator(" ".join(warnings)).chars(REASON_MAX),
        after=[{**_snapshot(p), **late_snapshot(late)} for p in pairs],
    )
    return pairs


# --- The random draw of the pair numbers -----------------------------------------------------


def number_draw_order(numbers: list[int], seed: str) -> list[int]:
    """The fair draw: shuffle the current numbers, sorted, with a generator seeded by ``seed``.

    The pair whose current number ends up in position k (counting from 1) gets number k. Anyone
    can repeat it with Python: ``old = sorted(numbers); random.Random(seed).shuffle(old)``.
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
def pair_numbers_draw(*, tournament: Tournament, user, seed: str = "") -> list[DrawnNumber]:
    """Renumber every pair 1..n in the order drawn from ``seed`` (a random one when empty).

    Allowed only before the first turno is drawn. The seed and the time are stored on the
    tournament and the whole order in the change log, so the draw can be checked afterwards.
    """
    tournament_lock(tournament)
    if tournament.turni.exists():
        raise ValidationError(
            _("The pair numbers can be drawn only before the first turno is drawn.")
        )
    pairs = {p.number: p for p in tournament.pairs.all()}
    if len(pairs) < 2:
        raise ValidationError(_("Register at least two pairs before drawing their numbers."))
    seed = seed.strip() or secrets.token_hex(8)
    order = number_draw_order(list(pairs), seed)
    # Renumbering in place would clash with the unique number of another pair on the way: move
    # every pair above the highest number first, then down to its drawn number.
    tournament.pairs.update(number=F("number") + max(pairs) + 1)
    drawn = []
    for new, old in enumerate(order, start=1):
        pair = pairs[old]
        pair.number = new
        drawn.append(DrawnNumber(new=new, old=old, players=pair.players))
    Pair.objects.bulk_update(list(pairs.values()), ["number"])
    tournament.number_draw_seed = seed
    tournament.number_draw_at = timezone.now()
    tournament.save(update_fields=["number_draw_seed", "number_draw_at"])
    audit_record(
        tournament=tournament,
        user=user,
        action=NUMBER_DRAW_ACTION,
        subject=number_draw_subject(seed),
        before={"numbers": sorted(pairs)},
        after={"seed": seed, "order": [[d.new, d.old, d.players] for d in drawn]},
    )
    return drawn


# --- Reads for the pairs page ----------------------------------------------------------------


def pairs_for_director(*, tournament: Tournament) -> QuerySet[Pair]:
    """Every pair, withdrawn ones too, marked ``played`` once it is part of a turno."""
    tables = Table.objects.filter(Q(ns=OuterRef("pk")) | Q(eo=OuterRef("pk")))
    return tournament.pairs.annotate(
        played=Exists(tables) | Exists(Bye.objects.filter(pair=OuterRef("pk")))
    )


@dataclass(frozen=True)
class NumberDraw:
    seed: str
    at: datetime.datetime | None
    order: list[DrawnNumber]
    old_numbers: list[int]
    times: int

    @property
    def seed_literal(self) -> str:
        """The seed as a Python string literal, for the check the page prints: JSON's quoting
        of a string is valid Python, and keeps every printable character as it is typed (no
        ``\\u002D`` in place of a hyphen, as JavaScript escaping would write)."""
        return json.dumps(self.seed, ensure_ascii=False)


def number_draw_latest(*, tournament: Tournament) -> NumberDraw | None:
    """The last draw of the pair numbers as recorded in the change log, with how many there were."""
    entries = AuditEntry.objects.filter(tournament=tournament, action=NUMBER_DRAW_ACTION)
    entry = entries.first()
    if entry is None or not tournament.number_draw_seed:
        return None
    order = [DrawnNumber(new=n, old=o, players=p) for n, o, p in entry.after["order"]]
    return NumberDraw(
        seed=entry.after["seed"],
        at=tournament.number_draw_at,
        order=order,
        old_numbers=entry.before["numbers"],
        times=entries.count(),
    )
