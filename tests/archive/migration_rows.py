"""A tournament database as rows, written by one schema and read back by the migrations' own
models: the golden-archive migration test (``test_migration_golden.py``) loads the rows stored
at an old migration into a database migrated to that point, then migrates it to the latest one.

``dump_rows`` reads every row of the tournaments app (and the users the rows point to) through
the models given; ``load_rows`` writes them back through the *historical* models of a migration
state (``apps.get_model``), field by field, so the file never depends on today's models.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

from django.core.management.color import no_style
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection

APP = "tournaments"


def _models(apps) -> list:
    """The models whose rows are stored, users first and every model after those it points
    to (a topological order over the foreign keys), so rows load without deferred checks."""
    models = [apps.get_model("auth", "User")]
    models += list(apps.get_app_config(APP).get_models(include_auto_created=True))
    ordered: list = []
    pending = list(models)
    while pending:
        for model in pending:
            targets = {
                field.related_model
                for field in model._meta.concrete_fields
                if field.is_relation and field.related_model is not model
            }
            if all(target in ordered or target not in models for target in targets):
                ordered.append(model)
                pending.remove(model)
                break
        else:
            raise AssertionError(f"foreign keys in a cycle: {pending}")
    return ordered


def _label(model) -> str:
    return model._meta.label_lower


def dump_rows(apps) -> list[dict[str, Any]]:
    """Every stored row, model by model, as ``{"model": label, "rows": [{attname: value}]}``."""
    dumped = []
    for model in _models(apps):
        names = [field.attname for field in model._meta.concrete_fields]
        rows = [
            {name: getattr(obj, name) for name in names}
            for obj in model._base_manager.order_by("pk")
        ]
        for row in rows:
            for field in model._meta.concrete_fields:
                if field.get_internal_type() == "FileField":
                    row[field.attname] = str(row[field.attname] or "")
        if rows:
            dumped.append({"model": _label(model), "rows": rows})
    return dumped


class _Encoder(DjangoJSONEncoder):
    """Django's encoder, but times to the microsecond (it cuts them to milliseconds)."""

    def default(self, o):
        if isinstance(o, datetime.datetime | datetime.time):
            return o.isoformat()
        return super().default(o)


def rows_json(dumped: list[dict[str, Any]]) -> str:
    return json.dumps(dumped, cls=_Encoder, ensure_ascii=False, indent=1) + "\n"


def write_rows(path: Path, dumped: list[dict[str, Any]]) -> None:
    path.write_text(rows_json(dumped), encoding="utf-8")


def load_rows(apps, path: Path) -> None:
    """Write the rows of ``path`` through the historical models of ``apps``, keeping their
    ids, then move the databases' id sequences past them (PostgreSQL would otherwise hand out
    an id already taken to the next row a migration creates)."""
    by_label = {_label(model): model for model in _models(apps)}
    loaded = []
    for block in json.loads(path.read_text(encoding="utf-8")):
        model = by_label[block["model"]]
        fields = {field.attname: field for field in model._meta.concrete_fields}
        for field in fields.values():
            # The stored time, not the loading's (these are the migration state's own copies).
            field.auto_now = field.auto_now_add = False
        objects = [
            model(**{name: fields[name].to_python(value) for name, value in row.items()})
            for row in block["rows"]
        ]
        model._base_manager.bulk_create(objects)
        loaded.append(model)
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), loaded):
            cursor.execute(sql)
