"""Forms of the KO pages: the seeding of round 1, the pairs from a standings, the third place."""

from __future__ import annotations

from django import forms
from django.db.models import QuerySet
from django.utils import formats, timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.errors import RuleError

from ..access import tournaments_directed_by
from ..formats import kinds_where
from ..ko_seeding import SeedingRequest
from ..models import Entrant, Tournament
from ..selectors.imports import with_import_mark

SEED_MAX = 999


def seed_field_name(pair: Entrant) -> str:
    return f"seed_{pair.number}"


class SeedingForm(forms.Form):
    """One optional seed per pair; the pairs left without one are placed by a recorded draw."""

    draw_seed = forms.CharField(
        label=_("Draw code (optional)"),
        max_length=64,
        required=False,
        help_text=_(
            "Pairs without a seed are placed after the seeded ones by a draw. Leave the code "
            "empty for a random one, or type one chosen in public: the same code gives the same "
            "draw."
        ),
    )
    third_place = forms.BooleanField(
        label=_("Play a third-place match"),
        required=False,
        help_text=_("Otherwise the semifinal losers share third place."),
    )

    def __init__(self, data=None, *, pairs: list[Entrant], seeds: dict[int, int | None], **kwargs):
        super().__init__(data, **kwargs)
        self.pairs = pairs
        for pair in pairs:
            self.fields[seed_field_name(pair)] = forms.IntegerField(
                label=_("Seed of pair %(number)s") % {"number": pair.number},
                min_value=1,
                max_value=SEED_MAX,
                required=False,
                initial=seeds.get(pair.number),
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "seed-input"}),
            )

    def clean(self):
        cleaned = super().clean()
        holder: dict[int, Entrant] = {}
        for pair in self.pairs:
            name = seed_field_name(pair)
            seed = cleaned.get(name)
            if seed is None:
                continue
            if seed in holder:
                self.add_error(
                    name,
                    _("Pair %(other)s has seed %(seed)s too.")
                    % {"other": holder[seed].number, "seed": seed},
                )
            else:
                holder[seed] = pair
        return cleaned

    @property
    def rows(self) -> list[tuple[Entrant, forms.BoundField]]:
        return [(pair, self[seed_field_name(pair)]) for pair in self.pairs]

    def seeding_request(self) -> SeedingRequest:
        data = self.cleaned_data
        return SeedingRequest(
            seeds={p.number: data.get(seed_field_name(p)) for p in self.pairs},
            draw_seed=data["draw_seed"],
            third_place=data["third_place"],
        )

    def add_rule_error(self, error: RuleError) -> None:
        """An engine refusal: next to the seed it concerns, else above the form."""
        name = None
        if error.code == "ko_duplicate_seed":
            name = f"seed_{error.params.get('other')}"
        self.add_error(name if name in self.fields else None, rule_error_message(error))


def finished_pairs_tournaments(*, user, exclude: Tournament) -> QuerySet[Tournament]:
    """The pairs tournaments ``user`` directs that have a published turno: the qualifications."""
    return with_import_mark(
        tournaments_directed_by(user)
        .filter(kind__in=kinds_where(feeds_knockout=True), turni__published=True)
        .exclude(pk=exclude.pk)
        .distinct()
        .order_by("-date", "name")
    )


class SourceChoiceField(forms.ModelChoiceField):
    """A qualification by its name and date; an imported copy says when it was imported, so it
    can be told from its original (the mark of the tournament lists, ``with_import_mark``)."""

    def label_from_instance(self, obj: Tournament) -> str:
        label = f"{obj.name} ({formats.date_format(obj.date, 'SHORT_DATE_FORMAT')})"
        imported_at = getattr(obj, "imported_at", None)
        if imported_at is None:
            return label
        imported_at = timezone.localtime(imported_at)
        return gettext("%(tournament)s, copy imported on %(date)s at %(time)s") % {
            "tournament": label,
            "date": formats.date_format(imported_at, "SHORT_DATE_FORMAT"),
            "time": formats.time_format(imported_at, "TIME_FORMAT"),
        }


class FromStandingsForm(forms.Form):
    source = SourceChoiceField(
        label=_("Pairs tournament"),
        queryset=Tournament.objects.none(),
        empty_label=None,
        help_text=_("Its final standings give the pairs and their seeds: the winner is seed 1."),
    )
    count = forms.IntegerField(
        label=_("How many pairs go to the knock-out"),
        min_value=2,
        max_value=256,
        initial=8,
        help_text=_(
            "With 8, 16 or 32 pairs nobody rests; otherwise the top seeds rest in round 1."
        ),
    )

    def __init__(self, data=None, *, user, tournament: Tournament, **kwargs):
        super().__init__(data, **kwargs)
        self.fields["source"].queryset = finished_pairs_tournaments(user=user, exclude=tournament)

    def add_service_error(self, error) -> None:
        field = "count" if getattr(error, "code", None) == "bad_count" else None
        if getattr(error, "code", None) == "source_unfinished":
            field = "source"
        self.add_error(field, error)


class ThirdPlaceForm(forms.Form):
    third_place = forms.BooleanField(label=_("Play a third-place match"), required=False)
