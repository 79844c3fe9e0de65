"""The tables of the director's entrants page: the entrants registered (pairs or players, as
the kind's ``words`` name them), and the preview of a list.

Read only: they render what the pairs services and the list checker give them.
"""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from ...formats.entrant_words import EntrantWords
from ...selectors.standings_notes import withdrawn_note


class DirectorPairTable(tables.Table):
    number = tables.Column(
        verbose_name=gettext_lazy("No."),
        attrs={"th": {"class": "num"}, "td": {"class": "num strong"}},
    )
    players = tables.Column(
        verbose_name=gettext_lazy("Players"), accessor="players", order_by=("player1", "player2")
    )
    club = tables.Column(
        verbose_name=gettext_lazy("Club"),
        attrs={"td": {"class": "hide-phone"}, "th": {"class": "hide-phone"}},
    )
    withdrawn = tables.Column(verbose_name=gettext_lazy("State"), default="")
    edit = tables.Column(verbose_name=gettext_lazy("Actions"), empty_values=(), orderable=False)

    class Meta:
        orderable = True
        empty_text = gettext_lazy("No pairs registered yet: add them below.")
        attrs = {"class": "pairs"}
        row_attrs = {"class": lambda record: "withdrawn" if record.withdrawn else ""}

    def __init__(self, data, *, slug: str, words: EntrantWords, roster_line, **kwargs):
        super().__init__(data, **kwargs)
        self.slug = slug
        self.words = words
        self.roster_line = roster_line
        names = [name for name, _label in words.name_fields]
        self.columns["players"].column.order_by = tuple(names)
        if len(names) == 1:
            self.columns["players"].column.verbose_name = words.name_fields[0][1]
        self.empty_text = words.empty

    def render_players(self, record, value):
        # Under the entrant's name, the people its kind lists there (a team's roster).
        roster = self.roster_line(record)
        if not roster:
            return value
        return format_html('{}<br><span class="muted roster">{}</span>', value, roster)

    def render_withdrawn(self, record):
        if record.withdrawn:
            return format_html('<span class="badge bad">{}</span>', withdrawn_note(record))
        late = ""
        if record.joined_turno is not None:
            late = format_html(
                ' <span class="badge late">{}</span>',
                _("Late: plays from turno %(turno)s") % {"turno": record.joined_turno},
            )
        if getattr(record, "played", False):
            return format_html('<span class="badge ok">{}</span>{}', _("Playing"), late)
        return late  # registered, not yet seated: nothing else worth a badge

    def render_edit(self, record):
        url = reverse("manage:pair_edit", args=[self.slug, record.number])
        label = self.words.edit_label % {"number": record.number}
        return format_html('<a href="{}" aria-label="{}">{}</a>', url, label, _("Edit"))


class PairPreviewTable(tables.Table):
    line = tables.Column(
        verbose_name=pgettext_lazy("line of a pasted list", "Line"),
        attrs={"th": {"class": "num"}, "td": {"class": "num muted"}},
    )
    number = tables.Column(
        verbose_name=gettext_lazy("No."), attrs={"th": {"class": "num"}, "td": {"class": "num"}}
    )
    player1 = tables.Column(verbose_name=gettext_lazy("First player"))
    player2 = tables.Column(verbose_name=gettext_lazy("Second player"))
    # A team's players (its name is ``player1``): shown when the list is of teams.
    roster = tables.Column(verbose_name=gettext_lazy("Players"), empty_values=(), default="")
    club = tables.Column(verbose_name=gettext_lazy("Club"))
    errors = tables.Column(verbose_name=gettext_lazy("Problems"), empty_values=(), default="")

    class Meta:
        orderable = False
        attrs = {"class": "preview"}
        row_attrs = {
            "class": lambda record: (
                "row-error" if record.errors else ("row-warning" if record.warnings else "")
            )
        }

    def __init__(self, data, *, words: EntrantWords, **kwargs):
        exclude = [] if any(row.roster for row in data) else ["roster"]
        if len(words.name_fields) == 1:  # one name: its column, titled as the kind says
            exclude.append("player2")
        kwargs["exclude"] = tuple(exclude)
        super().__init__(data, **kwargs)
        if len(words.name_fields) == 1:
            self.columns["player1"].column.verbose_name = words.name_fields[0][1]

    def render_roster(self, record):
        return ", ".join(record.roster)

    def render_number(self, record):
        if record.number_auto:
            return format_html(
                '<span class="auto" title="{}">{}</span>', _("given automatically"), record.number
            )
        return record.number

    def render_errors(self, record):
        if not record.errors and not record.warnings:
            return format_html('<span class="badge ok">{}</span>', _("OK"))
        return format_html(
            '<ul class="errorlist">{}</ul>{}',
            format_html_join("", "<li>{}</li>", ((e,) for e in record.errors)),
            format_html(
                '<ul class="warnlist">{}</ul>',
                format_html_join("", "<li>{}</li>", ((w,) for w in record.warnings)),
            )
            if record.warnings
            else "",
        )
