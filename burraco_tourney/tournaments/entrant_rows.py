"""One entrant of a list the director pastes or uploads, as read from one line or one row:
its number, its names (a pair's two players, a player's one name: ``size``), its club, and the
errors and warnings found on it. The readers are ``pair_import``'s; never writes anything.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field

from django.utils.translation import gettext as _

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_ROWS = 1000
MAX_NUMBER = 9999
NAME_MAX = 120  # Entrant.player1 / player2 / club max_length
# A longer cell is cut (with "…") as soon as it is read: the preview and the errors never carry
# a huge value; it is still refused as too long.
CELL_MAX = 2 * NAME_MAX

# Between the two players: " - ", " – ", " — " (spaces required, so "De-Rossi" stays whole) or "/".
PLAYER_SEPARATOR = re.compile(r"\s+[-–—]\s+|\s*/\s*")
PLAYERS_SPLIT = re.compile(r"\t|" + PLAYER_SEPARATOR.pattern)  # in a pasted line, a tab too
# An optional leading pair number: "7. ", "7) ", "7 " or "7<tab>".
LEADING_NUMBER = re.compile(r"^(\d{1,6})(?:\s*[.)]\s*|\s+)(?=\S)")
NUMBER_CELL = re.compile(r"^\s*(\d{1,9})\s*[.)]?\s*$")
# A player's federation card after the name, in brackets: "Rossi Anna (RM12345)".
CARD_AFTER_NAME = re.compile(r"^(.*?)\s*[(\[]\s*([A-Za-z0-9][A-Za-z0-9/.-]{0,19})\s*[)\]]$")


@dataclass
class ImportRow:
    """One entrant as read from one line of text or one spreadsheet row: a pair's two players
    (``size`` 2), or a player's one name in ``player1`` (``size`` 1; read it as ``name``)."""

    line: int
    number: int | None
    player1: str
    player2: str = ""
    club: str = ""
    errors: list[str] = field(default_factory=list)
    # True when the number was not given and ``check_rows`` assigned the next free one.
    number_auto: bool = False
    # What the director should look at but may accept (a player already in another pair).
    warnings: list[str] = field(default_factory=list)
    # The names per entrant: 2 for a pair, 1 for a player.
    size: int = 2
    # The players' federation cards, when the list gives them (a card column or "(card)").
    card1: str = ""
    card2: str = ""
    # A team's players, in roster order (its ``names`` are the team's own name): empty for a
    # pair or a player, whose people are its names.
    roster: list[str] = field(default_factory=list)
    # What reading the line found wrong, kept by the first ``check_rows``: a later check (the
    # preview shown again after a refused save) starts again from them, not from its own.
    read_errors: list[str] | None = None

    @property
    def people(self) -> list[tuple[str, str]]:
        """The people the row brings, in order, with their cards: a team's roster, a pair's
        two players, a player himself."""
        if self.roster:
            return [name_and_card(name, "") for name in self.roster]
        return list(zip(self.names, (self.card1, self.card2)[: self.size], strict=True))

    @property
    def names(self) -> tuple[str, ...]:
        """The entrant's names, in the order of the kind's ``entrants.names``."""
        return (self.player1, self.player2)[: self.size]

    @property
    def name(self) -> str:
        return self.player1

    @property
    def players(self) -> str:
        if self.roster:
            return f"{self.name}: {', '.join(self.roster)}"
        return " – ".join(self.names)

    def payload(self) -> dict:
        data = asdict(self)
        del data["errors"], data["number_auto"], data["warnings"], data["read_errors"]
        if self.number_auto:
            data["number"] = None
        return data


def clean_cell(value: object) -> str:
    """A cell or a piece of a line as text, with runs of white space collapsed."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = " ".join(str(value)[: CELL_MAX * 4].split())
    return text if len(text) <= CELL_MAX else text[:CELL_MAX] + "…"


def read_number(value: object, row: ImportRow) -> int | None:
    """Read a pair number; a bad one adds an error to ``row`` and counts as missing."""
    if isinstance(value, bool):
        value = str(value)
    if isinstance(value, int | float) and float(value).is_integer():
        number = int(value)
    else:
        text = clean_cell(value)
        if not text:
            return None
        match = NUMBER_CELL.match(text)
        if not match:
            row.errors.append(_number_error(row, text, out_of_range=False))
            return None
        number = int(match.group(1))
    if not 1 <= number <= MAX_NUMBER:
        row.errors.append(_number_error(row, str(number), out_of_range=True))
        return None
    return number


def _number_error(row: ImportRow, text: str, *, out_of_range: bool) -> str:
    if row.size == 1:
        return _("“%(value)s” is not a number between 1 and %(max)s.") % {
            "value": text,
            "max": MAX_NUMBER,
        }
    if out_of_range:
        return _("The pair number must be between 1 and %(max)s.") % {"max": MAX_NUMBER}
    return _("“%(value)s” is not a pair number.") % {"value": text}


def set_names(row: ImportRow, names: list[str]) -> None:
    names = [clean_cell(n) for n in names]
    if row.size == 1:
        row.player1, row.card1 = name_and_card(" ".join(n for n in names if n), row.card1)
        if not row.player1:
            row.errors.append(_("The player's name is missing."))
        return
    filled = [n for n in names if n]
    if len(names) > 2 and len(filled) > 2:
        row.errors.append(
            _(
                "More than two players: separate the two players with “ - ” and put the club "
                "after “;”."
            )
        )
    elif len(filled) < 2 or len(names) != 2:
        row.errors.append(_("Two players are needed."))
    if filled:
        row.player1, row.card1 = name_and_card(filled[0], row.card1)
        row.player2, row.card2 = name_and_card(" / ".join(filled[1:]), row.card2)


def name_and_card(text: str, card: str) -> tuple[str, str]:
    """A player's name, and its card when the text ends with one in brackets."""
    match = CARD_AFTER_NAME.match(text)
    if match and match.group(1):
        return match.group(1), card or match.group(2)
    return text, card


def check_lengths(row: ImportRow) -> None:
    if max(len(row.player1), len(row.player2)) > NAME_MAX:
        row.errors.append(_("A name is longer than %(max)s characters.") % {"max": NAME_MAX})
    if len(row.club) > NAME_MAX:
        row.errors.append(_("The club is longer than %(max)s characters.") % {"max": NAME_MAX})
