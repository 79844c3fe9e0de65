"""Director pages: the change log (registro) of a tournament — every change, newest first.

Each entry shows when, who, what (a translated label for each action key the services record,
a readable fallback for a key not listed here yet), the subject, the reason and what changed,
all in the reader's language whatever the language the change was made in (``audit_text`` for
the subject, ``audit_labels`` for the keys and values). Read only: the entries are written by
the services, in the transaction of their change.
"""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path
from django.utils.html import format_html, format_html_join
from django.utils.text import Truncator
from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext
from django_tables2 import RequestConfig

from ...access import director_view
from ...audit_text import entry_reason, entry_subject
from ...forms.tools import AuditFilterForm
from ...models import AuditEntry, Tournament
from ...selectors import audit as selectors
from .audit_labels import key_label, value_label
from .audit_players import phone_changes_html

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
    "team_create": gettext_lazy("Team added"),
    "team_edit": gettext_lazy("Team changed"),
    "team_withdraw": gettext_lazy("Team withdrawn"),
    "team_reinstate": gettext_lazy("Team reinstated"),
    "team_delete": gettext_lazy("Team deleted"),
    "team_captain": gettext_lazy("Team captain changed"),
    "team_roster": gettext_lazy("Team roster changed"),
    "team_link_revoke": gettext_lazy("Captain's link revoked"),
    "teams_import": gettext_lazy("Teams imported"),
    "lineup_set": gettext_lazy("Line-up set"),
    "person_anonymise": gettext_lazy("Person anonymised"),
    "pair_numbers_draw": gettext_lazy("Pair numbers drawn"),
    "turno_draw": gettext_lazy("Turno drawn"),
    "turno_redraw": gettext_lazy("Turno drawn again"),
    "turno_publish": gettext_lazy("Turno published"),
    "turno_unpublish": gettext_lazy("Turno back to draft"),
    "turno_delete": gettext_lazy("Draft turno deleted"),
    "gironi_start": gettext_lazy("Gironi started"),
    "seating_swap_lines": gettext_lazy("Seating corrected: lines swapped"),
    "seating_exchange_pairs": gettext_lazy("Seating corrected: pairs exchanged"),
    "result_enter": gettext_lazy("Result entered"),
    "result_correct": gettext_lazy("Result changed"),
    "result_correct_closed": gettext_lazy("Result corrected after the turno was closed"),
    "result_clear": gettext_lazy("Result cleared"),
    "result_forfeit": gettext_lazy("Forfeit recorded"),
    "player_enter": gettext_lazy("Entered from a phone"),
    "player_confirm": gettext_lazy("Confirmed from a phone"),
    "player_photo": gettext_lazy("Scorecard photo from a phone"),
    "player_line_free": gettext_lazy("Line freed from its phone"),
    "player_accept": gettext_lazy("Players' entry accepted"),
    "player_draft_clear": gettext_lazy("Phone entry set aside"),
    "table_problem": gettext_lazy("Arbitro called from a phone"),
    "table_problem_clear": gettext_lazy("Call from a table cleared"),
    "turno_players_close": gettext_lazy("Turno closed to the players"),
    "turno_players_open": gettext_lazy("Turno open to the players again"),
    "turno_close": gettext_lazy("Turno closed"),
    "turno_reopen": gettext_lazy("Turno reopened"),
    "penalty_add": gettext_lazy("Penalty given"),
    "penalty_delete": gettext_lazy("Penalty deleted"),
    "prizes_save": gettext_lazy("Prize list changed"),
    "ko_pairs_from_standings": gettext_lazy("Pairs taken from standings"),
    "ko_match_create": gettext_lazy("Knock-out match added"),
    "ko_match_delete": gettext_lazy("Knock-out match removed"),
    "ko_third_place": gettext_lazy("Third-place match changed"),
    "anomaly_dismiss": gettext_lazy("Anomaly dismissed"),
    "clock_settings": gettext_lazy("Turno time changed"),
    "clock_turno_minutes": gettext_lazy("One turno's time changed"),
    "clock_start": gettext_lazy("Turno time started"),
    "clock_reset": gettext_lazy("Turno time reset"),
    "federation_signatories": gettext_lazy("Federation report signatories changed"),
    "federation_report_sent": gettext_lazy("Federation report marked as sent"),
    "federation_report_unsent": gettext_lazy("Federation report no longer marked as sent"),
}


def action_label(key: str) -> str:
    """The translated label of an action key; an unknown key is shown as words."""
    label = ACTION_LABELS.get(key)
    return str(label) if label is not None else key.replace("_", " ").capitalize()


def value_html(key: str, value: Any) -> str:
    """A value as a director reads it (coded values in words); a long one folded, the start
    shown."""
    if value is None or value == "" or value == []:
        return "—"
    text = selectors.value_text(value_label(key, value))
    if len(text) <= selectors.LONG_VALUE:
        return text
    short = Truncator(text).chars(selectors.LONG_VALUE // 2)
    return format_html("<details><summary>{}</summary>{}</details>", short, text)


def change_html(change: selectors.Change) -> str:
    key = format_html('<span class="key">{}:</span> ', key_label(change.key)) if change.key else ""
    before, after = value_html(change.key, change.before), value_html(change.key, change.after)
    if change.kind == "added":
        return format_html("{}<ins>{}</ins>", key, after)
    if change.kind == "removed":
        return format_html("{}<del>{}</del>", key, before)
    return format_html("{}<del>{}</del> → <ins>{}</ins>", key, before, after)


def smazzata_html(group: selectors.SmazzataChanges) -> str:
    """One smazzata of a result, folded: its name and the totals that changed, the boxes shown
    when the director opens it (no script: a ``<details>`` element)."""
    name = key_label(f"{selectors.SMAZZATE_KEY}.{group.number}")
    if group.totals:
        shown = format_html_join("; ", "{}", ((change_html(c),) for c in group.totals))
    else:
        count = len(group.boxes)
        shown = ngettext("%(count)s box changed", "%(count)s boxes changed", count) % {
            "count": count
        }
    summary = format_html('<span class="key">{}:</span> {}', name, shown)
    if not group.boxes:
        return format_html('<span class="smazzata">{}</span>', summary)
    return format_html(
        '<details class="smazzata {}"><summary>{}</summary><ul class="changes">{}</ul></details>',
        group.kind,
        summary,
        format_html_join("", "<li>{}</li>", ((change_html(c),) for c in group.boxes)),
    )


def item_li(item: selectors.Change | selectors.SmazzataChanges) -> str:
    if isinstance(item, selectors.SmazzataChanges):
        return format_html('<li class="smazzata-line">{}</li>', smazzata_html(item))
    return format_html("<li>{}</li>", change_html(item))


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
        empty_values=(),
        attrs={"td": {"class": "who"}},
    )
    action = tables.Column(verbose_name=gettext_lazy("Action"), attrs={"td": {"class": "action"}})
    subject = tables.Column(
        verbose_name=gettext_lazy("Subject"),
        empty_values=(),
        attrs={"td": {"class": "subject"}},
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
        row_attrs = {"class": lambda record: "imported" if record.imported else ""}

    def render_user(self, value, record: AuditEntry):
        if not record.imported:
            return value or "—"
        # An entry that came with an imported archive: who made it there, by name, marked.
        return format_html(
            '{} <span class="badge imported" title="{}">{}</span>',
            record.by_name or "—",
            gettext("This entry came with the imported archive file."),
            pgettext("change log entry", "imported"),
        )

    def render_action(self, value: str):
        return format_html('<span title="{}">{}</span>', value, action_label(value))

    def render_subject(self, record: AuditEntry):
        return entry_subject(record)

    def render_reason(self, record: AuditEntry):
        return entry_reason(record)

    def render_changes(self, record: AuditEntry):
        players = phone_changes_html(record, item_li)
        if players is not None:
            return players
        changes = selectors.grouped_changes(record.before, record.after)
        if not changes:
            return "—"
        smazzate = any(isinstance(c, selectors.SmazzataChanges) for c in changes)
        # A result's few values (entry mode, MP, VP) share a line; each smazzata has its own.
        return format_html(
            '<ul class="{}">{}</ul>',
            "changes result" if smazzate else "changes",
            format_html_join("", "{}", ((item_li(c),) for c in changes)),
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
