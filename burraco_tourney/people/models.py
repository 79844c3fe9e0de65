"""The registry (anagrafica): each person and club exists once per site.

A tournament's entrant points to people (``tournaments.Member``) and keeps the names as printed
in that tournament, so renaming, merging or anonymising a person never rewrites an old standings
sheet by accident: ``services`` say what changes where. Public pages show names only; the card,
sex and birth year are for directors (RULES.md §14).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .names import words_key


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120)
    code = models.CharField(_("code"), max_length=20, blank=True)
    city = models.CharField(_("city"), max_length=80, blank=True)

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["name"], name="club_name_unique"),
            models.UniqueConstraint(
                fields=["code"], condition=~Q(code=""), name="club_code_unique"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class CardType(models.TextChoices):
    ORDINARIA = "ordinaria", _("Ordinaria")
    RIDOTTA = "ridotta", _("Ridotta")
    JUNIORES = "juniores", _("Juniores")


class Sex(models.TextChoices):
    F = "F", _("Woman")
    M = "M", _("Man")


class Person(models.Model):
    surname = models.CharField(_("surname"), max_length=80)
    name = models.CharField(_("name"), max_length=80, blank=True)
    # The federation card (tessera): unique when given, compared exactly.
    card = models.CharField(_("card number"), max_length=20, blank=True)
    card_type = models.CharField(
        _("card type"), max_length=10, choices=CardType.choices, blank=True
    )
    card_year = models.PositiveSmallIntegerField(_("card year"), null=True, blank=True)
    sex = models.CharField(_("sex"), max_length=1, choices=Sex.choices, blank=True)
    birth_year = models.PositiveSmallIntegerField(_("birth year"), null=True, blank=True)
    category = models.CharField(_("category"), max_length=40, blank=True)
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="people",
    )
    notes = models.TextField(_("notes"), blank=True)
    # The name's words without accents or capitals, sorted (``names.words_key``): what the
    # search and the duplicates list compare. Kept by ``save``.
    search_key = models.CharField(_("search key"), max_length=200, editable=False, db_index=True)
    anonymised_at = models.DateTimeField(_("anonymised at"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("person")
        verbose_name_plural = _("people")
        ordering = ["surname", "name", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["card"], condition=~Q(card=""), name="person_card_unique"
            ),
            models.CheckConstraint(condition=Q(sex__in=["", "F", "M"]), name="person_sex_known"),
        ]

    def __str__(self) -> str:
        return self.full_name

    def save(self, *args, **kwargs):
        self.search_key = words_key(self.surname, self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"surname", "name"} & set(update_fields):
            kwargs["update_fields"] = {*update_fields, "search_key"}
        super().save(*args, **kwargs)

    @property
    def full_name(self) -> str:
        """Surname first, as a scorecard prints it."""
        return f"{self.surname} {self.name}".strip()


# What a director edits of a person and of a club (the forms, the services, a merge).
PERSON_FIELDS = (
    "surname",
    "name",
    "card",
    "card_type",
    "card_year",
    "sex",
    "birth_year",
    "category",
    "club",
    "notes",
)
CLUB_FIELDS = ("name", "code", "city")


class RegistryEntry(models.Model):
    """One change to the registry (a person or club added or edited, a member list imported,
    two people merged): who, when, what, why. The tournaments' change log belongs to one
    tournament; the registry is the site's, so its changes are logged here, written by the
    registry's services in the same transaction as the change. ``code`` and ``params`` say what
    happened (read in the reader's language, ``people.log_text``); no key points to a person,
    so a merged person's entries stay as they were written."""

    at = models.DateTimeField(_("when"), auto_now_add=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("who"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    code = models.CharField(_("action"), max_length=40)
    params = models.JSONField(_("values"), default=dict, blank=True)
    reason = models.CharField(_("reason"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("registry change")
        verbose_name_plural = _("registry changes")
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.code}"
