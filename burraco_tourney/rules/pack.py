"""What the pack allows (RULES.md section 5): the refusals of entries no deal can produce.

Every card is counted at most once, for the line that laid it or against the line that held it,
so the two lines' net card points, each without its sign, add up to at most what the pack is
worth (classic 1,080, reale 880); and the burraco of both lines together cannot use more cards
than the pack holds (108 classic, 104 reale), counting each burraco at its fewest cards:
pulito and sporco 7, semipulito 8 (seven natural cards in a row and the matta, or a combination
of eight), nobile 13, reale 14. So 9 burraco reale (126 cards) or 5,000 card points in one
smazzata are refused. ``scoring.smazzata_violations`` calls ``pack_violations``, so every caller
of the engine gets these refusals.

This module is pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from burraco_tourney.rules.cards import pack_points, pack_size
from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.melds import MAX_SEQUENCE, MIN_BURRACO
from burraco_tourney.rules.rulesets import Ruleset

if TYPE_CHECKING:
    from burraco_tourney.rules.scoring import LineEntry

CODES: tuple[str, ...] = ("cards_beyond_pack", "burraco_beyond_pack")

# The fewest cards each kind of burraco can be laid with.
BURRACO_MIN_CARDS: dict[str, int] = {
    "pulito": MIN_BURRACO,
    "sporco": MIN_BURRACO,
    "semipulito": MIN_BURRACO + 1,
    "nobile": MAX_SEQUENCE - 1,
    "reale": MAX_SEQUENCE,
}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def burraco_cards(entry: LineEntry) -> int:
    """The fewest cards the burraco a line entered can be made of (bad counts count as 0)."""
    counts = entry.counts()
    return sum(
        count * BURRACO_MIN_CARDS[kind]
        for kind, count in counts.items()
        if _whole(count) and count > 0
    )


def pack_violations(ruleset: Ruleset, ns: LineEntry, eo: LineEntry) -> list[RuleViolation]:
    """The pack refusals of one smazzata of lines ``ns`` and ``eo``.

    Each refusal names the line and box that do most to break the limit (the larger card
    points; the kind of burraco taking most cards), so a form shows it next to that box.
    """
    lines = {"ns": ns, "eo": eo}
    return [
        problem
        for problem in (_cards_beyond(ruleset, lines), _burraco_beyond(ruleset, lines))
        if problem is not None
    ]


def _cards_beyond(ruleset: Ruleset, lines: dict[str, LineEntry]) -> RuleViolation | None:
    points = {line: abs(e.cards) if _whole(e.cards) else 0 for line, e in lines.items()}
    limit = pack_points(ruleset)
    total = sum(points.values())
    if total <= limit:
        return None
    line = max(points, key=lambda name: points[name])  # ties go to the first line, NS
    value = lines[line].cards
    where = f"{line.upper()}: "
    if points[line] > limit:
        return RuleViolation(
            "cards_beyond_pack",
            f"{where}card points {value} are more than the whole pack is worth ({limit}).",
            line=line,
            field="cards",
            value=value,
            limit=limit,
        )
    other = next(name for name in lines if name != line)
    return RuleViolation(
        "cards_beyond_pack",
        f"{where}card points {value} and {lines[other].cards} of the other line add up to "
        f"{total} without their signs, but the whole pack is worth {limit}.",
        line=line,
        field="cards",
        value=value,
        other=lines[other].cards,
        total=total,
        limit=limit,
    )


def _burraco_beyond(ruleset: Ruleset, lines: dict[str, LineEntry]) -> RuleViolation | None:
    cards = {line: burraco_cards(entry) for line, entry in lines.items()}
    needed = sum(cards.values())
    limit = pack_size(ruleset)
    if needed <= limit:
        return None
    line = max(cards, key=lambda name: cards[name])
    counts = {
        kind: count for kind, count in lines[line].counts().items() if _whole(count) and count > 0
    }
    kind = max(counts, key=lambda name: counts[name] * BURRACO_MIN_CARDS[name])
    return RuleViolation(
        "burraco_beyond_pack",
        f"{line.upper()}: with these burraco ({counts[kind]} {kind} among them) the two lines "
        f"would have laid at least {needed} cards, but the pack holds {limit}.",
        line=line,
        field=kind,
        kind=kind,
        value=counts[kind],
        cards=needed,
        limit=limit,
    )
