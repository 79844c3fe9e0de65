"""The registry's log in words, in the reader's language (``models.RegistryEntry``)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from .models import Person, RegistryEntry


def entry_text(entry: RegistryEntry) -> str:
    p = entry.params
    if entry.code == "person_add":
        return _("%(person)s added to the registry") % p
    if entry.code == "person_edit":
        return _("%(person)s edited: %(fields)s") % {
            "person": p["person"],
            "fields": ", ".join(
                str(Person._meta.get_field(name).verbose_name) for name in sorted(p["changes"])
            ),
        }
    if entry.code == "club_add":
        return _("Club %(club)s added") % p
    if entry.code == "club_edit":
        return _("Club %(club)s edited") % p
    if entry.code == "members_import":
        return _(
            "Member list %(file)s imported: %(added)s new people, %(updated)s updated, "
            "%(clubs)s new clubs"
        ) % {"added": 0, "updated": 0, "clubs": 0, **p}
    if entry.code == "person_merge":
        return _("%(dropped)s merged into %(kept)s (%(moved)s records moved to %(kept)s)") % p
    return entry.code
