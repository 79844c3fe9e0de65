"""A person's name as the registry compares it. Pure text, no database.

Two names are the same when they match with accents, capitals, apostrophes, spaces and the order
of the words aside: "Rossi Anna", "Anna Rossi" and "ANNA  ROSSI" share one key, "Nicolò" and
"Nicolo" too. Namesakes exist, so a shared key is a question for the director, never a merge.
"""

from __future__ import annotations

import unicodedata

APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'"})


def plain(text: str) -> str:
    """Lower case, no accents, straight apostrophes, one space between words."""
    decomposed = unicodedata.normalize("NFKD", text.translate(APOSTROPHES))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def words_key(*parts: str) -> str:
    """The words of a name, plain and sorted: the same for any order of surname and name."""
    return " ".join(sorted(plain(" ".join(parts)).split()))


# The words that begin an Italian surname of several words ("De Luca", "Di Stefano", "La Rosa",
# "Dalla Chiesa", "Lo Presti"), and a few others' ("Van Dyke", "Mac Donald").
SURNAME_PARTICLES = frozenset(
    {
        "d", "da", "dal", "dall", "dalla", "dalle", "dai", "de", "degli", "dei", "del",
        "dell", "della", "delle", "dello", "des", "di", "du", "la", "le", "li", "lo",
        "den", "der", "mac", "mc", "san", "sant", "santa", "santo", "van", "von",
    }
)  # fmt: skip


def split_printed(printed: str) -> tuple[str, str]:
    """A printed name split as the registry keeps it: the surname first ("Rossi Anna", the
    way Italian scorecards print names), the rest as the name. The surname is the first word,
    with the words after it while it begins with a particle ("De Luca Sara": De Luca, Sara;
    "Lo Presti Anna Maria": Lo Presti, Anna Maria), a name being left. A name typed the other
    way round makes a person whose words match: the duplicates list shows it."""
    words = printed.split()
    if not words:
        return "", ""
    end = 1
    while end < len(words) - 1 and plain(words[end - 1]).rstrip("'") in SURNAME_PARTICLES:
        end += 1
    return " ".join(words[:end]), " ".join(words[end:])


def one_edit_apart(a: str, b: str) -> bool:
    """Whether two different words are one typo apart: a letter added, dropped or changed
    ("ana" / "anna", "rosi" / "rossi", "verdi" / "vardi")."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        return a[i + 1 :] == b[i + 1 :]
    return a[i:] == b[i + 1 :]
