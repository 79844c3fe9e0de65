"""Every name already printed in a tournament becomes a person of the registry: one person per
distinct name (accents, capitals, apostrophes, spaces and word order aside), so nothing is lost
and the registry's duplicates list starts useful. Each entrant points to its people in order
(a pair's first and second player, a player's own name); an entrant's club becomes a club of
the registry and the club of its people who have none. The printed names stay as they are.

The name comparison is written out here, as it is today, so this step stays what it was when
the code it came from changes.
"""

import unicodedata

from django.db import migrations

APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'"})


def _plain(text):
    decomposed = unicodedata.normalize("NFKD", text.translate(APOSTROPHES))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def _key(*parts):
    return " ".join(sorted(_plain(" ".join(parts)).split()))


def people_from_names(apps, schema_editor):
    Entrant = apps.get_model("tournaments", "Entrant")
    Member = apps.get_model("tournaments", "Member")
    Person = apps.get_model("people", "Person")
    Club = apps.get_model("people", "Club")
    people = {person.search_key: person for person in Person.objects.all()}
    clubs = {club.name: club for club in Club.objects.all()}
    members = []
    for entrant in Entrant.objects.order_by("tournament_id", "number"):
        club = None
        if entrant.club.strip():
            name = " ".join(entrant.club.split())
            club = clubs.get(name) or Club.objects.create(name=name)
            clubs[name] = club
        printed = [entrant.name] if entrant.name else [entrant.player1, entrant.player2]
        seen = set()
        for position, text in enumerate(printed, start=1):
            key = _key(text)
            if not key or key in seen:
                continue
            seen.add(key)
            person = people.get(key)
            if person is None:
                words = text.split()
                person = Person.objects.create(
                    surname=words[0], name=" ".join(words[1:]), search_key=key, club=club
                )
                people[key] = person
            elif person.club_id is None and club is not None:
                person.club = club
                person.save(update_fields=["club"])
            members.append(Member(entrant=entrant, position=position, person=person))
    Member.objects.bulk_create(members, batch_size=500)


def forget_people(apps, schema_editor):
    apps.get_model("tournaments", "Member").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0022_member"),
        ("people", "0001_people"),
    ]

    operations = [migrations.RunPython(people_from_names, forget_people)]
