from django.contrib.auth import views as auth_views
from django.urls import path

from .views import PasswordChange

urlpatterns = [
    path(
        "accesso/",
        auth_views.LoginView.as_view(template_name="core/login.html"),
        name="login",
    ),
    path("uscita/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", PasswordChange.as_view(), name="password_change"),
]
