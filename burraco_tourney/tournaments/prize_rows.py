"""The prizes as people read them: rows (category, place, entrant, names, prize), the warnings
and the explanation's steps in words. Shared by the director's page, the ceremony PDF, the
public page, the projector's closing panel and the workbook sheet.
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from burraco_tourney.rules import prizes as engine

from .selectors.prizes import PrizeAllocation


def euros(cents: int | None) -> Decimal | None:
    """An amount in euro with its two decimals, which the pages write as the language does
    ("85,00 €" in Italian) and the workbook keeps as a number."""
    return None if cents is None else Decimal(int(cents)).scaleb(-2)


def _row(allocated: PrizeAllocation, award: engine.Award) -> dict:
    entrant = allocated.entrants[award.entrant]
    return {
        "category": allocated.category_name(award.category),
        "place": award.place,
        "number": award.entrant,
        "names": entrant.players,
        "amount": euros(award.amount),
        "object": award.object,
        "pooled": award.pooled,
    }


def award_rows(allocated: PrizeAllocation) -> list[dict]:
    """Every prize given, in category order then place."""
    return [_row(allocated, a) for a in allocated.allocation.awards]


def _warning(
    allocated: PrizeAllocation, warning: engine.Warning, numbers: list[int] | None = None
) -> str:
    """One warning in words; ``numbers``: every entrant missing the same fact for the same
    category (one sentence for them all)."""
    name = allocated.category_name(warning.category) if warning.category is not None else ""
    if warning.code == "nobody_eligible":
        return _("Nobody can win the category “%(name)s”.") % {"name": name}
    if warning.code == "missing_fact":
        fact = {"sex": _("sex"), "birth_year": _("birth year"), "category": _("category")}
        many = numbers is not None and len(numbers) > 1
        sentence = None
        if allocated.words:
            words = allocated.words
            sentence = words.prize_missing_facts if many else words.prize_missing_fact
        if sentence is None:
            sentence = _(
                "Pair or player %(number)s: a person has no %(fact)s, which “%(name)s” needs."
            )
        return str(sentence) % {
            "number": warning.entrant,
            "numbers": ", ".join(str(n) for n in sorted(numbers or ())),
            "fact": fact[warning.detail],
            "name": name,
        }
    return _("The money prizes exceed the fund by %(amount)s euro.") % {
        "amount": number_format(euros(int(warning.detail)), 2)
    }


def warning_lines(allocated: PrizeAllocation) -> list[str]:
    """The allocation's warnings in words, in order; the entrants missing the same fact for
    the same category in one sentence ("Coppie 1, 4, 7: …"), not one line each."""
    grouped: dict[tuple, list[int]] = {}
    firsts: list[engine.Warning] = []
    for warning in allocated.allocation.warnings:
        key = (warning.code, warning.category, warning.detail)
        if warning.code != "missing_fact":
            firsts.append(warning)
        elif key not in grouped:
            grouped[key] = [warning.entrant]
            firsts.append(warning)
        else:
            grouped[key].append(warning.entrant)
    return [
        _warning(allocated, w, grouped.get((w.code, w.category, w.detail)))
        if w.code == "missing_fact"
        else _warning(allocated, w)
        for w in firsts
    ]


def _reasons() -> dict[str, str]:
    return {
        "withdrawn": _("withdrawn"),
        "holds": _("already holds a prize"),
        "not_eligible": _("not eligible"),
    }


def _keys() -> dict[str, str]:
    return {
        "sex": _("sex"),
        "club": _("club"),
        "category": _("category"),
        "over": _("age"),
        "girone": _("girone"),
        "unknown": _("not in the standings"),
        "withdrawn": _("withdrawn"),
    }


def _answer(what: str, code: str) -> str:
    """What a step meant for the entrant asked about (``Allocation.why``)."""
    if what == "won":
        return _("this one went to it")
    if what == "passed":
        return _("it was passed over: %(reason)s") % {"reason": _reasons()[code]}
    if what == "refused":
        return _("it cannot win this category: %(key)s") % {"key": _keys()[code]}
    return _("a better-ranked entrant took it first")


def _step(allocated: PrizeAllocation, step: engine.Step, answer: str = "") -> dict:
    reasons, keys = _reasons(), _keys()
    passed = []
    for p in step.passed_over:
        detail = keys.get(p.detail, "")
        if p.reason == "holds":
            ci, place = p.detail.split(":")
            detail = f"{allocated.category_name(int(ci))} {place}"
        passed.append({"number": p.entrant, "reason": reasons[p.reason], "detail": detail})
    return {
        "category": allocated.category_name(step.category),
        "places": ", ".join(str(p) for p in step.places),
        "awards": [_row(allocated, a) for a in step.awards],
        "passed": passed,
        "tied": step.tied,
        "answer": answer,
    }


def prize_context(allocated: PrizeAllocation | None, why: int | None) -> dict:
    if allocated is None:
        return {"allocated": None}
    if why:
        steps = [
            _step(allocated, step, _answer(*answer))
            for step, answer in allocated.allocation.why(why)
        ]
    else:
        steps = [_step(allocated, step) for step in allocated.allocation.steps]
    fund = allocated.allocation.fund
    warnings = warning_lines(allocated)
    return {
        "allocated": allocated,
        "fund": euros(fund),
        "awards": award_rows(allocated),
        "warnings": warnings[:50],
        "hidden_warnings": max(0, len(warnings) - 50),
        "steps": steps,
        "why": why,
    }
