"""Make sure the accounts of a new installation exist, so it can be used at once.

On first run it creates two accounts, each with its own random password, and prints them once:

- ``direttore``, the everyday director: a normal account (no administrator rights) that directs
  every tournament that has no director yet (the demo) and the ones it creates or imports;
- ``amministratore``, the administrator (``/admin/``: accounts, unblocking a login), to be used
  only for that.

An older installation whose ``direttore`` was itself the administrator is moved to the same
shape: ``direttore`` keeps directing every tournament it could open, but as a normal account,
and a separate administrator is created. Later runs only say that the accounts exist.
"""

import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from burraco_tourney.tournaments.models import Tournament

USERNAME = "direttore"
ADMIN_USERNAME = "amministratore"
CHANGE = ".venv/bin/python manage.py changepassword"


class Command(BaseCommand):
    help = "Create the director and administrator accounts if there are none; print their logins."

    @transaction.atomic
    def handle(self, *args, **options):
        users = get_user_model()
        director = users.objects.filter(username=USERNAME).first()
        admins = users.objects.filter(is_superuser=True).exclude(username=USERNAME)
        if director is not None and not director.is_superuser and admins.exists():
            self.stdout.write(
                f"The accounts exist. Forgot a password? Run: {CHANGE} {USERNAME}  "
                f"(or {CHANGE} {ADMIN_USERNAME})"
            )
            return
        created = []
        tournaments = Tournament.objects.none()
        if director is None:
            if admins.exists():
                self.stdout.write(f"An administrator exists. Forgot the password? Run: {CHANGE}")
                return
            password = secrets.token_urlsafe(9)
            director = users.objects.create_user(username=USERNAME, email="", password=password)
            created.append((USERNAME, password, "director"))
            tournaments = Tournament.objects.filter(directors__isnull=True)
        elif director.is_superuser:
            # The old shape: the everyday account was the administrator and could open every
            # tournament. It keeps them, as their director, and loses the administrator rights.
            director.is_superuser = director.is_staff = False
            director.save(update_fields=["is_superuser", "is_staff"])
            tournaments = Tournament.objects.exclude(directors=director)
        for tournament in tournaments.distinct():
            tournament.directors.add(director)
            if tournament.owner_id is None:
                tournament.owner = director
                tournament.save(update_fields=["owner"])
        if not admins.exists():
            password = secrets.token_urlsafe(12)
            name = ADMIN_USERNAME
            if users.objects.filter(username=name).exists():  # a normal account took the name
                name = f"{ADMIN_USERNAME}-{secrets.token_hex(2)}"
            users.objects.create_superuser(username=name, email="", password=password)
            created.append((name, password, "administrator"))
        self._print(created)

    def _print(self, created):
        if not created:
            self.stdout.write(f"{USERNAME} is now a normal director account.")
            return
        self.stdout.write(self.style.SUCCESS("Accounts created. Write them down: shown only now."))
        for username, password, role in created:
            what = (
                "the everyday director: log in with this one"
                if role == "director"
                else "the administrator, only for /admin/ (accounts, unblocking a login)"
            )
            self.stdout.write(f"  {what}")
            self.stdout.write(f"    user:     {username}")
            self.stdout.write(f"    password: {password}")
        self.stdout.write(
            "The director can change the password on the site (menu: Password), "
            f"or with: {CHANGE} {USERNAME}"
        )
