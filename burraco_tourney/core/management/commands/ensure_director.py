"""Make sure a director account exists, so a new installation can be used at once.

On first run it creates the account ``direttore`` with a random password, grants it every
tournament that has no director yet (the demo), and prints how to log in. Later runs only say
that the account exists.
"""

import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from burraco_tourney.tournaments.models import Tournament

USERNAME = "direttore"


class Command(BaseCommand):
    help = "Create the first director account if there is none, and print how to log in."

    @transaction.atomic
    def handle(self, *args, **options):
        users = get_user_model()
        if users.objects.filter(is_superuser=True).exists():
            self.stdout.write(
                f"A director account exists. Forgot the password? "
                f"Run: .venv/bin/python manage.py changepassword {USERNAME}"
            )
            return
        password = secrets.token_urlsafe(9)
        user = users.objects.create_superuser(username=USERNAME, email="", password=password)
        for tournament in Tournament.objects.filter(directors__isnull=True):
            tournament.directors.add(user)
            if tournament.owner_id is None:
                tournament.owner = user
                tournament.save(update_fields=["owner"])
        self.stdout.write(self.style.SUCCESS("Director account created. Log in with:"))
        self.stdout.write(f"    user:     {USERNAME}")
        self.stdout.write(f"    password: {password}")
        self.stdout.write(
            "Write it down: it is shown only now. "
            f"Change it with: .venv/bin/python manage.py changepassword {USERNAME}"
        )
