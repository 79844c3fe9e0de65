"""Forms of the pairs page: one pair, a pasted list, an uploaded file, the number draw, and how
the missed turni of a pair added late count.

Between the preview and the confirmation the rows of an uploaded file travel in a signed payload
(``rows_sign`` / ``rows_unsign``), so nothing is stored on the server before the director says so.
"""

from __future__ import annotations

from django import forms
from django.core import signing
from django.utils.translation import gettext_lazy as _

from burraco_tourney.rules.standings import Value

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


class PairForm(PairPageForm):
    number = forms.IntegerField(
        label=_("Number"),
        min_value=1,
        max_value=MAX_NUMBER,
        widget=forms.NumberInput(attrs={"class": "narrow", "inputmode": "numeric"}),
    )
    player1 = CleanedCharField(label=_("First player"), max_length=NAME_MAX)
    player2 = CleanedCharField(label=_("Second player"), max_length=NAME_MAX)
    club = CleanedCharField(label=_("Club"), max_length=NAME_MAX, required=False)

    def __init__(self, *args, number_required: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        number = self.fields["number"]
        number.required = number_required
        if not number_required:
            number.help_text = _("Leave it empty for the next free number.")


class PairStatusForm(PairPageForm):
    """The confirmation of a withdrawal, a reinstatement or a deletion."""

    reason = forms.CharField(label=_("Reason (for the change log)"), max_length=300, required=False)


class PairPasteForm(PairPageForm):
    text = forms.CharField(
        label=_("One pair a line"),
        max_length=200_000,
        strip=False,
        widget=forms.Textarea(
            attrs={
                "rows": 8,
                "spellcheck": "false",
                "placeholder": "Rossi Anna - Bianchi Bruno; Circolo Aurora\n"
                "7. Verdi Carla / Russo Dario",
            }
        ),
        help_text=_(
            "Separate the two players with “ - ”, “/” or a tab; put the club after “;” or a "
            "tab. A number at the start of the line (“7.”) is kept; otherwise the next free "
            "number is given."
        ),
    )

    def clean_text(self) -> str:
        text = self.cleaned_data["text"]
        rows = parse_text(text)
        if not rows:
            raise forms.ValidationError(_("No pairs found: write one pair a line."))
        if len(rows) > MAX_ROWS:
            raise forms.ValidationError(_("At most %(max)s pairs at a time.") % {"max": MAX_ROWS})
        self.rows: list[ImportRow] = rows
        return text


class PairFileForm(PairPageForm):
    """A spreadsheet of entrants, read by ``parse_file`` (the players' form reads players)."""

    parse_file = staticmethod(parse_spreadsheet)
    file = forms.FileField(
        label=_("Spreadsheet (.xlsx or .csv)"),
        widget=forms.ClearableFileInput(
            attrs={"accept": ".xlsx,.csv,.txt,application/vnd.ms-excel,text/csv"}
        ),
        help_text=_(
            "First sheet; columns named Numero, Giocatore 1, Giocatore 2, Circolo (or Number, "
            "Player 1, Player 2, Club), or with no header row: player, player, club. At most "
            "2 MB."
        ),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(size)s MB.")
                % {"size": MAX_FILE_BYTES // (1024 * 1024)}
            )
        try:
            self.rows = self.parse_file(upload.name, upload.read())
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
            card1=str(item.get("card1", "")),
            card2=str(item.get("card2", "")),
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
