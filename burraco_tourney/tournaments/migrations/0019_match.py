"""A match above each table: the VP, the winner and the last-move decision move onto it.

One match per existing table (its number, in its turno) takes the table's MP, VP, winner and
``by_last_move`` exactly as stored; ``0020_match_table_fields`` then drops them from the table.
Backwards, the values go back onto the tables. Two migrations: on PostgreSQL a table whose rows
were just given their match cannot be altered in the same transaction.
"""

from django.db import migrations, models

VALUES = ("ns_mp", "eo_mp", "ns_vp", "eo_vp", "winner", "by_last_move")
MATCH_VALUES = ("ns_vp", "eo_vp", "winner", "by_last_move")
BATCH = 500


def tables_to_matches(apps, schema_editor):
    Match = apps.get_model("tournaments", "Match")
    Table = apps.get_model("tournaments", "Table")
    tables = list(Table.objects.filter(match__isnull=True).order_by("pk"))
    for start in range(0, len(tables), BATCH):
        batch = tables[start : start + BATCH]
        matches = Match.objects.bulk_create(
            Match(turno_id=t.turno_id, number=t.number, **{f: getattr(t, f) for f in VALUES})
            for t in batch
        )
        for table, match in zip(batch, matches, strict=True):
            table.match_id = match.pk
        Table.objects.bulk_update(batch, ["match"])


def matches_to_tables(apps, schema_editor):
    Table = apps.get_model("tournaments", "Table")
    tables = list(Table.objects.select_related("match").order_by("pk"))
    for table in tables:
        for field in MATCH_VALUES:
            setattr(table, field, getattr(table.match, field))
    Table.objects.bulk_update(tables, MATCH_VALUES, batch_size=BATCH)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0018_entrant"),
    ]

    operations = [
        migrations.CreateModel(
            name="Match",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveSmallIntegerField(verbose_name="match")),
                ("ns_mp", models.IntegerField(blank=True, null=True, verbose_name="NS MP")),
                ("eo_mp", models.IntegerField(blank=True, null=True, verbose_name="EO MP")),
                ("ns_vp", models.IntegerField(blank=True, null=True, verbose_name="NS VP")),
                ("eo_vp", models.IntegerField(blank=True, null=True, verbose_name="EO VP")),
                (
                    "winner",
                    models.CharField(
                        blank=True,
                        choices=[("ns", "North-South"), ("eo", "East-West")],
                        max_length=2,
                        verbose_name="match won by",
                    ),
                ),
                (
                    "by_last_move",
                    models.BooleanField(default=False, verbose_name="decided by the last move"),
                ),
                (
                    "turno",
                    models.ForeignKey(
                        on_delete=models.deletion.CASCADE,
                        related_name="matches",
                        to="tournaments.turno",
                        verbose_name="turno",
                    ),
                ),
            ],
            options={
                "verbose_name": "match",
                "verbose_name_plural": "matches",
                "ordering": ["turno", "number"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("turno", "number"), name="match_number_unique"
                    )
                ],
            },
        ),
        migrations.AddField(
            model_name="table",
            name="match",
            field=models.ForeignKey(
                null=True,
                on_delete=models.deletion.CASCADE,
                related_name="tables",
                to="tournaments.match",
                verbose_name="match",
            ),
        ),
        migrations.RunPython(tables_to_matches, matches_to_tables),
    ]
