"""Creating a tournament, changing its settings and rules, granting it to other directors.

The rules a tournament is played with are copied into it when it is created (``Tournament.rules``
holds the engine's ``Ruleset.to_dict()``). Once a result exists, a rule change first has its dry
run (``tournament_results_check``): every result scored under the new rules by the engine's one
function, and the list of tables whose result would change, from what to what. A result the new
rules cannot score (a smazzata that becomes illegal, a tie a new VP table cannot split, a KO
match a punti whose totals are below the target, a KO result whose later match is played)
refuses the whole change with its reason. Otherwise the change needs the director's
confirmation, shown with the dry run; then the settings are saved and every result recomputed in
one transaction. Entered values are never rewritten: changing a rule back gives back the results
it had.

The settings arrive already validated by the form (ruleset and VP table built by the engine);
these services only write, and record every change in the audit log.
"""

from __future__ import annotations

import datetime
from dataclasses import asdict, dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from burraco_tourney.core.slugs import free_slug, insert_with_free_slug
from burraco_tourney.rules.outcome import EntryRefused, Outcome, later_match_conflict

from ..audit_text import RECOMPUTED_REASON, director_subject, tournament_subject
from ..models import EntryMode, Table, Tournament
from ..results_bridge import (
    RULES_SOURCE_FIELDS,
    outcome_summary,
    stored_entry,
    stored_summary,
    table_outcome_for,
    tournament_rules,
)
from ..selectors.dashboard import tournament_has_results
from ..selectors.standings_dry_run import standings_changes
from ..settings_values import (
    DroppedMatch,
    RecomputeFailed,
    ResultChange,
    ResultsCheck,
    RulesChangeNeedsConfirmation,
    TournamentSettings,
)
from .audit import audit_record
from .results import tournament_recompute_results

SLUG_MAX = Tournament._meta.get_field("slug").max_length

# The settings that change how results are computed or ranked: once a result exists they change
# only with the director's confirmation. Name, date, venue and planned turni never need it.
# Those the rules object is built from, and the ruleset's name beside its rules.
RULE_FIELDS: frozenset[str] = frozenset({"ruleset_name", *RULES_SOURCE_FIELDS})


FIELDS: tuple[str, ...] = tuple(TournamentSettings.__dataclass_fields__)
# The values of a table the standings read, as ``outcome_summary`` gives them.
STANDINGS_VALUES = ("ns_mp", "eo_mp", "ns_vp", "eo_vp")


def _snapshot(values: dict[str, Any]) -> dict[str, Any]:
    """JSON-safe copy for the audit log (the date as ISO text)."""
    return {k: (v.isoformat() if isinstance(v, datetime.date) else v) for k, v in values.items()}


def tournament_settings_of(tournament: Tournament) -> TournamentSettings:
    """The settings a tournament has now, in the shape the services take."""
    return TournamentSettings(**{name: getattr(tournament, name) for name in FIELDS})


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
    return free_slug(Tournament, f"{stem}-{date.isoformat()}")


def tournament_save_new(tournament: Tournament) -> Tournament:
    """Insert a new ``tournament`` under the first free slug made from its name and date, tried
    again with the next one should another director take it meanwhile (``core.slugs``). Call it
    inside a transaction.
    """
    return insert_with_free_slug(
        tournament, lambda: tournament_slug(name=tournament.name, date=tournament.date)
    )


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
    # Every table locked first (a score save locks its own before reading the rules): no save
    # lands between the dry run and the recompute.
    tables = Table.objects.select_for_update(of=("self",)).filter(turno__tournament=tournament)
    list(tables.order_by("pk").values_list("pk", flat=True))
    before = {name: getattr(tournament, name) for name in FIELDS}
    after = asdict(settings)
    changed = tuple(name for name in FIELDS if before[name] != after[name])
    if not changed:
        return TournamentUpdate(changed=())
    rule_changes = sorted(set(changed) & RULE_FIELDS)
    recompute = bool(rule_changes) and tournament_has_results(tournament=tournament)
    if recompute:
        # Score everything under the new rules before writing anything, so the director learns
        # which result is in the way (and what changes) and the tournament stays as it was.
        candidate = Tournament(pk=tournament.pk, **after)
        check = tournament_results_check(tournament=candidate)
        if not confirm_recompute:
            raise RulesChangeNeedsConfirmation(rule_changes, check)
    for name in changed:
        setattr(tournament, name, after[name])
    tournament.save(update_fields=list(changed))
    recomputed = (
        tournament_recompute_results(tournament=tournament, mark_corrected=True)
        if recompute
        else None
    )
    audit_record(
        tournament=tournament,
        user=user,
        action="tournament_rules_change" if rule_changes else "tournament_edit",
        subject=tournament_subject(tournament),
        reason=RECOMPUTED_REASON if recompute else "",
        before=_snapshot({name: before[name] for name in changed}),
        after=_snapshot({name: after[name] for name in changed}),
    )
    if recompute:
        tournament.fmt.scoring.after_recompute(
            tournament=tournament, changes=check.changes, user=user
        )
    return TournamentUpdate(changed=changed, recomputed=recomputed)


def tournament_results_check(*, tournament: Tournament) -> ResultsCheck:
    """The dry run of a rule change: score every entered result with ``tournament``'s rules
    (the engine's one function, through the results bridge) and list the tables whose result
    changes. ``tournament`` may be an unsaved copy carrying new rules. Raises
    ``RecomputeFailed`` at the first result they cannot score, or (KO) whose new winner
    contradicts a later match that already has a result. Writes nothing."""
    rules = tournament_rules(tournament)
    every_table = list(
        Table.objects.filter(turno__tournament_id=tournament.pk)
        .select_related("turno", "ns", "eo", "match")
        .prefetch_related("smazzate")
        .order_by("turno__number", "number")
    )
    tables = [table for table in every_table if table.entry_mode != EntryMode.NONE]
    changes: list[ResultChange] = []
    dropped: list[DroppedMatch] = []
    outcomes: dict[tuple[int, int], dict[str, Any]] = {}
    for table in tables:
        table.turno.tournament = tournament
        entry = stored_entry(table)
        assert entry is not None
        try:
            outcome = table_outcome_for(tournament, table, entry, rules)
        except EntryRefused as refused:
            first = refused.refusals[0]
            raise RecomputeFailed(
                turno=table.turno.number,
                table=table.number,
                smazzata=first.smazzata,
                error=first.error,
            ) from None
        before, after = stored_summary(table), outcome_summary(table, outcome)
        assert before is not None and after is not None
        outcomes[(table.turno.number, table.number)] = {k: after[k] for k in STANDINGS_VALUES}
        if before != after:
            changes.append(
                ResultChange(
                    turno=table.turno.number,
                    table=table.number,
                    ns=table.ns.number,
                    eo=table.eo.number,
                    before=before,
                    after=after,
                )
            )
            dropped += tournament.fmt.scoring.dropped_matches(table, outcome, every_table)
    return ResultsCheck(
        counted=len(tables),
        changes=tuple(changes),
        standings=standings_changes(tournament, outcomes),
        dropped=tuple(dict.fromkeys(dropped)),
    )


def later_matches_dropped(
    table: Table, outcome: Outcome, tables: list[Table]
) -> list[DroppedMatch]:
    """A KO winner that changes is refused while a later match of its pairs has a result;
    the later matches without one are drawn again (``ko_after_result``): they are listed."""
    if (outcome.winner or "") == table.match.winner:
        return []
    pairs = {table.ns_id, table.eo_id}
    dropped: list[DroppedMatch] = []
    for later in tables:
        if later.turno.number <= table.turno.number or not pairs & {later.ns_id, later.eo_id}:
            continue
        if not later.entry_mode:
            numbers = (later.turno.number, later.number, later.ns.number, later.eo.number)
            dropped.append(DroppedMatch(*numbers))
            continue
        error = later_match_conflict(
            round_number=later.turno.number,
            table=later.number,
            ns=later.ns.number,
            eo=later.eo.number,
        )
        raise RecomputeFailed(
            turno=table.turno.number, table=table.number, smazzata=None, error=error
        )
    return dropped


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
