"""Downloads (namespace ``exports``)."""

app_name = "exports"

urlpatterns: list = []
