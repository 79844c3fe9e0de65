"""The change log's words for what the players' phones did and how the director settled it.

A phone's save is kept by ``services.player_lines``: the line, its phone (a short random name
of the phone's session, never the table's token), what it entered (each smazzata with each
line's total) and what it had entered before, and each box where it differs from the other
line's draft with both values. Here that reads as sentences ("NS, from phone 3fa2c1d0, entered
the scorecard"), the smazzate as a result's are shown (folded, totals first), and every
disputed box as "Smazzata 2 · EO · card points: NS entered 185, EO entered 155". The director's
acceptance says which line he took over which; his reason is in the reason column.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _

from burraco_tourney.core.rule_messages import LINE_LABELS

from ...models import AuditEntry
from ...selectors import audit as selectors
from .audit_labels import key_label, value_label

ItemHtml = Callable[[Any], str]


def _line(code: str) -> str:
    return str(LINE_LABELS.get(code, code or "—"))


def _params(after: dict) -> dict[str, str]:
    return {
        "line": _line(after.get("line", "")),
        "phone": after.get("phone") or "—",
        "other": _line(after.get("other_line", "")),
        "other_phone": after.get("other_phone") or "—",
    }


def _head(record: AuditEntry, params: dict[str, str]) -> str:
    after = record.after or {}
    if record.action == "player_confirm":
        return (
            _(
                "%(line)s, from phone %(phone)s, agrees with %(other)s's entry "
                "(phone %(other_phone)s)."
            )
            % params
        )
    if record.action == "player_enter":
        return _("%(line)s entered the scorecard from phone %(phone)s.") % params
    if record.action == "player_photo":
        return _("%(line)s sent a photo of the scorecard from phone %(phone)s.") % params
    if record.action == "player_line_free":
        return _("Line %(line)s freed: phone %(phone)s no longer holds it.") % params
    if record.action == "player_draft_clear":
        return (
            _(
                "%(line)s's entry (phone %(phone)s) set aside with the cleared result: the line "
                "enters again."
            )
            % params
        )
    if after.get("other_line") and after.get("differences"):
        return (
            _(
                "%(line)s's entry (phone %(phone)s) accepted over %(other)s's "
                "(phone %(other_phone)s)."
            )
            % params
        )
    if after.get("other_line"):
        return (
            _(
                "%(line)s's entry (phone %(phone)s) accepted: %(other)s's "
                "(phone %(other_phone)s) agrees."
            )
            % params
        )
    return (
        _("%(line)s's entry (phone %(phone)s) accepted: the other line entered nothing.") % params
    )


def difference_text(difference: dict) -> str:
    """One box the two lines entered differently, with both values."""
    n, line, box = difference["smazzata"], difference.get("line", ""), difference["box"]
    if box == "missing":
        key = f"{selectors.SMAZZATE_KEY}.{n}"
        label = f"{key_label(key)} · {_('entered by one line only')}"
    else:
        key = ".".join(str(p) for p in (selectors.SMAZZATE_KEY, n, line, box) if p != "")
        label = key_label(key)
    values = {
        "ns": selectors.value_text(value_label(key, difference["ns"])),
        "eo": selectors.value_text(value_label(key, difference["eo"])),
    }
    return format_html(
        '<span class="key">{}:</span> {}',
        label,
        _("NS entered %(ns)s, EO entered %(eo)s") % values,
    )


def _smazzate_items(record: AuditEntry, item_html: ItemHtml) -> list[str]:
    after = record.after or {}
    if record.action == "player_draft_clear":
        # What the line had entered, folded per smazzata as a result's, its boxes inside.
        earlier = (record.before or {}).get("smazzate") or []
        changes = selectors.grouped_changes({selectors.SMAZZATE_KEY: earlier}, None)
        title = _("What it had entered:")
        return [format_html('<li class="title">{}</li>', title), *(item_html(c) for c in changes)]
    if record.action not in ("player_enter", "player_confirm") or "smazzate" not in after:
        return []
    earlier = (record.before or {}).get("smazzate")
    now = {selectors.SMAZZATE_KEY: after["smazzate"]}
    if earlier is None:
        title = _("What it entered:")
        changes = selectors.grouped_changes(None, now)
    else:
        title = _("What it changed from its earlier entry:")
        changes = selectors.grouped_changes({selectors.SMAZZATE_KEY: earlier}, now)
        if not changes:
            return [format_html("<li>{}</li>", _("Nothing changed from its earlier entry."))]
    return [format_html('<li class="title">{}</li>', title), *(item_html(c) for c in changes)]


def phone_changes_html(record: AuditEntry, item_html: ItemHtml) -> str | None:
    """The "before → after" cell of a players' entry; None for any other entry (or one
    recorded without a line)."""
    after = record.after or {}
    if not record.action.startswith("player_") or not after.get("line"):
        return None
    params = _params(after)
    items = [format_html('<li class="who">{}</li>', _head(record, params))]
    items += _smazzate_items(record, item_html)
    differences = after.get("differences") or []
    if differences:
        title = _("Where the two lines differ:")
        items.append(format_html('<li class="title">{}</li>', title))
        items += [
            format_html('<li class="difference">{}</li>', difference_text(d)) for d in differences
        ]
    return format_html(
        '<ul class="changes players">{}</ul>', format_html_join("", "{}", ((i,) for i in items))
    )
