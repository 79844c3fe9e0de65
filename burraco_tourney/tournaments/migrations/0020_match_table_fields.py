"""The table's VP, winner and last-move decision now live on its match (``0019_match``)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0019_match"),
    ]

    operations = [
        migrations.RemoveField(model_name="table", name="ns_vp"),
        migrations.RemoveField(model_name="table", name="eo_vp"),
        migrations.RemoveField(model_name="table", name="winner"),
        migrations.RemoveField(model_name="table", name="by_last_move"),
        migrations.AlterField(
            model_name="table",
            name="match",
            field=models.ForeignKey(
                on_delete=models.deletion.CASCADE,
                related_name="tables",
                to="tournaments.match",
                verbose_name="match",
            ),
        ),
    ]
