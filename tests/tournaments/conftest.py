import pytest

from tests.factories import make_director


@pytest.fixture
def director(db):
    return make_director()


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


@pytest.fixture
def english(director_client):
    """The director's client asking for English pages: the assertions read the msgids, whatever
    the Italian catalog says."""
    director_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return director_client


@pytest.fixture
def english_by_default(settings):
    """English for every request that does not ask for a language (use with ``usefixtures``)."""
    settings.LANGUAGE_CODE = "en"
