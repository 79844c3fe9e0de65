"""Reads of a KO tournament: the bracket as played, its matches in words, the final places.

The bracket is never stored: it is read back from the turni (round r is turno r) by the rules
engine (``rules/ko_played.py``) from each table's pairs and stored winner (written by the results
service) and from round 1's riposi, ordered by seed. The seeds are the pairs' ``seed`` (written
when round 1 is drawn). A fixed number of queries whatever the size of the bracket. Reads only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.core.scores import score_text
from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.ko_played import Bracket, PlayedMatch, Slot, read_bracket

from ..models import Bye, Entrant, EntryMode, Table, Tournament, Turno
from ..results_bridge import stored_outcome, tournament_rules
from .ko_lengths import round_length_text, round_name
from .standings import standings_choice


@dataclass(frozen=True)
class KoData:
    """Everything stored that the bracket is read from."""

    turni: dict[int, Turno]
    tables: dict[tuple[int, int], Table]
    byes: list[int]
    pairs: dict[int, Entrant]

    @property
    def seeds(self) -> dict[int, int]:
        return {n: p.seed for n, p in self.pairs.items() if p.seed is not None}

    @property
    def first_turno(self) -> Turno | None:
        return self.turni.get(1)

    def matches(self) -> list[PlayedMatch]:
        return [played_match(turno, table) for (turno, _n), table in self.tables.items()]


def played_match(turno: int, table: Table) -> PlayedMatch:
    """The engine's view of a stored match: pair numbers and the winner once decided."""
    winner = None
    if table.match.winner:
        winner = (table.ns if table.match.winner == "ns" else table.eo).number
    return PlayedMatch(turno, table.number, table.ns.number, table.eo.number, winner)


def ko_data(*, tournament: Tournament, include_drafts: bool = True) -> KoData:
    turni = Turno.objects.filter(tournament=tournament).order_by("number")
    if not include_drafts:
        turni = turni.filter(published=True)
    by_number = {t.number: t for t in turni}
    tables = (
        Table.objects.filter(turno__in=list(by_number.values()))
        .select_related("turno", "ns", "eo", "match")
        .prefetch_related("smazzate")
        .order_by("turno__number", "number")
    )
    byes = Bye.objects.filter(turno__tournament=tournament, turno__number=1)
    if not include_drafts:
        byes = byes.filter(turno__published=True)
    return KoData(
        turni=by_number,
        tables={(t.turno.number, t.number): t for t in tables},
        byes=list(byes.values_list("entrant__number", flat=True)),
        pairs={p.number: p for p in Entrant.objects.filter(tournament=tournament)},
    )


def bracket_of(data: KoData, *, third_place: bool) -> Bracket:
    """The engine's bracket; raises its RuleError when round 1 is not a bracket's."""
    return read_bracket(data.matches(), data.byes, seeds=data.seeds, third_place=third_place)


# -- the bracket page ------------------------------------------------------------------------


@dataclass
class MatchView:
    """One slot of the bracket as the pages show it."""

    slot: Slot
    ns: Entrant | None
    eo: Entrant | None
    table: Table | None
    turno: int
    decision: str = ""
    outcome: str = ""
    problem: str = ""

    @property
    def state(self) -> str:
        """``bye``, ``waiting`` (a pair still unknown), ``to_play``, ``playing``, ``decided``."""
        if self.slot.bye:
            return "bye"
        if self.table is None:
            return "waiting" if None in (self.slot.ns, self.slot.eo) else "to_play"
        if self.table.match.winner:
            return "decided"
        return "playing" if self.table.has_result else "to_play"

    @property
    def lines(self) -> list[tuple[Entrant | None, str]]:
        return [(self.ns, "ns"), (self.eo, "eo")]

    @property
    def winner_line(self) -> str:
        return self.table.match.winner if self.table else ""

    @property
    def forfeit(self) -> bool:
        return bool(self.table and self.table.entry_mode == EntryMode.FORFEIT)


@dataclass
class RoundView:
    number: int
    name: str
    matches: list[MatchView]
    # How long its matches are: "4 smazzate", "to 2005 points".
    length: str = ""

    @property
    def seated(self) -> bool:
        """Whether any match of the round has its table (its scorecards can be printed)."""
        return any(m.table is not None for m in self.matches)


@dataclass(frozen=True)
class PlaceView:
    place: int
    shared: bool
    pair: Entrant


@dataclass
class BracketPage:
    tournament: Tournament
    first_turno: Turno | None
    rounds: list[RoundView] = field(default_factory=list)
    third_place: MatchView | None = None
    # How long the third-place match is: its round's length (played with the final).
    third_place_length: str = ""
    strays: list[MatchView] = field(default_factory=list)
    places: list[PlaceView] = field(default_factory=list)
    champion: Entrant | None = None
    ready: int = 0
    entrants: int = 0
    error: str = ""
    # As ``standings.StandingsChoice.marks`` says: a round not closed yet (the places are
    # provisional), or the final closed (the places are final).
    provisional: bool = False
    final: bool = False

    @property
    def state(self) -> str:
        """``empty`` (no round 1 yet), ``draft`` (round 1 drawn, not published) or ``live``."""
        if self.first_turno is None:
            return "empty"
        return "live" if self.first_turno.published else "draft"


def _describe(view: MatchView, tournament: Tournament, next_name: str | None) -> None:
    """The sentences of one match: how it was decided, who goes on, or where it stands."""
    slot, table = view.slot, view.table
    if slot.bye:
        view.decision = _("Goes through without playing (bye).")
        return
    if table is None:
        view.decision = (
            _("Waiting for the winners of the matches before.")
            if None in (slot.ns, slot.eo)
            else _("To be created.")
        )
        return
    if not table.has_result:
        view.decision = _("To be played at table %(table)s.") % {"table": table.number}
        return
    match = table.match
    if not match.winner:
        _describe_unfinished(view, tournament)
        return
    winner, loser = (view.ns, view.eo) if match.winner == "ns" else (view.eo, view.ns)
    won_mp, lost_mp = (
        (table.ns_mp, table.eo_mp) if match.winner == "ns" else (table.eo_mp, table.ns_mp)
    )
    numbers = {"winner": winner.number, "loser": loser.number}
    if table.entry_mode == EntryMode.FORFEIT:
        view.decision = _("Won by forfeit: pair %(loser)s did not play.") % numbers
    elif match.by_last_move:
        view.decision = _(
            "Tie at %(mp)s: pair %(loser)s made the last move of the last smazzata, so it "
            "loses and pair %(winner)s wins."
        ) % {**numbers, "mp": won_mp}
    elif _length(tournament, table).mode == "punti" and table.entry_mode == EntryMode.SMAZZATE:
        count = len(table.smazzate.all())
        target = _length(tournament, table).target
        params = {"target": target, "won": won_mp, "lost": lost_mp, "count": count}
        # RULES.md section 8: of two lines past the target, the one with more points wins; who
        # passed it "first" decided nothing when both did in the same (last) smazzata.
        if lost_mp >= target:
            text = ngettext(
                "Both pairs passed %(target)s in the last smazzata: pair %(winner)s wins with "
                "more points, %(won)s to %(lost)s, after %(count)s smazzata.",
                "Both pairs passed %(target)s in the last smazzata: pair %(winner)s wins with "
                "more points, %(won)s to %(lost)s, after %(count)s smazzate.",
                count,
            )
        else:
            text = ngettext(
                "Pair %(winner)s passed %(target)s first: %(won)s to %(lost)s after %(count)s "
                "smazzata.",
                "Pair %(winner)s passed %(target)s first: %(won)s to %(lost)s after %(count)s "
                "smazzate.",
                count,
            )
        view.decision = text % {**numbers, **params}
    else:
        view.decision = _("Won on points, %(won)s to %(lost)s.") % {"won": won_mp, "lost": lost_mp}
    if slot.third_place:
        view.outcome = _("Pair %(winner)s takes third place.") % numbers
    elif next_name is None:
        view.outcome = _("Pair %(winner)s wins the tournament.") % numbers
    else:
        # Translators: %(round)s is the next round's name in lower case: "semifinals", "final".
        view.outcome = _("Pair %(winner)s goes on to the %(round)s.") % {
            **numbers,
            "round": next_name.lower(),
        }


def _length(tournament: Tournament, table: Table):
    """The match length of the table's round, as the rules object gives it."""
    length = tournament_rules(tournament).round_length(table.turno.number)
    assert length is not None
    return length


def _describe_unfinished(view: MatchView, tournament: Tournament) -> None:
    table = view.table
    assert table is not None
    try:
        outcome = stored_outcome(tournament, table)
    except RuleError as error:
        view.problem = rule_error_message(error)
        view.decision = _("The result does not fit the rules of the match: correct it.")
        return
    count = len(outcome.smazzate) if outcome else 0
    length = _length(tournament, table)
    if length.mode == "punti":
        view.decision = _("In play: no line has passed %(target)s yet (%(ns)s – %(eo)s).") % {
            "target": length.target,
            "ns": score_text(table.ns_mp),
            "eo": score_text(table.eo_mp),
        }
    else:
        total = length.smazzate or 0
        view.decision = ngettext(
            "In play: %(count)s of %(total)s smazzata entered.",
            "In play: %(count)s of %(total)s smazzate entered.",
            total,
        ) % {"count": count, "total": total}


def _view(data: KoData, slot: Slot, tournament: Tournament, next_name: str | None) -> MatchView:
    table = data.tables.get((slot.round, slot.match.table)) if slot.match else None
    view = MatchView(
        slot=slot,
        ns=data.pairs.get(slot.ns) if slot.ns else None,
        eo=data.pairs.get(slot.eo) if slot.eo else None,
        table=table,
        turno=slot.round,
    )
    _describe(view, tournament, next_name)
    return view


def ko_bracket(*, tournament: Tournament, include_drafts: bool = True) -> BracketPage:
    """The bracket page: every round's matches in words, the third-place match, the places."""
    data = ko_data(tournament=tournament, include_drafts=include_drafts)
    choice = standings_choice(tournament=tournament)
    page = BracketPage(
        tournament=tournament,
        first_turno=data.first_turno,
        provisional=choice.provisional(None),
        final=choice.final(None),
    )
    if data.first_turno is None:
        return page
    try:
        bracket = bracket_of(data, third_place=tournament.ko_third_place)
    except RuleError as error:
        page.error = rule_error_message(error)
        return page
    names = [round_name(len(slots)) for slots in bracket.rounds]
    for number, slots in enumerate(bracket.rounds, start=1):
        following = names[number] if number < len(names) else None
        page.rounds.append(
            RoundView(
                number=number,
                name=names[number - 1],
                matches=[_view(data, slot, tournament, following) for slot in slots],
                length=round_length_text(tournament_rules(tournament).round_length(number)),
            )
        )
    if bracket.third_place is not None:
        page.third_place = _view(data, bracket.third_place, tournament, None)
        third_round = tournament_rules(tournament).round_length(bracket.third_place.round)
        page.third_place_length = round_length_text(third_round)
    for match in bracket.strays:
        stray = Slot(match.round, 0, match.ns, match.eo, match=match)
        page.strays.append(_view(data, stray, tournament, None))
    page.places = [PlaceView(p.place, p.shared, data.pairs[p.pair]) for p in bracket.places]
    page.champion = data.pairs.get(bracket.champion) if bracket.champion else None
    page.ready = len(bracket.ready)
    page.entrants = bracket.entrants
    return page
