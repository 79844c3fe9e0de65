"""The director's prize-list form: the fund, and one category per line of a text box.

A line reads ``name | eligibility | places``: eligibility as ``key=value`` words (``sex=F``,
``sex=mixed``, ``club=Aurora``, ``category=terza``, ``over=70``, ``girone=A``, ``last``, or in
Italian ``sesso=misto``, ``circolo=Aurora``, ``categoria=terza``, ``ultimi``: a line is read in
either language and written in the page's), places
separated by ``;``, each an amount (``80.00``, ``80,50``, ``20 €``), a percent of the fund
(``5%``) or an object (``Coppa``). Lines are the categories' order: moving a line reorders, a
new line adds, removing one deletes. Every fault is reported with its line; nothing is saved
until all are right.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from django import forms
from django.conf import settings
from django.utils import translation
from django.utils.formats import get_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from burraco_tourney.rules import prizes as engine

# An amount in euro, with or without its mark: 80, 80.00, 80,50, "20 €", "€ 20", "20 euro", and
# with the thousands marked as Italian does: "1.000 €", "1.250,50".
_THOUSANDS = r"\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?"
_AMOUNT = re.compile(
    rf"^(?:€\s*)?({_THOUSANDS}|\d{{1,7}}(?:[.,]\d{{1,2}})?)\s*(?:€|eur|euro)?$", re.IGNORECASE
)
_PERCENT = re.compile(r"^(\d{1,3})\s*%$")


def prize_error_message(error: engine.PrizeError) -> str:
    """The sentence for an engine refusal of a prize list (the editor's and the archive's)."""
    messages = {
        "percent_over_100": _("the places' percents of the fund add up to more than 100"),
        "percent_without_fund": _("a place worth a percent of the fund needs a fund"),
        "mixed_individual": _("a mixed category needs pairs: players enter one by one here"),
        "prizes_ko": _("a knock-out tournament has no prize list"),
        "place_order": _("the places must run 1, 2, 3 …"),
        "place_value": _("a place is worth one amount, one percent or one object"),
    }
    return messages.get(error.code, error.message)


def _cents(text: str) -> int:
    if re.fullmatch(_THOUSANDS, text):  # 1.250,50: the dots mark the thousands
        text = text.replace(".", "")
    return int((Decimal(text.replace(",", ".")) * 100).to_integral_value())


def _eligibility_words() -> dict[str, str]:
    """Each eligibility key, and the sex's value "mixed", as the page's language writes them
    ("sesso", "circolo", "categoria", "over", "girone", "ultimi", "misto")."""
    return {
        "sex": pgettext("prize eligibility", "sex"),
        "club": pgettext("prize eligibility", "club"),
        "category": pgettext("prize eligibility", "category"),
        "over": pgettext("prize eligibility", "over"),
        "girone": pgettext("prize eligibility", "girone"),
        "last": pgettext("prize eligibility", "last"),
        "mixed": pgettext("prize eligibility", "mixed"),
    }


def eligibility_word(key: str) -> str:
    """An eligibility key (or "mixed") as the page's language writes it."""
    return _eligibility_words()[key]


def _eligibility_aliases() -> dict[str, str]:
    """Every language's word for a key or for "mixed" -> the stored key: a line is read in
    Italian or English, whatever the page's language."""
    aliases = {key: key for key in (*engine.ELIGIBLE_KEYS, "mixed")}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            aliases.update({word.casefold(): key for key, word in _eligibility_words().items()})
    return aliases


def _eligible(text: str, line: int, aliases: dict[str, str]) -> dict:
    eligible: dict = {}
    after_a_name = False  # the word before gave a club, category or girone
    for word in text.split():
        typed_key, _sep, value = word.partition("=")
        key = aliases.get(typed_key.casefold())
        sex = aliases.get(value.casefold(), value.upper())
        if key == "last" and not value:
            eligible["last"] = True
        elif key == "sex" and sex in ("F", "M", "mixed"):
            eligible[key] = sex
        elif key in ("club", "category", "girone") and value:
            eligible[key] = value.replace("_", " ")
        elif key == "over" and value.isdecimal():
            eligible["over"] = int(value)
        elif after_a_name and not value:
            # "circolo=Circolo Aurora": the name's next word read as an eligibility.
            raise forms.ValidationError(
                _(
                    "Line %(line)s: “%(word)s” is not an eligibility: in a name, write “_” "
                    "for a space (%(example)s)."
                )
                % {
                    "line": line,
                    "word": word,
                    "example": f"{eligibility_word('club')}=Circolo_Aurora",
                }
            )
        else:
            words = _eligibility_words()
            raise forms.ValidationError(
                _("Line %(line)s: “%(word)s” is not an eligibility (%(words)s).")
                % {"line": line, "word": word, "words": _eligibility_example(words)}
            )
        after_a_name = key in ("club", "category", "girone") and bool(value)
    return eligible


def _eligibility_example(words: dict[str, str]) -> str:
    """Every eligibility, written as the page's language reads them."""
    return ", ".join(
        (
            f"{words['sex']}=F",
            f"{words['sex']}=M",
            f"{words['sex']}={words['mixed']}",
            f"{words['club']}=…",
            f"{words['category']}=…",
            f"{words['over']}=70",
            f"{words['girone']}=A",
            words["last"],
        )
    )


def _place(text: str, number: int, line: int) -> engine.Place:
    text = text.strip()
    if not text:
        raise forms.ValidationError(
            _("Line %(line)s: place %(place)s is empty.") % {"line": line, "place": number}
        )
    percent = _PERCENT.match(text)
    if percent:
        return engine.Place(number, percent=int(percent.group(1)))
    amount = _AMOUNT.match(text)
    if amount:
        try:
            return engine.Place(number, amount=_cents(amount.group(1)))
        except InvalidOperation:
            pass
    return engine.Place(number, object=text[:120])


def parse_categories(text: str) -> tuple[engine.Category, ...]:
    aliases = _eligibility_aliases()  # every language's words, read once for the list
    categories = []
    for line, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        parts = [p.strip() for p in raw.split("|")]
        if len(parts) != 3 or not parts[0] or not parts[2]:
            raise forms.ValidationError(
                _(
                    "Line %(line)s: write name | eligibility | places (the eligibility may be "
                    "empty)."
                )
                % {"line": line}
            )
        places = tuple(_place(p, i, line) for i, p in enumerate(parts[2].split(";"), start=1))
        categories.append(
            engine.Category(parts[0][:120], places, _eligible(parts[1], line, aliases))
        )
    return tuple(categories)


def categories_text(prizes: engine.PrizeList) -> str:
    """The list as the text box shows it (the inverse of ``parse_categories``)."""
    shown = _eligibility_words()
    point = get_format("DECIMAL_SEPARATOR")
    lines = []
    for cat in prizes.categories:
        words = []
        for key in engine.ELIGIBLE_KEYS:
            if key in cat.eligible:
                value = cat.eligible[key]
                value = shown["mixed"] if (key, value) == ("sex", "mixed") else value
                word = shown[key] if key == "last" else f"{shown[key]}={value}".replace(" ", "_")
                words.append(word)
        places = "; ".join(
            f"{p.amount // 100}{point}{p.amount % 100:02d}"
            if p.amount is not None
            else f"{p.percent}%"
            if p.percent is not None
            else p.object
            for p in cat.places
        )
        lines.append(f"{cat.name} | {' '.join(words)} | {places}")
    return "\n".join(lines)


class PrizeListForm(forms.Form):
    cumulative = forms.BooleanField(label=gettext_lazy("Cumulative prizes"), required=False)
    # In the page's language: "20,00" on an Italian page ("20.00" is read too).
    fee = forms.DecimalField(
        label=gettext_lazy("Entry fee (euro)"),
        required=False,
        min_value=0,
        decimal_places=2,
        localize=True,
    )
    percent = forms.IntegerField(
        label=gettext_lazy("Share of the entries for prizes (%)"),
        required=False,
        min_value=0,
        max_value=100,
    )
    minimum = forms.DecimalField(
        label=gettext_lazy("Guaranteed minimum (euro)"),
        required=False,
        min_value=0,
        decimal_places=2,
        localize=True,
    )
    round = forms.ChoiceField(
        label=gettext_lazy("Round the fund down"),
        choices=(("euro", gettext_lazy("to the euro")), ("cent", gettext_lazy("to the cent"))),
    )
    categories = forms.CharField(
        label=gettext_lazy("Categories, one a line: name | eligibility | places"),
        widget=forms.Textarea(attrs={"rows": 8}),
    )

    def __init__(self, *args, fmt=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fmt = fmt
        if fmt is not None:  # one fee per entrant: a pair, a player, a team
            self.fields["fee"].label = fmt.words.entry_fee_label
        example = engine.Category(
            "Coppie miste",
            (
                engine.Place(1, amount=8000),
                engine.Place(2, percent=5),
                engine.Place(3, object="Coppa"),
            ),
            {"sex": "mixed"},
        )
        self.fields["categories"].help_text = _(
            "Example: %(example)s. Eligibility: %(words)s. Move a line to reorder."
        ) % {
            "example": categories_text(engine.PrizeList((example,))),
            "words": _eligibility_example(_eligibility_words()),
        }

    def clean_categories(self):
        return parse_categories(self.cleaned_data["categories"])

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        fee, percent = data.get("fee"), data.get("percent")
        if (fee is None) != (percent is None):
            raise forms.ValidationError(_("A fund needs both the entry fee and the share."))
        fund = None
        if fee is not None:
            minimum = data.get("minimum")
            fund = engine.Fund(
                _cents(str(fee)),
                percent,
                None if minimum is None else _cents(str(minimum)),
                data["round"],
            )
        prizes = engine.PrizeList(data["categories"], data["cumulative"], fund)
        try:
            self.fmt.check_prizes(prizes)
        except engine.PrizeError as error:
            raise forms.ValidationError(prize_error_message(error)) from None
        data["prizes"] = prizes
        return data
