"""Running a KO tournament: the pairs from a qualification, round 1, the next matches.

The life of a bracket:

1. The pairs: registered as usual, or taken from the standings of a finished pairs tournament
   (``ko_pairs_from_standings``: its top N, seeded by rank).
2. Round 1 (``ko_round_draw``): the seeding is the seeds the director gives; pairs without one
   are placed after them by a draw whose seed is recorded, so anyone can repeat it. The bracket
   engine (``rules/ko.py``) seats round 1 as turno 1 (movement "ko"), byes for the top seeds, as a
   DRAFT; each pair's ``seed`` becomes its place in the seeding. The director checks the preview
   and publishes it (``ko_round_publish``), or draws it again, or deletes the draft.
3. Each match is played and entered on the usual score pages. After every save of a KO result
   the score service calls ``ko_after_result``: a match of a later round that the new result
   contradicts (its pair is no longer the winner) is deleted while it has no result, and refuses
   the change when it has one; then every match whose two feeders are decided is created
   (``ko_advance``) at once, published: there is nothing to choose, so nothing to preview. Round
   r is turno r; a match's table number is its position in the round, the third-place match is
   table 2 of the final's turno.

Every function runs in one transaction and records its change with ``audit_record``. A refusal
due to the state of the tournament is a ``ValidationError`` with a translated message and a code;
an engine refusal (two pairs with one seed) is its ``RuleError``.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.ko import first_round, seeding
from burraco_tourney.rules.ko_played import Bracket, Slot

from ..audit_text import (
    KO_FEEDER_CHANGED_REASON,
    ko_match_subject,
    tournament_subject,
    turno_subject,
)
from ..ko_seeding import SeedingRequest
from ..models import AuditEntry, Entrant, Movement, Table, Tournament, Turno
from ..selectors.ko import KoData, bracket_of, ko_data
from ..selectors.standings import standings
from .audit import audit_record
from .locks import tournament_lock
from .matches import tables_create
from .members import members_link, same_people_places
from .table_links import table_photos_delete_on_commit
from .turni import (
    turno_delete_recorded,
    turno_mark_published,
    turno_snapshot,
    turno_store_seating,
)

PAIRS_FROM_STANDINGS = "ko_pairs_from_standings"


@dataclass(frozen=True)
class PairsTaken:
    pairs: list[Entrant]
    # Pairs sharing the rank of the last one taken, left out only by the standings' order.
    tied_out: list[int] = field(default_factory=list)


def _lock_ko(tournament: Tournament) -> Tournament:
    """The tournament locked (two directors, or two score entries, change the bracket in turn),
    refused unless it is a knock-out."""
    tournament = tournament_lock(tournament)
    tournament.fmt.draw_manager.check_bracket()
    return tournament


def _refuse_if_drawn(tournament: Tournament) -> None:
    if tournament.turni.exists():
        raise ValidationError(
            _("The bracket is already drawn: the pairs can no longer be replaced."),
            code="drawn",
        )


@transaction.atomic
def ko_pairs_from_standings(
    *, tournament: Tournament, user, source: Tournament, count: int
) -> PairsTaken:
    """Register the top ``count`` pairs of ``source``'s final standings, seeded by rank.

    The pairs keep their numbers, players and clubs. Refused when the tournament already has
    pairs or a turno, and when ``source`` is not a finished pairs tournament.
    """
    tournament = _lock_ko(tournament)
    _refuse_if_drawn(tournament)
    if tournament.entrants.exists():
        raise ValidationError(
            _(
                "This tournament already has pairs: the pairs of a standings can only be taken "
                "into an empty pair list."
            ),
            code="pairs_exist",
        )
    if not source.fmt.feeds_knockout or source.pk == tournament.pk:
        raise ValidationError(_("Choose a pairs tournament."), code="bad_source")
    tables = Table.objects.filter(turno__tournament=source, turno__published=True)
    if not tables.exists() or tables.filter(entry_mode="").exists():
        raise ValidationError(
            _("%(name)s is not finished: every table of its turni needs a result.")
            % {"name": source.name},
            code="source_unfinished",
        )
    rows = [r for r in standings(tournament=source) if not r.pair.withdrawn]
    if not 2 <= count <= len(rows):
        raise ValidationError(
            _("Choose between 2 and %(max)s pairs.") % {"max": len(rows)}, code="bad_count"
        )
    taken = rows[:count]
    tied_out = [r.pair.number for r in rows[count:] if r.rank == taken[-1].rank]
    pairs = Entrant.objects.bulk_create(
        Entrant(
            tournament=tournament,
            number=row.pair.number,
            player1=row.pair.player1,
            player2=row.pair.player2,
            club=row.pair.club,
            seed=seed,
        )
        for seed, row in enumerate(taken, start=1)
    )
    members_link(  # the same people as in the standings they come from
        (pair, same_people_places(row.pair)) for pair, row in zip(pairs, taken, strict=True)
    )
    audit_record(
        tournament=tournament,
        user=user,
        action=PAIRS_FROM_STANDINGS,
        subject=tournament_subject(source),
        after={
            "source": source.slug,
            "count": count,
            "pairs": [[p.seed, p.number, p.players] for p in pairs],
            "tied_out": tied_out,
        },
    )
    return PairsTaken(pairs=pairs, tied_out=tied_out)


def _source(tournament: Tournament) -> dict | None:
    entry = AuditEntry.objects.filter(tournament=tournament, action=PAIRS_FROM_STANDINGS).first()
    if entry is None:
        return None
    return {"tournament": entry.after.get("source"), "name": entry.subject}


@transaction.atomic
def ko_round_draw(*, tournament: Tournament, user, request: SeedingRequest) -> Turno:
    """Draw round 1 as a draft (or draw the draft again) from the seeding asked for."""
    tournament = _lock_ko(tournament)
    first = tournament.turni.filter(number=1).first()
    if first is not None and first.published:
        raise ValidationError(_("Round 1 is published: its seating is locked."), code="published")
    if tournament.turni.exclude(number=1).exists():
        raise ValidationError(
            _("Later rounds exist: round 1 can no longer be drawn."), code="later_rounds"
        )
    active = dict(tournament.entrants.filter(withdrawn=False).values_list("number", "seed"))
    if set(request.seeds) != set(active):
        raise ValidationError(
            _("The pairs changed meanwhile: reload the page and check the seeds."),
            code="pairs_changed",
        )
    draw_seed = request.draw_seed.strip() or secrets.token_hex(6)
    order = seeding(request.seeds, draw_seed=draw_seed)
    bracket = first_round(order.order)
    before = turno_snapshot(first) if first is not None else None
    options = {
        "seeding": list(order.order),
        "drawn": list(order.drawn),
        "draw_seed": draw_seed if order.drawn else "",
        "requested": {str(p): s for p, s in sorted(request.seeds.items())},
        "third_place": request.third_place,
    }
    if first is not None:
        options["source"] = first.draw_options.get("source")
        first.matches.all().delete()  # with their tables
        first.byes.all().delete()
        first.draw_options = options
        first.save(update_fields=["draw_options"])
        turno = first
    else:
        options["source"] = _source(tournament)
        turno = Turno.objects.create(
            tournament=tournament,
            number=1,
            movement=Movement.KO,
            published=False,
            draw_options=options,
        )
    turno_store_seating(turno, seats=bracket.matches, byes=bracket.byes)
    _write_seeds(tournament, {p: n for n, p in enumerate(order.order, start=1)})
    tournament.ko_third_place = request.third_place
    tournament.save(update_fields=["ko_third_place"])
    audit_record(
        tournament=tournament,
        user=user,
        action="turno_redraw" if before else "turno_draw",
        subject=turno_subject(turno),
        before=before,
        after={**turno_snapshot(turno), "seeding": options["seeding"]},
    )
    return turno


def _write_seeds(tournament: Tournament, seeds: dict[int, int | None]) -> None:
    pairs = list(tournament.entrants.filter(number__in=seeds))
    for pair in pairs:
        pair.seed = seeds[pair.number]
    Entrant.objects.bulk_update(pairs, ["seed"])


def _draft(tournament: Tournament) -> Turno:
    turno = tournament.turni.filter(number=1).first()
    if turno is None or turno.published:
        raise ValidationError(_("Round 1 is not a draft."), code="not_draft")
    return turno


@transaction.atomic
def ko_round_publish(*, tournament: Tournament, user) -> Turno:
    """Publish round 1: the seating is shown to the players and locked."""
    tournament = tournament_lock(tournament)
    turno = _draft(tournament)
    turno_mark_published(turno, user=user)
    return turno


@transaction.atomic
def ko_round_delete(*, tournament: Tournament, user) -> None:
    """Delete the draft of round 1; the pairs get back the seeds the director had given."""
    tournament = tournament_lock(tournament)
    turno = _draft(tournament)
    requested = turno.draw_options.get("requested", {})
    _write_seeds(tournament, {int(p): s for p, s in requested.items()})
    turno_delete_recorded(turno, user=user)


# -- the matches after round 1 ---------------------------------------------------------------


def _round_turno(tournament: Tournament, number: int, turni: dict[int, Turno]) -> Turno:
    if number not in turni:
        turni[number] = Turno.objects.create(
            tournament=tournament,
            number=number,
            movement=Movement.KO,
            published=True,
            published_at=timezone.now(),
        )
    return turni[number]


def _create(tournament: Tournament, data: KoData, slot: Slot, user) -> Table:
    turno = _round_turno(tournament, slot.round, data.turni)
    taken = {n for (r, n) in data.tables if r == slot.round}
    number = 2 if slot.third_place else slot.index
    if number in taken:
        number = max(taken) + 1
    (table,) = tables_create(
        [Table(turno=turno, number=number, ns=data.pairs[slot.ns], eo=data.pairs[slot.eo])]
    )
    data.tables[(slot.round, number)] = table
    audit_record(
        tournament=tournament,
        user=user,
        action="ko_match_create",
        subject=ko_match_subject(round=slot.round, table=number, ns=slot.ns, eo=slot.eo),
        after={"turno": slot.round, "table": number, "ns": slot.ns, "eo": slot.eo},
        table=table,
    )
    return table


def _read(tournament: Tournament) -> tuple[KoData, Bracket | None]:
    data = ko_data(tournament=tournament)
    first = data.first_turno
    if first is None or not first.published:
        return data, None
    try:
        return data, bracket_of(data, third_place=tournament.ko_third_place)
    except RuleError:
        # A round 1 that is no bracket's (an archive drawn by other rules): nothing automatic.
        return data, None


def _create_ready(tournament: Tournament, user) -> list[Table]:
    # A match created now has no result, so it never makes another one ready: one pass.
    data, bracket = _read(tournament)
    if bracket is None:
        return []
    return [_create(tournament, data, slot, user) for slot in bracket.ready]


@transaction.atomic
def ko_advance(*, tournament: Tournament, user) -> list[Table]:
    """Create every match whose two feeders are decided and that does not exist yet."""
    tournament = _lock_ko(tournament)
    return _create_ready(tournament, user)


def _delete_match(tournament: Tournament, table: Table, user) -> None:
    turno = table.turno
    after = {"turno": turno.number, "table": table.number}
    subject = ko_match_subject(
        round=turno.number, table=table.number, ns=table.ns.number, eo=table.eo.number
    )
    table_photos_delete_on_commit([table])
    table.match.delete()  # with its table
    audit_record(
        tournament=tournament,
        user=user,
        action="ko_match_delete",
        subject=subject,
        reason=KO_FEEDER_CHANGED_REASON,
        before=after,
    )
    if turno.number > 1 and not turno.tables.exists():
        turno.delete()


@transaction.atomic
def ko_after_result(*, table: Table, user) -> list[Table]:
    """After a KO result is saved: undo the later matches it contradicts, create those it makes
    ready. Refused (ValidationError, the save is rolled back) when a contradicted match already
    has a result."""
    tournament = tournament_lock(table.turno.tournament)
    data, bracket = _read(tournament)
    if bracket is None:
        return []
    concerned = {table.ns.number, table.eo.number}
    for stray in bracket.strays:
        if stray.round <= table.turno.number or not concerned & {stray.ns, stray.eo}:
            continue
        later = data.tables[(stray.round, stray.table)]
        if later.has_result:
            raise ValidationError(
                _(
                    "This result changes who goes on, but round %(round)s, table %(table)s "
                    "(pair %(ns)s v pair %(eo)s) already has a result: clear that result first."
                )
                % {"round": stray.round, "table": stray.table, "ns": stray.ns, "eo": stray.eo},
                code="ko_later_result",
            )
        _delete_match(tournament, later, user)
    return _create_ready(tournament, user)


@transaction.atomic
def ko_set_third_place(*, tournament: Tournament, user, third_place: bool) -> list[Table]:
    """Play a third-place match or not; returns the match created when it is ready at once."""
    tournament = _lock_ko(tournament)
    if tournament.ko_third_place == third_place:
        return []
    data, bracket = _read(tournament)
    slot = bracket.third_place if bracket else None
    if not third_place and slot is not None and slot.match is not None:
        table = data.tables[(slot.round, slot.match.table)]
        if table.has_result:
            raise ValidationError(
                _("The third-place match has a result: clear it first."), code="third_played"
            )
        _delete_match(tournament, table, user)
    tournament.ko_third_place = third_place
    tournament.save(update_fields=["ko_third_place"])
    audit_record(
        tournament=tournament,
        user=user,
        action="ko_third_place",
        subject=tournament_subject(tournament),
        before={"third_place": not third_place},
        after={"third_place": third_place},
    )
    return _create_ready(tournament, user)


def ko_after_recompute(*, tournament: Tournament, changes, user) -> None:
    """After results recomputed under new rules (``changes``: the dry run's ``ResultChange``s),
    the bracket follows the re-decided matches: a later match drawn from an old winner goes
    (the dry run made sure it has no result), the matches now ready come."""
    for change in changes:
        table = Table.objects.select_related("turno__tournament", "ns", "eo").get(
            turno__tournament=tournament, turno__number=change.turno, number=change.table
        )
        ko_after_result(table=table, user=user)
