"""A player's name or PERSON in an archive (ARCHIVE.md "Version 3", People).

Version 3 lets a PERSON stand wherever a version 2 file has a player's name (``pairs[].players[]``,
``players[].name``): ``{"name": "Anna Rossi", "card": "RM12345", "sex": "F", "birth_year":
1961, "category": "terza", "club": "Circolo Aurora"}``. The reader keeps the name as printed
and the rest for the registry (``tournaments.services.members``: a card is matched exactly,
whatever the name; a PERSON without a card is a new person). The export writes a PERSON
wherever the site knows more of the person than the name, else the plain name.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet
from django.utils.translation import gettext as _

from burraco_tourney.tournaments.models import Entrant, Member
from burraco_tourney.tournaments.services.members import Place, printed_names

from .checks import at, json_choice, json_int, json_object, json_text
from .records import ArchiveError, ArchivePerson

PLAYER_MAX, CARD_MAX, CATEGORY_MAX = 120, 20, 40
PERSON_KEYS = ("card", "sex", "birth_year", "category", "club")


class PersonReader:
    """Reads every player's name of one file: a PERSON only in version 3, each card once."""

    def __init__(self, *, version: int, year: int) -> None:
        self.version, self.year = version, year
        self.cards: dict[str, str] = {}

    def read(self, value: Any, path: str) -> tuple[str, ArchivePerson | None]:
        """The printed name, and the PERSON when the file gives one."""
        if not isinstance(value, dict):
            return json_text(value, path, max_length=PLAYER_MAX), None
        if self.version < 3:
            raise ArchiveError(
                path, _("a person {…} needs version 3 of the archive: write the name only")
            )
        obj = json_object(value, path, ("name",), PERSON_KEYS)
        name = json_text(obj["name"], at(path, "name"), max_length=PLAYER_MAX)
        card = ""
        if "card" in obj:
            card = json_text(obj["card"], at(path, "card"), max_length=CARD_MAX)
            if card in self.cards:
                raise ArchiveError(
                    at(path, "card"),
                    _("card %(card)s is already given at %(where)s")
                    % {"card": card, "where": self.cards[card]},
                )
            self.cards[card] = at(path, "card")
        sex = json_choice(obj["sex"], at(path, "sex"), ("F", "M")) if "sex" in obj else ""
        birth_year = None
        if "birth_year" in obj:
            birth_year = json_int(obj["birth_year"], at(path, "birth_year"), minimum=1)
            if birth_year > self.year:
                raise ArchiveError(
                    at(path, "birth_year"),
                    _("%(year)s is after the tournament's year (%(tournament)s)")
                    % {"year": birth_year, "tournament": self.year},
                )
        category = json_text(
            obj.get("category", ""), at(path, "category"), max_length=CATEGORY_MAX, blank=True
        )
        club = json_text(obj.get("club", ""), at(path, "club"), max_length=PLAYER_MAX, blank=True)
        person = ArchivePerson(card, sex, birth_year, category, club)
        return name, person


def archive_places(printed: list[str], people: tuple, club: str) -> list[Place]:
    """The places of an imported entrant for ``services.members``: a PERSON's card and details;
    a PERSON without a card is a new person; a new person gets the entrant's club when the
    file names none for it (as the export leaves out a club the entrant already says)."""
    places = []
    for name, person in zip(printed, people, strict=True):
        if person is None:
            places.append(Place(name, details={"club": club}))
        else:
            details = {**person.details(), "club": person.club or club}
            places.append(Place(name, card=person.card, details=details, new=not person.card))
    return places


# -- export ---------------------------------------------------------------------------------


def with_people(entrants: QuerySet[Entrant]) -> list[Entrant]:
    """The entrants with their people (and their clubs) read in two queries."""
    members = Member.objects.select_related("person__club").order_by("position")
    return list(entrants.prefetch_related(Prefetch("members", queryset=members)))


def printed_people(entrant: Entrant) -> list[Any]:
    """Each printed name of ``entrant``, as a PERSON where the site knows more of the person than
    a name (a card, sex, birth year or category; its club then too, unless it is the entrant's
    own ``club``, which a PERSON without a club takes on import). A club alone is not more: the
    registry gives its people the club they played for when it made them from names (the
    migration, a file of an earlier version)."""
    people = {member.position: member.person for member in entrant.members.all()}
    written = []
    for position, printed in enumerate(printed_names(entrant), start=1):
        person = people.get(position)
        data: dict[str, Any] = {}
        if person is not None:
            data = {
                "card": person.card,
                "sex": person.sex,
                "birth_year": person.birth_year,
                "category": person.category,
            }
            data = {key: value for key, value in data.items() if value not in ("", None)}
            if data and person.club_id and person.club.name != entrant.club:
                data["club"] = person.club.name
        written.append({"name": printed, **data} if data else printed)
    return written
