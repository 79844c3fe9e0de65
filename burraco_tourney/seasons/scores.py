"""How a circuit's points read: whole numbers as they are, a shared average with up to two
decimals (27,5 — 73,33), in the active language's number format."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from django.utils.formats import number_format

from burraco_tourney.rules.circuit import Score


def score_number(value: Score) -> int | float:
    """For a spreadsheet cell: an int, or a float rounded to the cent."""
    if value.denominator == 1:
        return int(value)
    return float(_decimal(value))


def _decimal(value: Score) -> Decimal:
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def score_text(value: Score) -> str:
    if value.denominator == 1:
        return number_format(int(value))
    shown = _decimal(value)
    places = 1 if shown == shown.quantize(Decimal("0.1")) else 2
    return number_format(shown, decimal_pos=places)
