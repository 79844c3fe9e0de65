"""One model for what the standings rank: ``Pair`` becomes ``Entrant`` (same table rows, same
ids) and every ``Player`` of an individual tournament becomes an ``Entrant`` with its ``name``; the
players' seats, riposi and penalties point to those rows (``TableSeat.entrant``, ``Bye`` and
``Penalty``), and ``Player``, ``IndividualBye`` and ``IndividualPenalty`` are gone. Reversible:
going back makes the players of the individual tournaments ``Player`` rows again.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

PLAYER_FIELDS = ("club", "withdrawn", "withdrawn_after_turno", "withdrawn_reason")
PENALTY_FIELDS = ("turno_id", "vp", "mp", "reason", "created_at", "created_by_id", "given_by_name")
MODELS = ("Player", "Entrant", "TableSeat", "Bye", "Penalty", "IndividualBye", "IndividualPenalty")


def _kept(row, names):
    return {name: getattr(row, name) for name in names}


def _models(apps, schema_editor):
    db = schema_editor.connection.alias
    return db, {name: apps.get_model("tournaments", name) for name in MODELS}


def _checks_now(schema_editor):
    # PostgreSQL checks deferred foreign keys at commit; the schema steps after the rows moved
    # must not find those checks pending ("pending trigger events").
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def players_to_entrants(apps, schema_editor):
    db, m = _models(apps, schema_editor)
    entrant_of = {}
    for player in m["Player"].objects.using(db).order_by("pk"):
        entrant = m["Entrant"].objects.using(db).create(
            tournament_id=player.tournament_id,
            number=player.number,
            name=player.name,
            **_kept(player, PLAYER_FIELDS),
        )
        entrant_of[player.pk] = entrant.pk
    seats = list(m["TableSeat"].objects.using(db).all())
    for seat in seats:
        seat.entrant_id = entrant_of[seat.player_id]
    m["TableSeat"].objects.using(db).bulk_update(seats, ["entrant"], batch_size=500)
    m["Bye"].objects.using(db).bulk_create(
        m["Bye"](turno_id=bye.turno_id, entrant_id=entrant_of[bye.player_id])
        for bye in m["IndividualBye"].objects.using(db).order_by("pk")
    )
    m["Penalty"].objects.using(db).bulk_create(
        m["Penalty"](entrant_id=entrant_of[p.player_id], **_kept(p, PENALTY_FIELDS))
        for p in m["IndividualPenalty"].objects.using(db).order_by("pk")
    )
    _checks_now(schema_editor)


def entrants_to_players(apps, schema_editor):
    db, m = _models(apps, schema_editor)
    players = m["Entrant"].objects.using(db).filter(tournament__kind="individual")
    player_of = {}
    for entrant in players.order_by("pk"):
        player = m["Player"].objects.using(db).create(
            tournament_id=entrant.tournament_id,
            number=entrant.number,
            name=entrant.name,
            **_kept(entrant, PLAYER_FIELDS),
        )
        player_of[entrant.pk] = player.pk
    seats = list(m["TableSeat"].objects.using(db).all())
    for seat in seats:
        seat.player_id, seat.entrant_id = player_of[seat.entrant_id], None
    m["TableSeat"].objects.using(db).bulk_update(seats, ["player", "entrant"], batch_size=500)
    byes = m["Bye"].objects.using(db).filter(entrant_id__in=player_of)
    m["IndividualBye"].objects.using(db).bulk_create(
        m["IndividualBye"](turno_id=bye.turno_id, player_id=player_of[bye.entrant_id])
        for bye in byes.order_by("pk")
    )
    penalties = m["Penalty"].objects.using(db).filter(entrant_id__in=player_of)
    m["IndividualPenalty"].objects.using(db).bulk_create(
        m["IndividualPenalty"](player_id=player_of[p.entrant_id], **_kept(p, PENALTY_FIELDS))
        for p in penalties.order_by("pk")
    )
    byes.delete()
    penalties.delete()
    players.delete()
    _checks_now(schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0017_turno_close"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # The pairs' table becomes the entrants'.
        migrations.RemoveConstraint(model_name="pair", name="pair_number_unique"),
        migrations.RemoveConstraint(model_name="pair", name="pair_number_positive"),
        migrations.RemoveConstraint(model_name="pair", name="pair_late_scored"),
        migrations.RemoveConstraint(model_name="bye", name="bye_unique"),
        migrations.RenameModel(old_name="Pair", new_name="Entrant"),
        migrations.AlterModelOptions(
            name="entrant",
            options={
                "ordering": ["tournament", "number"],
                "verbose_name": "entrant",
                "verbose_name_plural": "entrants",
            },
        ),
        migrations.AlterField(
            model_name="entrant",
            name="tournament",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="entrants",
                to="tournaments.tournament",
                verbose_name="tournament",
            ),
        ),
        migrations.AddField(
            model_name="entrant",
            name="name",
            field=models.CharField(blank=True, max_length=120, verbose_name="name"),
        ),
        migrations.AlterField(
            model_name="entrant",
            name="player1",
            field=models.CharField(blank=True, max_length=120, verbose_name="first player"),
        ),
        migrations.AlterField(
            model_name="entrant",
            name="player2",
            field=models.CharField(blank=True, max_length=120, verbose_name="second player"),
        ),
        migrations.RenameField(model_name="bye", old_name="pair", new_name="entrant"),
        migrations.AlterField(
            model_name="bye",
            name="entrant",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="byes",
                to="tournaments.entrant",
                verbose_name="entrant",
            ),
        ),
        migrations.RenameField(model_name="penalty", old_name="pair", new_name="entrant"),
        migrations.AlterField(
            model_name="penalty",
            name="entrant",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="penalties",
                to="tournaments.entrant",
                verbose_name="entrant",
            ),
        ),
        migrations.AlterModelOptions(
            name="penalty",
            options={
                "ordering": ["turno", "entrant", "created_at"],
                "verbose_name": "penalty",
                "verbose_name_plural": "penalties",
            },
        ),
        # The players' seats get a column for the entrant, filled by the rows' move.
        migrations.AlterField(
            model_name="tableseat",
            name="player",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="seats",
                to="tournaments.player",
                verbose_name="player",
            ),
        ),
        migrations.AddField(
            model_name="tableseat",
            name="entrant",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="seats",
                to="tournaments.entrant",
                verbose_name="player",
            ),
        ),
        migrations.RunPython(players_to_entrants, entrants_to_players, elidable=False),
        # The players' own models go.
        migrations.RemoveConstraint(model_name="tableseat", name="table_seat_player_unique"),
        migrations.RemoveField(model_name="tableseat", name="player"),
        migrations.AlterField(
            model_name="tableseat",
            name="entrant",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="seats",
                to="tournaments.entrant",
                verbose_name="player",
            ),
        ),
        migrations.DeleteModel(name="IndividualBye"),
        migrations.DeleteModel(name="IndividualPenalty"),
        migrations.DeleteModel(name="Player"),
        migrations.AddConstraint(
            model_name="entrant",
            constraint=models.UniqueConstraint(
                fields=("tournament", "number"), name="entrant_number_unique"
            ),
        ),
        migrations.AddConstraint(
            model_name="entrant",
            constraint=models.CheckConstraint(
                condition=models.Q(("number__gte", 1)), name="entrant_number_positive"
            ),
        ),
        migrations.AddConstraint(
            model_name="entrant",
            constraint=models.CheckConstraint(
                condition=models.Q(("joined_turno__isnull", True), models.Q(("missed", ""), _negated=True), _connector="OR"),
                name="entrant_late_scored",
            ),
        ),
        migrations.AddConstraint(
            model_name="bye",
            constraint=models.UniqueConstraint(fields=("turno", "entrant"), name="bye_unique"),
        ),
        migrations.AddConstraint(
            model_name="tableseat",
            constraint=models.UniqueConstraint(
                fields=("table", "entrant"), name="table_seat_entrant_unique"
            ),
        ),
    ]
