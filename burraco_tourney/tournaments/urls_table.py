"""The table-side pages: the players' phones, by the table's secret link (namespace ``table``).
No login: the token is the key (``views/table_side.py``)."""

from .views.table_side import urlpatterns as urlpatterns  # noqa: PLC0414

app_name = "table"
