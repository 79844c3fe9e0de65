"""The table-side pages: the players' phones, by the table's secret link (namespace ``table``).
No login: the token is the key (``views/table_side.py``)."""

from .views import table_problem, table_side

urlpatterns = [*table_side.urlpatterns, *table_problem.urlpatterns]

app_name = "table"
