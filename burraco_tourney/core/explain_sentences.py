"""The words of "why is A above B": the engine's steps (``rules/standings_explain.py``) turned
into translated sentences. The engine gives codes and numbers; only this module speaks.

The entrants are pairs, players or teams: each kind has its own whole sentences (an
``EntrantWords``, handed out by the kind's standings as ``explain_words``), since Italian changes
more than the noun ("la coppia 3 è avanti", "il giocatore 3 è avanti"); head-to-head only ever
speaks of pairs."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from burraco_tourney.rules.standings_explain import Explanation, Step

TIEBREAK_NAMES = {
    "vp": gettext_lazy("Victory points"),
    "scarto": gettext_lazy("Scarto"),
    "head_to_head": gettext_lazy("Head-to-head"),
    "mp": gettext_lazy("Own MP"),
    "girone": gettext_lazy("Girone"),
}


VERDICTS = {
    "vp": gettext_lazy("Pair %(ahead)s is above pair %(below)s: it has more victory points."),
    "scarto": gettext_lazy("Pair %(ahead)s is above pair %(below)s: the scarto decides."),
    "head_to_head": gettext_lazy("Pair %(ahead)s is above pair %(below)s: head-to-head decides."),
    "mp": gettext_lazy("Pair %(ahead)s is above pair %(below)s: the own MP decide."),
    "girone": gettext_lazy("Pair %(ahead)s is above pair %(below)s: it plays in a higher girone."),
}


@dataclass(frozen=True)
class EntrantWords:
    """The sentences of the page that name the entrants, for pairs, players or teams."""

    verdicts: dict
    # The form's boxes and its refusal: "Pair", "and pair", "Pick two different pairs."
    first_label: object
    second_label: object
    same_message: object
    equal: object
    ahead: object
    shared_rank: object
    shared: object
    title: object
    intro: object
    heading: object
    ranks: object
    # A ``girone`` step (``rules.gironi_explain``): in different gironi the higher girone
    # decides ("decides"); in the same one the girone's own standings go on ("equal").
    girone: dict
    # Italian ranks agree with the noun: "la coppia 3 è 10ª", "il giocatore 3 è 10°".
    feminine: bool = False


ENGLISH_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}


def rank_ordinal(rank: int | None, *, feminine: bool = False) -> str:
    """A rank as the active language writes an ordinal: "10th" in English, "10ª" or "10°" in
    Italian (never "10°" on an English page)."""
    if rank is None:
        return "—"
    if (get_language() or "").startswith("it"):
        return f"{rank}{'ª' if feminine else '°'}"
    if rank % 100 in (11, 12, 13):
        return f"{rank}th"
    return f"{rank}{ENGLISH_SUFFIXES.get(rank % 10, 'th')}"


PLAYER_VERDICTS = {
    "vp": gettext_lazy("Player %(ahead)s is above player %(below)s: more victory points."),
    "scarto": gettext_lazy("Player %(ahead)s is above player %(below)s: the scarto decides."),
    "mp": gettext_lazy("Player %(ahead)s is above player %(below)s: the own MP decide."),
    "girone": gettext_lazy(
        "Player %(ahead)s is above player %(below)s: they play in a higher girone."
    ),
}

PAIR_GIRONE_SENTENCES = {
    "decides": gettext_lazy(
        "Pair %(a)s plays in girone %(ga)s, pair %(b)s in girone %(gb)s: the final "
        "standings list girone %(top)s first, whatever the VP."
    ),
    "equal": gettext_lazy(
        "Pairs %(a)s and %(b)s both play in girone %(ga)s: they are ranked as in its own "
        "standings, %(counting)s."
    ),
}
PLAYER_GIRONE_SENTENCES = {
    "decides": gettext_lazy(
        "Player %(a)s plays in girone %(ga)s, player %(b)s in girone %(gb)s: the final "
        "standings list girone %(top)s first, whatever the VP."
    ),
    "equal": gettext_lazy(
        "Players %(a)s and %(b)s both play in girone %(ga)s: they are ranked as in its own "
        "standings, %(counting)s."
    ),
}
GIRONE_COUNTING = {
    "since_turno_1": gettext_lazy("counting every turno since turno 1"),
    "phase_only": gettext_lazy("counting only the turni played in gironi"),
}

TEAM_VERDICTS = {
    "vp": gettext_lazy("Team %(ahead)s is above team %(below)s: it has more victory points."),
    "scarto": gettext_lazy("Team %(ahead)s is above team %(below)s: the scarto decides."),
    "head_to_head": gettext_lazy("Team %(ahead)s is above team %(below)s: head-to-head decides."),
    "mp": gettext_lazy("Team %(ahead)s is above team %(below)s: the own MP decide."),
}

PAIR_EXPLAIN_WORDS = EntrantWords(
    verdicts=VERDICTS,
    first_label=gettext_lazy("Pair"),
    second_label=gettext_lazy("and pair"),
    same_message=gettext_lazy("Pick two different pairs."),
    equal=gettext_lazy("Pair %(a)s %(va)s, pair %(b)s %(vb)s: equal, the next criterion decides."),
    ahead=gettext_lazy("Pair %(a)s %(va)s, pair %(b)s %(vb)s: pair %(ahead)s is ahead."),
    shared_rank=gettext_lazy(
        "Pairs %(a)s and %(b)s are equal on VP and on every tie-break: they share rank %(rank)s."
    ),
    shared=gettext_lazy(
        "Pairs %(a)s and %(b)s are equal on VP and on every tie-break: they share the rank."
    ),
    title=gettext_lazy("Why is a pair above another?"),
    intro=gettext_lazy(
        "Pick two pairs: the standings' criteria are followed one by one, in the "
        "tournament's order, until one separates them."
    ),
    heading=gettext_lazy("Pair %(a)s and pair %(b)s"),
    ranks=gettext_lazy("pair %(a)s is %(ra)s, pair %(b)s is %(rb)s"),
    girone=PAIR_GIRONE_SENTENCES,
    feminine=True,
)
PLAYER_EXPLAIN_WORDS = EntrantWords(
    verdicts=PLAYER_VERDICTS,
    first_label=gettext_lazy("Player"),
    second_label=gettext_lazy("and player"),
    same_message=gettext_lazy("Pick two different players."),
    equal=gettext_lazy(
        "Player %(a)s %(va)s, player %(b)s %(vb)s: equal, the next criterion decides."
    ),
    ahead=gettext_lazy("Player %(a)s %(va)s, player %(b)s %(vb)s: player %(ahead)s is ahead."),
    shared_rank=gettext_lazy(
        "Players %(a)s and %(b)s are equal on VP and on every tie-break: they share rank %(rank)s."
    ),
    shared=gettext_lazy(
        "Players %(a)s and %(b)s are equal on VP and on every tie-break: they share the rank."
    ),
    title=gettext_lazy("Why is a player above another?"),
    intro=gettext_lazy(
        "Pick two players: the standings' criteria are followed one by one, in the "
        "tournament's order, until one separates them."
    ),
    heading=gettext_lazy("Player %(a)s and player %(b)s"),
    ranks=gettext_lazy("player %(a)s is %(ra)s, player %(b)s is %(rb)s"),
    girone=PLAYER_GIRONE_SENTENCES,
)
# A team tournament is not played in gironi: its girone sentences are never asked for.
TEAM_EXPLAIN_WORDS = EntrantWords(
    verdicts=TEAM_VERDICTS,
    first_label=gettext_lazy("Team"),
    second_label=gettext_lazy("and team"),
    same_message=gettext_lazy("Pick two different teams."),
    equal=gettext_lazy("Team %(a)s %(va)s, team %(b)s %(vb)s: equal, the next criterion decides."),
    ahead=gettext_lazy("Team %(a)s %(va)s, team %(b)s %(vb)s: team %(ahead)s is ahead."),
    shared_rank=gettext_lazy(
        "Teams %(a)s and %(b)s are equal on VP and on every tie-break: they share rank %(rank)s."
    ),
    shared=gettext_lazy(
        "Teams %(a)s and %(b)s are equal on VP and on every tie-break: they share the rank."
    ),
    title=gettext_lazy("Why is a team above another?"),
    intro=gettext_lazy(
        "Pick two teams: the standings' criteria are followed one by one, in the "
        "tournament's order, until one separates them."
    ),
    heading=gettext_lazy("Team %(a)s and team %(b)s"),
    ranks=gettext_lazy("team %(a)s is %(ra)s, team %(b)s is %(rb)s"),
    girone=PAIR_GIRONE_SENTENCES,
    feminine=True,
)


@dataclass(frozen=True)
class ExplainedStep:
    """One step in words: its title (the criterion), its sentence and whether it decided."""

    title: str
    sentence: str
    decides: bool


def _signed(key: str, value: int | None) -> str:
    return f"{value:+d}" if key == "scarto" and value is not None else str(value)


def _girone_sentence(step: Step, first: int, second: int, words: EntrantWords) -> str:
    sentences = words.girone
    ga, gb = (name or "—" for name in step.gironi)
    top = min((name for name in step.gironi if name), default="—")
    return str(sentences[step.outcome]) % {
        "a": first,
        "b": second,
        "ga": ga,
        "gb": gb,
        "top": top,
        "counting": GIRONE_COUNTING.get(step.reason, ""),
    }


def step_sentence(
    step: Step, first: int, second: int, words: EntrantWords = PAIR_EXPLAIN_WORDS
) -> str:
    """The sentence of one step; the entrants are named by number, in the kind's ``words``."""
    if step.key == "girone":
        return _girone_sentence(step, first, second, words)
    a, b = _signed(step.key, step.first), _signed(step.key, step.second)
    names = {"a": first, "b": second, "va": a, "vb": b}
    if step.outcome == "not_applicable":
        if step.reason == "not_two":
            # Translators: head-to-head applies only between exactly two tied pairs.
            return _(
                "%(count)s pairs are still tied: head-to-head counts only when exactly two are."
            ) % {"count": len(step.tied)}
        if step.reason == "never_met":
            return _("Pairs %(a)s and %(b)s never met: head-to-head does not apply.") % names
        return _("This tie-break does not apply here.")
    if step.key == "head_to_head":
        if step.outcome == "equal":
            return (
                _("In their meetings pair %(a)s scored %(va)s VP and pair %(b)s %(vb)s: equal.")
                % names
            )
        ahead = first if step.first > step.second else second
        return _(
            "In their meetings pair %(a)s scored %(va)s VP and pair %(b)s %(vb)s: "
            "pair %(ahead)s is ahead."
        ) % {**names, "ahead": ahead}
    if step.outcome == "equal":
        return str(words.equal) % names
    ahead = first if step.first > step.second else second
    return str(words.ahead) % {**names, "ahead": ahead}


def explained_steps(
    explanation: Explanation, words: EntrantWords = PAIR_EXPLAIN_WORDS
) -> list[ExplainedStep]:
    return [
        ExplainedStep(
            title=str(TIEBREAK_NAMES.get(step.key, step.key)),
            sentence=step_sentence(step, explanation.first, explanation.second, words),
            decides=step.outcome == "decides",
        )
        for step in explanation.steps
    ]


def verdict_sentence(
    explanation: Explanation, rank: int | None = None, words: EntrantWords = PAIR_EXPLAIN_WORDS
) -> str:
    """The answer in one sentence: who is above, or why the rank is shared."""
    if explanation.ahead is None:
        if rank is not None:
            return str(words.shared_rank) % {
                "a": explanation.first,
                "b": explanation.second,
                "rank": rank,
            }
        return str(words.shared) % {"a": explanation.first, "b": explanation.second}
    below = explanation.second if explanation.ahead == explanation.first else explanation.first
    template = words.verdicts.get(explanation.steps[-1].key, words.verdicts["vp"])
    return str(template) % {"ahead": explanation.ahead, "below": below}
