"""Creating a tournament, changing its settings and rules, granting it to other directors.

The rules a tournament is played with are copied into it when it is created (``Tournament.rules``
holds the engine's ``Ruleset.to_dict()``). Once a result exists, a rule change is refused unless
the director confirms it; then the settings are saved and every result recomputed in one
transaction, and a result the new rules cannot score (a smazzata that becomes illegal, a tie a
new VP table cannot split) undoes the whole change.

The settings arrive already validated by the form (ruleset and VP table built by the engine);
these services only write, and record every change in the audit log.
"""

from __future__ import annotations

import datetime
from dataclasses import asdict, dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from burraco_tourney.rules.errors import RuleError, RuleViolation
from burraco_tourney.rules.scoring import score_smazzata
from burraco_tourney.rules.standings import forfeit_result
from burraco_tourney.rules.vp import vp_split

from ..audit_text import RECOMPUTED_REASON, director_subject, tournament_subject
from ..models import EntryMode, Table, Tournament
from ..rules_config import tournament_forfeit_value, tournament_ruleset, tournament_vp_table
from ..selectors.dashboard import tournament_has_results
from .audit import audit_record
from .results import fold_semipulito, smazzata_entry, tournament_recompute_results

SLUG_MAX = Tournament._meta.get_field("slug").max_length
# Directors creating tournaments of the same name and date at the same moment each get the next
# free slug; this many tries is far more than a club's desk can race.
SLUG_TRIES = 8

# The settings that change how results are computed or ranked: once a result exists they change
# only with the director's confirmation. Name, date, venue and planned turni never need it.
RULE_FIELDS: frozenset[str] = frozenset(
    {
        "kind",
        "ruleset_name",
        "rules",
        "smazzate_per_turno",
        "vp_table",
        "bye_vp",
        "bye_mp",
        "forfeit_vp",
        "forfeit_mp",
        "tiebreaks",
        "ko_mode",
        "ko_smazzate",
        "ko_target",
    }
)


@dataclass(frozen=True)
class TournamentSettings:
    """Everything the director sets on a tournament, validated (see ``forms.setup``)."""

    name: str
    date: datetime.date
    venue: str = ""
    kind: str = "pairs"
    ruleset_name: str = "classic"
    rules: dict[str, Any] = field(default_factory=dict)
    smazzate_per_turno: int = 3
    vp_table: str | list[dict[str, Any]] = "fibur-3"
    bye_vp: int | None = None
    bye_mp: int | None = None
    forfeit_vp: int | None = None
    forfeit_mp: int | None = None
    tiebreaks: list[str] = field(default_factory=lambda: ["scarto", "head_to_head", "mp"])
    planned_turni: int | None = None
    ko_mode: str = ""
    ko_smazzate: int | None = None
    ko_target: int | None = None


FIELDS: tuple[str, ...] = tuple(TournamentSettings.__dataclass_fields__)


def _snapshot(values: dict[str, Any]) -> dict[str, Any]:
    """JSON-safe copy for the audit log (the date as ISO text)."""
    return {k: (v.isoformat() if isinstance(v, datetime.date) else v) for k, v in values.items()}


def tournament_settings_of(tournament: Tournament) -> TournamentSettings:
    """The settings a tournament has now, in the shape the services take."""
    return TournamentSettings(**{name: getattr(tournament, name) for name in FIELDS})


class RulesChangeNeedsConfirmation(Exception):
    """Results exist and the rules would change: the director has not confirmed the recompute."""

    def __init__(self, fields: list[str]) -> None:
        self.fields = fields
        super().__init__(f"rule change needs confirmation: {', '.join(fields)}")


class RecomputeFailed(Exception):
    """An entered result cannot be scored under the new rules: nothing was changed."""

    def __init__(self, *, turno: int, table: int, smazzata: int | None, error: RuleError) -> None:
        self.turno = turno
        self.table = table
        self.smazzata = smazzata
        self.error = error
        super().__init__(f"turno {turno}, table {table}, smazzata {smazzata}: {error}")


class DirectorGrantError(Exception):
    """A director cannot be added or removed; ``message`` says why, ready to show."""

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)


def tournament_slug(*, name: str, date: datetime.date) -> str:
    """A free slug made of the name and the date: ``torneo-d-autunno-2026-10-18``, then -2, -3…"""
    # An apostrophe separates words in Italian: "d'autunno" gives "d-autunno", not "dautunno".
    words = name.replace("'", " ").replace("\u2019", " ")
    stem = slugify(words)[: SLUG_MAX - 18].strip("-") or "torneo"
    base = f"{stem}-{date.isoformat()}"
    taken = set(Tournament.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    slug, suffix = base, 1
    while slug in taken:
        suffix += 1
        slug = f"{base}-{suffix}"
    return slug


def tournament_save_new(tournament: Tournament) -> Tournament:
    """Insert a new ``tournament`` under the first free slug made from its name and date.

    The free slug is read before the insert, so another director may take it in between: the
    insert then fails on the unique slug inside its own savepoint, and is tried again with the
    next free one. Call it inside a transaction.
    """
    for attempt in range(SLUG_TRIES):
        tournament.slug = tournament_slug(name=tournament.name, date=tournament.date)
        try:
            with transaction.atomic():  # a savepoint: a clash undoes this insert only
                tournament.save(force_insert=True)
            return tournament
        except IntegrityError:
            taken = Tournament.objects.filter(slug=tournament.slug).exists()
            if not taken or attempt == SLUG_TRIES - 1:
                raise
    raise AssertionError("unreachable")


@transaction.atomic
def tournament_create(*, user, settings: TournamentSettings) -> Tournament:
    """Create a tournament owned and directed by ``user``, with a slug made from name and date."""
    tournament = tournament_save_new(Tournament(owner=user, **asdict(settings)))
    tournament.directors.add(user)
    audit_record(
        tournament=tournament,
        user=user,
        action="tournament_create",
        subject=tournament_subject(tournament),
        after=_snapshot(asdict(settings)),
    )
    return tournament


@dataclass(frozen=True)
class TournamentUpdate:
    """What a settings change did: the fields changed and the tables recomputed (if any)."""

    changed: tuple[str, ...]
    recomputed: int | None = None

    @property
    def rules_changed(self) -> bool:
        return bool(set(self.changed) & RULE_FIELDS)


@transaction.atomic
def tournament_update(
    *,
    tournament: Tournament,
    user,
    settings: TournamentSettings,
    confirm_recompute: bool = False,
) -> TournamentUpdate:
    """Save new settings. With results entered, a rule change needs ``confirm_recompute``.

    Raises ``RulesChangeNeedsConfirmation`` (nothing saved) when the rules change, a result exists
    and the change is not confirmed; ``RecomputeFailed`` (nothing saved) when an entered result
    cannot be scored under the new rules.
    """
    before = {name: getattr(tournament, name) for name in FIELDS}
    after = asdict(settings)
    changed = tuple(name for name in FIELDS if before[name] != after[name])
    if not changed:
        return TournamentUpdate(changed=())
    rule_changes = sorted(set(changed) & RULE_FIELDS)
    recompute = bool(rule_changes) and tournament_has_results(tournament=tournament)
    if recompute:
        if not confirm_recompute:
            raise RulesChangeNeedsConfirmation(rule_changes)
        # Score everything under the new rules before writing anything, so the director learns
        # which result is in the way and the tournament stays as it was.
        candidate = Tournament(pk=tournament.pk, **after)
        tournament_results_check(tournament=candidate)
    for name in changed:
        setattr(tournament, name, after[name])
    tournament.save(update_fields=list(changed))
    recomputed = tournament_recompute_results(tournament=tournament) if recompute else None
    audit_record(
        tournament=tournament,
        user=user,
        action="tournament_rules_change" if rule_changes else "tournament_edit",
        subject=tournament_subject(tournament),
        reason=RECOMPUTED_REASON if recompute else "",
        before=_snapshot({name: before[name] for name in changed}),
        after=_snapshot({name: after[name] for name in changed}),
    )
    return TournamentUpdate(changed=changed, recomputed=recomputed)


def tournament_results_check(*, tournament: Tournament) -> None:
    """Score every entered result with ``tournament``'s rules; raise ``RecomputeFailed`` at the
    first one they cannot score. ``tournament`` may be an unsaved copy carrying new rules."""
    ruleset = tournament_ruleset(tournament)
    vp = tournament_vp_table(tournament)
    forfeit = tournament_forfeit_value(tournament)
    tables = (
        Table.objects.filter(turno__tournament_id=tournament.pk)
        .exclude(entry_mode=EntryMode.NONE)
        .select_related("turno")
        .prefetch_related("smazzate")
        .order_by("turno__number", "number")
    )
    for table in tables:
        where = {"turno": table.turno.number, "table": table.number}
        ns_mp, eo_mp = table.ns_mp, table.eo_mp
        if table.entry_mode == EntryMode.SMAZZATE:
            ns_mp = eo_mp = 0
            for smazzata in table.smazzate.all():
                if not ruleset.semipulito:
                    fold_semipulito(smazzata)  # in memory only: this is a check
                try:
                    score = score_smazzata(ruleset, smazzata_entry(smazzata))
                except RuleError as err:
                    raise RecomputeFailed(**where, smazzata=smazzata.number, error=err) from err
                ns_mp += score.ns.total
                eo_mp += score.eo.total
        try:
            if table.entry_mode == EntryMode.FORFEIT:
                if forfeit is None:
                    raise RuleViolation(
                        "forfeit_value_missing",
                        "A table was won by forfeit: set the value of a forfeit.",
                        **where,
                    )
                forfeit_result(
                    turno=table.turno.number,
                    table=table.number,
                    ns=table.ns_id,
                    eo=table.eo_id,
                    winner=table.forfeit_winner,
                    forfeit=forfeit,
                    vp_table=vp,
                )
            else:
                vp_split(ns_mp, eo_mp, vp)
        except RuleError as err:
            raise RecomputeFailed(**where, smazzata=None, error=err) from err


@transaction.atomic
def tournament_director_add(*, tournament: Tournament, user, username: str):
    """Grant the tournament to another existing account, found by its username.

    Returns the account, or None when there is none by that name: the caller answers alike in
    both cases, so the page does not tell which user names exist.
    """
    User = get_user_model()
    director = User.objects.filter(**{User.USERNAME_FIELD: username.strip()}).first()
    if director is None:
        return None
    if director == tournament.owner or tournament.directors.filter(pk=director.pk).exists():
        raise DirectorGrantError(
            _("%(username)s already directs this tournament.") % {"username": username}
        )
    tournament.directors.add(director)
    audit_record(
        tournament=tournament,
        user=user,
        action="director_add",
        subject=director_subject(director.get_username()),
    )
    return director


@transaction.atomic
def tournament_director_remove(*, tournament: Tournament, user, director_id: int) -> None:
    """Take the tournament away from a director; its owner always keeps it."""
    director = tournament.directors.filter(pk=director_id).first()
    if director is None:
        raise DirectorGrantError(_("That account does not direct this tournament."))
    if director == tournament.owner:
        raise DirectorGrantError(_("The owner of a tournament always directs it."))
    tournament.directors.remove(director)
    audit_record(
        tournament=tournament,
        user=user,
        action="director_remove",
        subject=director_subject(director.get_username()),
    )
