"""One line, one phone: the phone session that holds each line of a table."""

from django.db import migrations, models
from django.db.models import F


def holders_from_sessions(apps, schema_editor):
    # A draft saved before this field existed stays with the phone that saved it.
    PlayerEntry = apps.get_model("tournaments", "PlayerEntry")
    PlayerEntry.objects.update(holder=F("session"))


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0013_english_words"),
    ]

    operations = [
        migrations.AddField(
            model_name="playerentry",
            name="holder",
            field=models.CharField(
                blank=True, max_length=16, verbose_name="phone holding the line"
            ),
        ),
        migrations.RunPython(holders_from_sessions, migrations.RunPython.noop),
    ]
