"""Director pages: scores."""

urlpatterns: list = []
