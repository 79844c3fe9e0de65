"""The registry's forms: they check what the director typed and say what is wrong, in words;
saving is the services' job."""

from __future__ import annotations

import datetime

from django import forms
from django.core import signing
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .member_file import MemberRow, read_member_file, rows_from_payload
from .models import CLUB_FIELDS, PERSON_FIELDS, Club, Person
from .names import plain
from .selectors.registry import CARD_STATES, categories

FIRST_YEAR = 1900
PAYLOAD_SALT = "people.member-list"
PAYLOAD_MAX_AGE = 6 * 3600


class _RegistryForm(forms.ModelForm):
    """A person's or a club's form: the values for the service, and uniqueness said by the
    form's own checks, which name the other holder (the model's check would not)."""

    def values(self) -> dict:
        return {name: self.cleaned_data[name] for name in self.Meta.fields}

    def _post_clean(self):
        self._validate_unique = False
        super()._post_clean()


class PersonForm(_RegistryForm):
    class Meta:
        model = Person
        fields = list(PERSON_FIELDS)
        widgets = {"notes": forms.Textarea(attrs={"rows": 3})}

    def clean_surname(self) -> str:
        surname = " ".join(self.cleaned_data["surname"].split())
        if not surname:
            raise forms.ValidationError(_("Write the surname."))
        return surname

    def clean_name(self) -> str:
        return " ".join(self.cleaned_data["name"].split())

    def clean_card(self) -> str:
        card = "".join(self.cleaned_data["card"].split())
        holder = Person.objects.filter(card=card).exclude(pk=self.instance.pk).first()
        if card and holder is not None:
            raise forms.ValidationError(
                _("Card %(card)s already belongs to %(person)s.")
                % {"card": card, "person": holder.full_name}
            )
        return card

    def clean_birth_year(self) -> int | None:
        year = self.cleaned_data["birth_year"]
        if year is not None and year > datetime.date.today().year:
            raise forms.ValidationError(
                _("The birth year %(year)s is in the future.") % {"year": year}
            )
        if year is not None and year < FIRST_YEAR:
            raise forms.ValidationError(
                _("The birth year %(year)s is too far back.") % {"year": year}
            )
        return year

    def clean_card_year(self) -> int | None:
        year = self.cleaned_data["card_year"]
        if year is not None and not FIRST_YEAR <= year <= datetime.date.today().year + 1:
            raise forms.ValidationError(
                _("The card year %(year)s is not possible.") % {"year": year}
            )
        return year

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("card_type") and not cleaned.get("card"):
            self.add_error("card", _("A card type needs the card number."))
        return cleaned


class ClubForm(_RegistryForm):
    class Meta:
        model = Club
        fields = list(CLUB_FIELDS)

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        same = Club.objects.exclude(pk=self.instance.pk)
        if any(plain(other) == plain(name) for other in same.values_list("name", flat=True)):
            raise forms.ValidationError(_("A club with this name already exists."))
        return name

    def clean_code(self) -> str:
        code = self.cleaned_data["code"].strip()
        other = Club.objects.filter(code=code).exclude(pk=self.instance.pk).first()
        if code and other is not None:
            raise forms.ValidationError(
                _("The code %(code)s is already the club %(club)s's.")
                % {"code": code, "club": other.name}
            )
        return code


class PeopleFilterForm(forms.Form):
    # The list's own filter (the live search above it finds one person as one types).
    q = forms.CharField(label=gettext_lazy("Surname, name or card contains"), required=False)
    club = forms.ModelChoiceField(
        label=gettext_lazy("Club"),
        queryset=Club.objects.all(),
        required=False,
        empty_label=gettext_lazy("Any"),
    )
    category = forms.ChoiceField(label=gettext_lazy("Category"), required=False)
    card = forms.ChoiceField(label=gettext_lazy("Card"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["category"].choices = [("", _("Any"))] + [(c, c) for c in categories()]
        labels = {
            "season": _("Valid this season"),
            "expired": _("Not renewed"),
            "with": _("With a card"),
            "without": _("Without a card"),
        }
        self.fields["card"].choices = [("", _("Any"))] + [(s, labels[s]) for s in CARD_STATES]

    def filters(self) -> dict:
        if not self.is_valid():
            return {}
        data = self.cleaned_data
        return {
            "query": data["q"],
            "club_id": data["club"].pk if data["club"] else None,
            "category": data["category"],
            "card_state": data["card"],
        }


class MemberFileForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Member list (.xlsx or .csv)"), max_length=200, allow_empty_file=False
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > 8 * 1024 * 1024:
            raise forms.ValidationError(_("The file is larger than 8 MB."))
        from burraco_tourney.core.spreadsheets import SpreadsheetError

        try:
            self.rows: list[MemberRow] = read_member_file(upload.name, upload.read())
        except SpreadsheetError as error:
            raise forms.ValidationError(str(error)) from None
        return upload


def rows_sign(rows: list[MemberRow], *, source: str) -> str:
    return signing.dumps(
        {"source": source, "rows": [row.payload() for row in rows]},
        salt=PAYLOAD_SALT,
        compress=True,
    )


class MemberConfirmForm(forms.Form):
    payload = forms.CharField(widget=forms.HiddenInput)
    digest = forms.CharField(widget=forms.HiddenInput, max_length=64)

    def clean_payload(self) -> str:
        payload = self.cleaned_data["payload"]
        try:
            data = signing.loads(payload, salt=PAYLOAD_SALT, max_age=PAYLOAD_MAX_AGE)
            self.rows = rows_from_payload(data["rows"])
            self.source = str(data["source"])
        except (signing.BadSignature, KeyError, TypeError, ValueError):
            raise forms.ValidationError(
                _("The preview has expired or was changed: upload the file again.")
            ) from None
        return payload


class MergeForm(forms.Form):
    # The two people the page showed (an id is at most a 32-bit integer in every database).
    keep = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=2**31 - 1)
    drop = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=2**31 - 1)
    reason = forms.CharField(label=gettext_lazy("Why are they the same person?"), max_length=300)
