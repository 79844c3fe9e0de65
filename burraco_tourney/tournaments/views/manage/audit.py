"""Director pages: the change log (registro) of a tournament — every change, newest first.

Each entry shows when, who, what (a translated label for each action key the services record,
a readable fallback for a key not listed here yet), the subject, the reason and what changed.
Read only: the entries are written by the services, in the transaction of their change.
"""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path
from django.utils.html import format_html, format_html_join
from django.utils.text import Truncator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from django_tables2 import RequestConfig

from ...access import director_view
from ...forms.tools import AuditFilterForm
from ...models import AuditEntry, Tournament
from ...selectors import audit as selectors

PER_PAGE = 50

# One label per action key recorded by the services (grep ``audit_record(``).
ACTION_LABELS: dict[str, Any] = {
    "tournament_create": gettext_lazy("Tournament created"),
    "tournament_edit": gettext_lazy("Settings changed"),
    "tournament_rules_change": gettext_lazy("Rules changed, results recomputed"),
    "tournament_import": gettext_lazy("Tournament imported"),
    "director_add": gettext_lazy("Director added"),
    "director_remove": gettext_lazy("Director removed"),
    "pair_create": gettext_lazy("Pair added"),
    "pair_edit": gettext_lazy("Pair changed"),
    "pair_withdraw": gettext_lazy("Pair withdrawn"),
    "pair_reinstate": gettext_lazy("Pair reinstated"),
    "pair_delete": gettext_lazy("Pair deleted"),
    "pairs_import": gettext_lazy("Pairs imported"),
    "pair_numbers_draw": gettext_lazy("Pair numbers drawn"),
    "turno_draw": gettext_lazy("Turno drawn"),
    "turno_redraw": gettext_lazy("Turno drawn again"),
    "turno_publish": gettext_lazy("Turno published"),
    "turno_unpublish": gettext_lazy("Turno back to draft"),
    "turno_delete": gettext_lazy("Draft turno deleted"),
    "result_enter": gettext_lazy("Result entered"),
    "result_correct": gettext_lazy("Result corrected"),
    "result_clear": gettext_lazy("Result cleared"),
    "result_forfeit": gettext_lazy("Forfeit recorded"),
    "penalty_add": gettext_lazy("Penalty given"),
    "penalty_delete": gettext_lazy("Penalty deleted"),
}

# What the keys of the before/after values mean, for the common ones.
KEY_LABELS: dict[str, Any] = {
    "vp": pgettext_lazy("victory points", "VP"),
    "mp": pgettext_lazy("match points", "MP"),
    "ns_mp": gettext_lazy("NS MP"),
    "eo_mp": gettext_lazy("EO MP"),
    "ns_vp": gettext_lazy("NS VP"),
    "eo_vp": gettext_lazy("EO VP"),
    "reason": gettext_lazy("reason"),
    "pair": gettext_lazy("pair"),
    "turno": gettext_lazy("turno"),
    "table": gettext_lazy("table"),
    "number": gettext_lazy("number"),
    "player1": gettext_lazy("first player"),
    "player2": gettext_lazy("second player"),
    "club": gettext_lazy("club"),
    "withdrawn": gettext_lazy("withdrawn"),
    "published": gettext_lazy("published"),
    "movement": gettext_lazy("movement"),
    "tables": gettext_lazy("tables"),
    "byes": gettext_lazy("riposi"),
    "name": gettext_lazy("name"),
    "date": gettext_lazy("date"),
    "venue": gettext_lazy("venue"),
    "entry_mode": gettext_lazy("result entered as"),
    "forfeit_winner": gettext_lazy("forfeit won by"),
    # The parts of a smazzata in a result (``smazzate.2.ns.cards``).
    "smazzate": gettext_lazy("smazzata"),
    "ns": pgettext_lazy("line", "NS"),
    "eo": pgettext_lazy("line", "EO"),
    "cards": gettext_lazy("card points"),
    "chiusura": gettext_lazy("closed"),
    "pozzetto": gettext_lazy("took the pozzetto"),
    "total": gettext_lazy("total"),
    "end": gettext_lazy("ended by"),
    "last_move": gettext_lazy("last move"),
    **{kind: f"burraco {kind}" for kind in ("pulito", "semipulito", "sporco", "nobile", "reale")},
}


def action_label(key: str) -> str:
    """The translated label of an action key; an unknown key is shown as words."""
    label = ACTION_LABELS.get(key)
    return str(label) if label is not None else key.replace("_", " ").capitalize()


def key_label(key: str) -> str:
    """A dotted key in words, part by part: ``smazzate.2.ns.cards`` → "smazzata 2 NS card
    points"."""
    words = []
    for part in key.split("."):
        label = KEY_LABELS.get(part)
        words.append(str(label) if label is not None else part.replace("_", " "))
    return " ".join(words)


def value_html(value: Any) -> str:
    """A value as a director reads it; a long one folded, the start shown."""
    if value is None or value == "":
        return "—"
    if value is True:
        return _("yes")
    if value is False:
        return _("no")
    text = selectors.value_text(value)
    if len(text) <= selectors.LONG_VALUE:
        return text
    short = Truncator(text).chars(selectors.LONG_VALUE // 2)
    return format_html("<details><summary>{}</summary>{}</details>", short, text)


def change_html(change: selectors.Change) -> str:
    key = format_html('<span class="key">{}:</span> ', key_label(change.key)) if change.key else ""
    if change.kind == "added":
        return format_html("{}<ins>{}</ins>", key, value_html(change.after))
    if change.kind == "removed":
        return format_html("{}<del>{}</del>", key, value_html(change.before))
    return format_html(
        "{}<del>{}</del> → <ins>{}</ins>", key, value_html(change.before), value_html(change.after)
    )


class AuditTable(tables.Table):
    at = tables.DateTimeColumn(
        verbose_name=gettext_lazy("When"),
        format="SHORT_DATETIME_FORMAT",
        attrs={"td": {"class": "when"}},
    )
    user = tables.Column(
        verbose_name=gettext_lazy("Who"),
        accessor="user__username",
        default="—",
        attrs={"td": {"class": "who"}},
    )
    action = tables.Column(verbose_name=gettext_lazy("Action"), attrs={"td": {"class": "action"}})
    subject = tables.Column(
        verbose_name=gettext_lazy("Subject"), attrs={"td": {"class": "subject"}}
    )
    reason = tables.Column(
        verbose_name=gettext_lazy("Reason"), default="", attrs={"td": {"class": "reason"}}
    )
    changes = tables.Column(
        verbose_name=gettext_lazy("Before → after"),
        empty_values=(),
        orderable=False,
        attrs={"td": {"class": "changes-cell"}},
    )

    class Meta:
        orderable = False
        empty_text = gettext_lazy("No change recorded.")
        attrs = {"class": "audit"}

    def render_action(self, value: str):
        return format_html('<span title="{}">{}</span>', value, action_label(value))

    def render_changes(self, record: AuditEntry):
        changes = selectors.audit_changes(record.before, record.after)
        if not changes:
            return "—"
        return format_html(
            '<ul class="changes">{}</ul>',
            format_html_join("", "<li>{}</li>", ((change_html(c),) for c in changes)),
        )


@director_view
def audit(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    actions = selectors.audit_actions(tournament=tournament)
    form = AuditFilterForm(
        request.GET if any(k in request.GET for k in ("turno", "table", "action")) else None,
        turni=tournament.turni.order_by("number").values_list("number", flat=True),
        actions=actions,
        action_labels={key: action_label(key) for key in actions},
    )
    filters = form.filters()
    entries = selectors.audit_entries(tournament=tournament, **filters)
    table = AuditTable(entries)
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    return render(
        request,
        "manage/audit.html",
        {
            "tournament": tournament,
            "section": "audit",
            "table": table,
            "form": form,
            "filtered": bool(filters),
        },
    )


urlpatterns = [
    path("t/<slug:slug>/gestione/registro/", audit, name="audit"),
]
