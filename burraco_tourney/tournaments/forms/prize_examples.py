"""The prize editor's examples of a category line ("How to write a category line"), each with
what it means. Each line is written by the editor's own writer (``prizes.categories_text``), so
it shows the eligibility words and the amounts as the page's language reads them ("sesso=F",
"50,00" on an Italian page)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from burraco_tourney.rules import prizes as engine

from .prizes import categories_text, eligibility_word


def _line(name: str, eligible: dict, *places: int | str) -> str:
    def place(number: int, value: int | str) -> engine.Place:
        if isinstance(value, int):
            return engine.Place(number, amount=value * 100)
        if value.endswith("%"):
            return engine.Place(number, percent=int(value[:-1]))
        return engine.Place(number, object=value)

    prizes = tuple(place(n, v) for n, v in enumerate(places, start=1))
    return categories_text(engine.PrizeList((engine.Category(name, prizes, eligible),)))


def syntax_examples() -> list[tuple[str, str]]:
    """(line to write, what it means), in the page's language."""
    men = f"{eligibility_word('sex')}=M"
    return [
        (
            _line("Assoluta", {}, 100, 60, 40),
            _(
                "The first three of the standings: 100, 60 and 40 euro (an empty middle part: "
                "everyone)."
            ),
        ),
        (
            _line("Femminile", {"sex": "F"}, 50, "Coppa"),
            _("Every player a woman: 50 euro to the first, a cup to the second (%(men)s: men).")
            % {"men": men},
        ),
        (
            _line("Coppie miste", {"sex": "mixed"}, 80, "5%", "Coppa"),
            _("A woman and a man: 80 euro, 5% of the fund, a cup."),
        ),
        (
            _line("Over 70", {"over": 70}, "Targa"),
            _("Every player 70 or older in the tournament's year: a plaque."),
        ),
        (
            _line("Circolo Aurora", {"club": "Circolo Aurora"}, 30),
            _("The entrants of that club (write “_” for a space)."),
        ),
        (
            _line("Terza categoria", {"category": "terza"}, 20),
            _("Every player of that player category."),
        ),
        (
            _line("Girone B", {"girone": "B"}, 50, 30),
            _("The first two of girone B's own standings."),
        ),
        (
            _line("Ultima coppia", {"last": True}, "Cucchiaio di legno"),
            _("Counted from the bottom of the standings."),
        ),
        (
            _line("Donne over 60", {"sex": "F", "over": 60}, 25),
            _("Several conditions, separated by a space: all must hold."),
        ),
    ]
