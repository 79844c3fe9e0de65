"""Forms of the entrants pages, for every kind: one entrant, a pasted list, an uploaded file,
the number draw, and how the missed turni of a pair added late count. The kind hands out the
names an entrant has and the words of the boxes (``tournament.fmt.entrants.words``): a pair's
two players, a player's one name.

Between the preview and the confirmation the rows of an uploaded file travel in a signed payload
(``rows_sign`` / ``rows_unsign``), so nothing is stored on the server before the director says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import forms
from django.core import signing
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from burraco_tourney.people.models import Person
from burraco_tourney.rules.standings import Value

from ..entrant_rows import name_and_card
from ..models import MissedTurni
from ..pair_import import (
    MAX_FILE_BYTES,
    MAX_NUMBER,
    MAX_ROWS,
    NAME_MAX,
    ImportRow,
    SpreadsheetError,
    parse_spreadsheet,
    parse_text,
)
from ..settings_values import MissedChoice

if TYPE_CHECKING:
    from ..formats.entrant_words import EntrantWords

PAYLOAD_SALT = "burraco_tourney.pairs.import"
PAYLOAD_MAX_AGE = 6 * 3600  # seconds: a preview left open over a long registration desk


class CleanedCharField(forms.CharField):
    """Text with runs of white space collapsed, as names are typed in a hurry."""

    def to_python(self, value):
        return " ".join(super().to_python(value).split())


class PairPageForm(forms.Form):
    """Labels without a trailing colon, as on the rest of the site."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


class EntrantForm(PairPageForm):
    """One entrant: its number, the names its kind gives (``words.name_fields``), its club."""

    number = forms.IntegerField(
        label=_("Number"),
        min_value=1,
        max_value=MAX_NUMBER,
        widget=forms.NumberInput(attrs={"class": "narrow", "inputmode": "numeric"}),
    )
    club = CleanedCharField(label=_("Club"), max_length=NAME_MAX, required=False)

    def __init__(
        self,
        *args,
        words: EntrantWords,
        number_required: bool = True,
        pick: bool = False,
        captain: bool = False,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        number = self.fields["number"]
        number.required = number_required
        if not number_required:
            number.help_text = _("Leave it empty for the next free number.")
        club = self.fields.pop("club")
        for name, label in words.name_fields:
            self.fields[name] = CleanedCharField(label=label, max_length=NAME_MAX)
        self.fields["club"] = club
        self.name_names = [name for name, _label in words.name_fields]
        # The boxes that name people (a team's roster on the add form, else the names).
        self.roster_names = [name for name, _label in words.roster_fields] if pick else []
        for position, (name, label) in enumerate(words.roster_fields if pick else (), start=1):
            self.fields[name] = CleanedCharField(
                label=label, max_length=NAME_MAX, required=position <= words.roster_min
            )
        if captain and self.roster_names:  # a team's edit page: its captain among the roster
            self.fields["captain"] = forms.TypedChoiceField(
                label=_("Captain"),
                # Each box by the name it holds now ("Giocatore 2: Rossi Anna").
                choices=[("", _("No captain"))]
                + [
                    (str(i), self._roster_choice(name, label))
                    for i, (name, label) in enumerate(words.roster_fields, 1)
                ],
                coerce=int,
                empty_value=None,
                required=False,
                help_text=_(
                    "The captain may set the team's line-ups from the team's link. The number "
                    "is the player's box above."
                ),
            )
        self.person_names = self.roster_names or self.name_names
        self.name_names += self.roster_names
        self.printed: dict[str, str] = {}
        self.pick = pick
        if pick:  # each name box finds people in the registry as the director types
            for name in self.person_names:
                self.fields[name].widget.attrs.update(
                    PICK_ATTRS,
                    **{
                        "hx-get": reverse("people:search") + "?pick=1",
                        "hx-target": f"#{self[name].auto_id}-people",
                        "aria-controls": f"{self[name].auto_id}-people",
                    },
                )
                self.fields[f"{name}_person"] = forms.IntegerField(
                    required=False, min_value=1, max_value=PERSON_ID_MAX, widget=forms.HiddenInput
                )

    @property
    def name_fields(self) -> list:
        """The bound boxes of the entrant's names: the one place a page renders them."""
        return [self[name] for name in self.name_names]

    @property
    def name_rows(self) -> list:
        """Each name box with its hidden picked person (None when the form picks nobody)."""
        return [
            (self[name], self[f"{name}_person"] if name in self.picking else None)
            for name in self.name_names
        ]

    @property
    def picking(self) -> list[str]:
        return self.person_names if self.pick else []

    def _roster_choice(self, name: str, label: str) -> str:
        """A roster box as a choice of captain: its label, and the name in it, posted or kept."""
        held = (self.data.get(self.add_prefix(name)) if self.is_bound else None) or (
            self.initial.get(name)
        )
        return f"{label}: {held}" if held else str(label)

    def clean(self):
        data = super().clean()
        if not self.pick:
            return data
        picked = {name: data.pop(f"{name}_person", None) for name in self.person_names}
        there = set(
            Person.objects.filter(pk__in=[pk for pk in picked.values() if pk]).values_list(
                "pk", flat=True
            )
        )
        self.picked: dict[str, tuple[int | None, str]] = {}
        for name, pk in picked.items():
            if pk and pk not in there:
                self.add_error(
                    name,
                    _(
                        "The person picked for this name is not in the registry (any more): "
                        "type the name again and pick from the list."
                    ),
                )
            elif pk:
                self.picked[name] = (pk, "")
            elif data.get(name):  # "Rossi Anna (RM12345)": the name, and its card
                data[name], card = name_and_card(data[name], "")
                self.picked[name] = (None, card)
        for name in self.person_names:
            self.printed[name] = data.get(name, "")
        for name in self.roster_names:  # a roster's people, not the entrant's own names
            data.pop(name, None)
        if data.get("captain"):  # a box's number to the player's place in the roster
            box = self.roster_names[data["captain"] - 1]
            filled = [name for name in self.roster_names if name in self.picked]
            if box in filled:
                data["captain"] = filled.index(box) + 1
            else:
                self.add_error("captain", _("The captain's box is empty: pick a player."))
        return data


# The name boxes' search in the registry (static/js/person_pick.js adds what was typed as ``q``).
PICK_ATTRS = {
    "autocomplete": "off",
    "data-person-pick": "",
    "hx-trigger": "input changed delay:200ms",
    "hx-sync": "this:replace",
}
PERSON_ID_MAX = 2**31 - 1


class PairStatusForm(PairPageForm):
    """The confirmation of a withdrawal, a reinstatement or a deletion."""

    reason = forms.CharField(label=_("Reason (for the change log)"), max_length=300, required=False)


class ListForm(PairPageForm):
    """A list of entrants, read with the kind's names per entrant (``words.name_fields``)."""

    def __init__(self, *args, words: EntrantWords, reader=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.words = words
        self.size = len(words.name_fields)
        # The kind's entrants hand out how a line or a file is read (``read_text``,
        # ``read_file``: a team's line holds its roster); without one, by the names' count.
        self.reader = reader

    def read_text(self, text: str) -> list[ImportRow]:
        if self.reader is not None:
            return self.reader.read_text(text)
        return parse_text(text, self.size)

    def read_file(self, name: str, data: bytes) -> list[ImportRow]:
        if self.reader is not None:
            return self.reader.read_file(name, data)
        return parse_spreadsheet(name, data, self.size)


class PairPasteForm(ListForm):
    text = forms.CharField(
        max_length=200_000,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
    )

    def __init__(self, *args, words: EntrantWords, **kwargs):
        super().__init__(*args, words=words, **kwargs)
        text = self.fields["text"]
        text.label, text.help_text = words.paste_label, words.paste_help
        text.widget.attrs["placeholder"] = words.paste_placeholder

    def clean_text(self) -> str:
        text = self.cleaned_data["text"]
        rows = self.read_text(text)
        if not rows:
            raise forms.ValidationError(self.words.paste_empty)
        if len(rows) > MAX_ROWS:
            raise forms.ValidationError(self.words.paste_too_many % {"max": MAX_ROWS})
        self.rows: list[ImportRow] = rows
        return text


class PairFileForm(ListForm):
    """A spreadsheet of entrants (``pair_import.parse_spreadsheet``)."""

    file = forms.FileField(
        label=_("Spreadsheet (.xlsx or .csv)"),
        widget=forms.ClearableFileInput(
            attrs={"accept": ".xlsx,.csv,.txt,application/vnd.ms-excel,text/csv"}
        ),
    )

    def __init__(self, *args, words: EntrantWords, **kwargs):
        super().__init__(*args, words=words, **kwargs)
        self.fields["file"].help_text = words.file_help

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(size)s MB.")
                % {"size": MAX_FILE_BYTES // (1024 * 1024)}
            )
        try:
            self.rows = self.read_file(upload.name, upload.read())
        except SpreadsheetError as err:
            raise forms.ValidationError(str(err)) from None
        return upload


class PairImportConfirmForm(PairPageForm):
    """The confirmation of an uploaded list: its rows come back signed from the preview."""

    payload = forms.CharField(widget=forms.HiddenInput)

    def __init__(self, *args, tournament_id: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament_id = tournament_id

    def clean_payload(self) -> str:
        payload = self.cleaned_data["payload"]
        try:
            self.rows, self.source = rows_unsign(payload, tournament_id=self.tournament_id)
        except (signing.BadSignature, KeyError, TypeError, ValueError):
            raise forms.ValidationError(
                _(
                    "The preview could not be verified (it changed or expired): "
                    "upload the file again."
                )
            ) from None
        return payload


class NumberDrawForm(PairPageForm):
    seed = CleanedCharField(
        label=_("Seed (optional)"),
        max_length=64,
        required=False,
        help_text=_(
            "Leave it empty for a random seed, or type one chosen in public (for example the "
            "numbers of a lottery draw)."
        ),
    )


def rows_sign(rows: list[ImportRow], *, tournament_id: int, source: str) -> str:
    """The rows as a signed, compressed string for a hidden field; bound to one tournament."""
    data = {"t": tournament_id, "source": source, "rows": [row.payload() for row in rows]}
    return signing.dumps(data, salt=PAYLOAD_SALT, compress=True)


def rows_unsign(payload: str, *, tournament_id: int) -> tuple[list[ImportRow], str]:
    """The rows and their source back from ``rows_sign``.

    Raises ``signing.BadSignature`` when the payload was changed, has expired or belongs to
    another tournament.
    """
    data = signing.loads(payload, salt=PAYLOAD_SALT, max_age=PAYLOAD_MAX_AGE)
    if not isinstance(data, dict) or data.get("t") != tournament_id:
        raise signing.BadSignature("payload of another tournament")
    rows = [
        ImportRow(
            line=int(item["line"]),
            number=item["number"],
            player1=str(item["player1"]),
            player2=str(item["player2"]),
            club=str(item["club"]),
            size=int(item.get("size", 2)),
            card1=str(item.get("card1", "")),
            card2=str(item.get("card2", "")),
            roster=[str(name) for name in item.get("roster", [])],
        )
        for item in data["rows"]
    ]
    return rows, str(data.get("source", ""))


class LatePairForm(PairPageForm):
    """How the turni a late pair missed count, asked when pairs are added after a turno was
    published (one pair, a pasted list or a file: the same choice for every pair of the list).

    ``bye``: the tournament's riposo value, or None when it has none (that choice is then left
    out, and the default is "nothing").
    """

    missed = forms.ChoiceField(label=_("The turni it missed count"), widget=forms.RadioSelect)
    missed_vp = forms.IntegerField(
        label=_("VP of each missed turno"),
        required=False,
        min_value=0,
        max_value=MAX_NUMBER,
        widget=forms.NumberInput(attrs={"class": "narrow", "inputmode": "numeric"}),
    )
    missed_mp = forms.IntegerField(
        label=_("MP of each missed turno"),
        required=False,
        min_value=-100_000,
        max_value=100_000,
        widget=forms.NumberInput(attrs={"class": "narrow"}),
    )

    def __init__(self, *args, joined_turno: int, bye: Value | None, **kwargs):
        super().__init__(*args, **kwargs)
        self.joined_turno = joined_turno
        choices = []
        if bye is not None:
            choices.append(
                (
                    MissedTurni.BYE,
                    _("As a riposo (%(vp)s VP, %(mp)s MP of scarto each)")
                    % {"vp": bye.vp, "mp": f"{bye.mp:+d}"},
                )
            )
        choices += [
            (MissedTurni.VALUE, _("A value I type (VP and MP of each missed turno)")),
            (MissedTurni.NONE, _("Nothing (0 VP, 0 MP)")),
        ]
        field = self.fields["missed"]
        field.choices = choices
        field.initial = choices[0][0]

    def choice(self) -> MissedChoice:
        data = self.cleaned_data
        return MissedChoice(how=data["missed"], vp=data.get("missed_vp"), mp=data.get("missed_mp"))
