"""Every entrant has its people: the one place an entrant is linked to the registry's people.

Every path that creates or renames an entrant (a pair or player added, a pasted or uploaded
list, a late entrant, a rename, an archive import and so the demo) ends here. Each printed name
of the entrant (a pair's two players, a player's name) is a ``Place``, and its person is, in
this order:

1. the person the director picked (``person_id``);
2. the person holding the place's card number (compared exactly), whatever its name; a card
   nobody holds makes a new person with that card;
3. the one person whose name is the same: written the same way, capitals aside, for a list's
   row (``strict``: a near match waits for the director's yes, ``people_near``), or with the
   same words in any order, accents aside (``names.words_key``) otherwise;
4. else a new person, named as printed.

Two existing people are never merged here: namesakes make a new person, which the registry's
duplicates list then shows. The printed names stay as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from burraco_tourney.people.models import Club, Person
from burraco_tourney.people.names import split_printed, words_key
from burraco_tourney.people.selectors.near import written

from ..models import Entrant, Member

# What an archive's PERSON may tell about a new person besides its name and card.
DETAILS = ("sex", "birth_year", "category", "club")


@dataclass
class Place:
    """One printed name of an entrant, with what is known to find its person."""

    printed: str
    card: str = ""
    person_id: int | None = None
    strict: bool = False
    details: dict = field(default_factory=dict)
    # Always a new person (an archive's PERSON without a card).
    new: bool = False


def printed_names(entrant: Entrant) -> list[str]:
    """The entrant's printed names in member order: a player's name, a pair's two players, or
    a team's roster (its kind answers, ``fmt.entrants.printed_names``)."""
    return entrant.tournament.fmt.entrants.printed_names(entrant)


def _person_new(place: Place, clubs: dict[str, Club]) -> Person:
    surname, name = split_printed(place.printed)
    details = {k: v for k, v in place.details.items() if k in DETAILS and v not in (None, "")}
    club_name = details.pop("club", "")
    if club_name:
        club_name = " ".join(club_name.split())
        if club_name not in clubs:
            clubs[club_name] = Club.objects.get_or_create(name=club_name)[0]
        details["club"] = clubs[club_name]
    return Person(
        surname=surname,
        name=name,
        card=place.card,
        search_key=words_key(surname, name),
        **details,
    )


class _Finder:
    """The people a batch of places can point to, read in a few queries."""

    def __init__(self, places: list[Place]) -> None:
        chosen = {p.person_id for p in places if p.person_id}
        cards = {p.card for p in places if p.card}
        keys = {words_key(p.printed) for p in places if not p.person_id and not p.card}
        people = Person.objects.filter(
            Q(pk__in=chosen) | Q(card__in=cards) | Q(search_key__in=keys)
        )
        self.by_id = {person.pk: person for person in people}
        missing = chosen - self.by_id.keys()
        if missing:
            raise ValidationError(_("A person picked is no longer in the registry."))
        self.by_card = {person.card: person for person in people if person.card}
        self.by_key: dict[str, list[Person]] = {}
        for person in people:
            self.by_key.setdefault(person.search_key, []).append(person)
        self.new: dict[str, Person] = {}
        self.clubs: dict[str, Club] = {}

    def existing(self, place: Place) -> Person | None:
        if place.person_id:
            return self.by_id[place.person_id]
        if place.card:
            return self.by_card.get(place.card)
        same = self.by_key.get(words_key(place.printed), [])
        if place.strict:
            same = [p for p in same if written(p.full_name) == written(place.printed)]
        return same[0] if len(same) == 1 else None

    def person(self, place: Place) -> Person:
        found = None if place.new else self.existing(place)
        if found is not None:
            return found
        # A name (or card) read twice in one batch is one new person, not two.
        key = f"card:{place.card}" if place.card else f"name:{written(place.printed)}"
        if place.new:
            key = f"new:{id(place)}"
        if key not in self.new:
            self.new[key] = _person_new(place, self.clubs)
        return self.new[key]


def _people_chosen(links: list[tuple[Entrant, list[Place]]]) -> list[tuple[Entrant, list]]:
    """Each entrant's (person, printed name) in order, the new people stored."""
    finder = _Finder([place for _entrant, places in links for place in places if place.printed])
    chosen = []
    for entrant, places in links:
        people = []
        for place in places:
            if place.printed.strip():
                person = finder.person(place)
                if all(person is not other for other, _p in people):  # "Rossi – Rossi": once
                    people.append((person, " ".join(place.printed.split())))
        chosen.append((entrant, people))
    taken = _people_create(list(finder.new.values()))
    return [
        (entrant, [(taken.get(id(p), p), printed) for p, printed in people])
        for entrant, people in chosen
    ]


def members_link(links: Iterable[tuple[Entrant, list[Place]]]) -> list[Member]:
    """Point each entrant's places to their people (replacing the links it had), creating the
    people nobody holds yet. The caller runs in its transaction; a few queries for any batch."""
    links = [(entrant, places) for entrant, places in links]
    chosen = _people_chosen(links)
    Member.objects.filter(entrant__in=[entrant for entrant, _people in links]).delete()
    return Member.objects.bulk_create(
        (
            Member(entrant=entrant, position=position, person=person, printed=printed)
            for entrant, people in chosen
            for position, (person, printed) in enumerate(people, start=1)
        ),
        batch_size=500,
    )


def members_update(
    entrant: Entrant, places: list[Place], *, refuse_removal: Callable | None = None
) -> list[Member]:
    """Point one entrant's places to their people in place: a member whose person stays keeps
    its row (a line-up names it) and takes its new position and printed name; the others are
    removed (``refuse_removal(members)`` may raise first) and the new ones added."""
    [(_entrant, people)] = _people_chosen([(entrant, places)])
    old = {m.person_id: m for m in Member.objects.select_for_update().filter(entrant=entrant)}
    wanted = {person.pk for person, _printed in people if person.pk}
    removed = [m for pk, m in old.items() if pk not in wanted]
    if removed and refuse_removal is not None:
        refuse_removal(removed)
    Member.objects.filter(pk__in=[m.pk for m in removed]).delete()
    kept = [m for pk, m in old.items() if pk in wanted]
    for member in kept:  # out of the way of the unique positions first
        member.position += 100
    Member.objects.bulk_update(kept, ["position"])
    members, new = [], []
    for position, (person, printed) in enumerate(people, start=1):
        member = old.get(person.pk) if person.pk in wanted else None
        if member is None:
            new.append(Member(entrant=entrant, position=position, person=person, printed=printed))
        else:
            member.position, member.printed = position, printed
            members.append(member)
    Member.objects.bulk_update(members, ["position", "printed"])
    return [*members, *Member.objects.bulk_create(new)]


def _people_create(new: list[Person]) -> dict[int, Person]:
    """Store the new people. A card another director stored meanwhile (a list with the same
    new card saved at the same moment on another desk) is that person's: the new ones holding
    it are replaced, ``{id(new person): person already there}``."""
    try:
        with transaction.atomic():
            Person.objects.bulk_create(new, batch_size=500)
        return {}
    except IntegrityError:
        pass
    there = Person.objects.filter(card__in=[p.card for p in new if p.card])
    by_card = {person.card: person for person in there}
    taken = {id(p): by_card[p.card] for p in new if p.card in by_card}
    Person.objects.bulk_create([p for p in new if id(p) not in taken], batch_size=500)
    return taken


def entrant_people(entrant: Entrant, places: list[Place] | None = None) -> list[Member]:
    """Link one entrant from its printed names (or the ``places`` given: a picked person, a
    card). After a rename the places whose printed name kept its words keep their person."""
    if places is None:
        kept = {
            member.position: member.person for member in entrant.members.select_related("person")
        }
        places = []
        for position, printed in enumerate(printed_names(entrant), start=1):
            person = kept.get(position)
            same = person is not None and words_key(printed) == words_key(person.full_name)
            places.append(Place(printed, person_id=person.pk if same else None))
    if entrant.pk and entrant.members.exists():  # rows kept in place: a line-up names them
        return members_update(entrant, places)
    return members_link([(entrant, places)])


def same_people_places(entrant: Entrant) -> list[Place]:
    """Places for a copy of ``entrant`` (a knock-out taking a standings' pairs): its people."""
    people = dict(entrant.members.values_list("position", "person_id"))
    return [
        Place(printed, person_id=people.get(position))
        for position, printed in enumerate(printed_names(entrant), start=1)
    ]
