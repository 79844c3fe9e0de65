"""Archive upload and download from the web (namespace ``archive``)."""

app_name = "archive"

urlpatterns: list = []
