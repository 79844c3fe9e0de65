"""Director pages: the penalties of a tournament — the list, the form giving one, deletion.

Thin views: parse the request with a form, call one service (``services/penalties.py``), render
or redirect. The standings show the penalties through the standings selector.
"""

from __future__ import annotations

import django_tables2 as tables
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy
from django_tables2 import RequestConfig

from burraco_tourney.rules.vp import mp_per_vp

from ...access import director_view
from ...formats.entrant_words import EntrantWords, about
from ...forms.penalties import PenaltyDeleteForm, PenaltyForm, signed, suggestions_for
from ...models import Penalty, Tournament
from ...results_bridge import tournament_vp_table
from ...selectors.imports import with_import_origin
from ...services import penalties as services

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}
PHONE_HIDDEN = {"th": {"class": "hide-phone"}, "td": {"class": "hide-phone"}}


class PenaltyTable(tables.Table):
    turno = tables.Column(verbose_name=gettext_lazy("Turno"), accessor="turno__number", attrs=NUM)
    pair = tables.Column(
        verbose_name=gettext_lazy("Pair"), accessor="entrant__number", order_by=("entrant__number",)
    )
    vp = tables.Column(verbose_name=pgettext_lazy("victory points", "VP"), attrs=NUM)
    mp = tables.Column(verbose_name=pgettext_lazy("match points", "MP"), attrs=NUM)
    reason = tables.Column(verbose_name=gettext_lazy("Reason"))
    created_at = tables.DateTimeColumn(
        verbose_name=gettext_lazy("When"), format="SHORT_DATETIME_FORMAT", attrs=PHONE_HIDDEN
    )
    created_by = tables.Column(
        verbose_name=gettext_lazy("By"),
        accessor="created_by__username",
        attrs=PHONE_HIDDEN,
        empty_values=(),
    )
    delete = tables.Column(verbose_name="", empty_values=(), orderable=False)

    class Meta:
        orderable = True
        order_by = ("turno", "pair")
        empty_text = gettext_lazy("No penalties given.")
        attrs = {"class": "penalties"}

    def __init__(self, data, *, slug: str, words: EntrantWords, **kwargs):
        super().__init__(data, **kwargs)
        self.slug = slug
        self.words = words
        self.columns["pair"].column.verbose_name = words.entrant_label

    def render_pair(self, record: Penalty):
        return format_html(
            '<span class="pairno">{}</span> <span class="players">{}</span>',
            record.entrant.number,
            record.entrant.players,
        )

    # A penalty that came from an archive file: the file says neither who gave it nor when, so
    # the page says so instead of showing the import time and a dash.
    def render_created_at(self, value, record: Penalty, column, bound_column, bound_row):
        if record.imported:
            return _("before the import")
        return column.render(
            record=record, table=self, value=value, bound_column=bound_column, bound_row=bound_row
        )

    def render_created_by(self, value, record: Penalty):
        if record.imported:
            # Translators: who gave a penalty that came from an archive file.
            return pgettext("penalty given by", "imported from the archive")
        # A penalty that came with a version 2 archive keeps its author's name.
        return value or record.given_by_name or "—"

    def render_vp(self, value):
        return signed(value)

    def render_mp(self, value):
        return signed(value)

    def render_delete(self, record: Penalty):
        url = reverse("manage:penalty_delete", args=[self.slug, record.pk])
        label = self.words.penalty_delete_label % _about(record)
        return format_html('<a href="{}" aria-label="{}">{}</a>', url, label, _("Delete"))


def _about(penalty: Penalty) -> dict:
    """A penalty's message parameters: a pair by its number, a player by number and name."""
    return about(penalty.entrant, pair=penalty.entrant.number, turno=penalty.turno.number)


def _penalties(tournament: Tournament) -> QuerySet[Penalty]:
    return with_import_origin(
        Penalty.objects.filter(turno__tournament=tournament).select_related(
            "turno", "entrant", "created_by"
        )
    )


def _form(tournament: Tournament, data=None) -> PenaltyForm:
    table = tournament_vp_table(tournament)
    return PenaltyForm(
        data,
        tournament=tournament,
        vp_limit=table.total,
        equivalent_mp=mp_per_vp(table),
        entrant_label=tournament.fmt.entrants.words.entrant_label,
    )


@director_view
def penalties(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    if request.method == "POST":
        form = _form(tournament, request.POST)
        if form.is_valid():
            data = form.cleaned_data
            try:
                penalty = services.penalty_add(
                    tournament=tournament,
                    user=request.user,
                    entrant=data["pair"],
                    turno=data["turno"],
                    vp=data["vp"],
                    mp=data["mp"],
                    reason=data["reason"],
                )
            except ValidationError as error:
                form.add_error(None, error)
            else:
                words = tournament.fmt.entrants.words
                messages.success(
                    request,
                    words.penalty_given % _about(penalty),
                )
                return redirect("manage:penalties", tournament.slug)
    else:
        form = _form(tournament)
    words = tournament.fmt.entrants.words
    table = PenaltyTable(_penalties(tournament), slug=tournament.slug, words=words)
    RequestConfig(request, paginate=False).configure(table)
    return render(
        request,
        "manage/penalties.html",
        {
            "tournament": tournament,
            "section": "penalties",
            "words": words,
            "table": table,
            "form": form,
            "suggestions": suggestions_for(form.equivalent_mp),
            "has_turni": form.fields["turno"].queryset.exists(),
        },
    )


@director_view
def penalty_delete(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    penalty = get_object_or_404(_penalties(tournament), pk=pk)
    form = PenaltyDeleteForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        services.penalty_delete(penalty=penalty, user=request.user, **form.cleaned_data)
        words = tournament.fmt.entrants.words
        messages.success(
            request,
            words.penalty_deleted % _about(penalty),
        )
        return redirect("manage:penalties", tournament.slug)
    return render(
        request,
        "manage/penalty_delete.html",
        {
            "tournament": tournament,
            "section": "penalties",
            "penalty": penalty,
            "form": form,
            "words": tournament.fmt.entrants.words,
        },
    )


urlpatterns = [
    path("t/<slug:slug>/gestione/penalita/", penalties, name="penalties"),
    path(
        "t/<slug:slug>/gestione/penalita/<int:pk>/elimina/",
        penalty_delete,
        name="penalty_delete",
    ),
]
