"""Reading pasted lists and spreadsheets of pairs, before anything is saved (no database)."""

import io

import pytest
from django.core import signing
from openpyxl import Workbook

from burraco_tourney.tournaments.forms.pairs import rows_sign, rows_unsign
from burraco_tourney.tournaments.pair_import import (
    MAX_FILE_BYTES,
    SpreadsheetError,
    check_rows,
    parse_line,
    parse_spreadsheet,
    parse_text,
)

pytestmark = pytest.mark.usefixtures("english_messages")


def _plain(row):
    return (row.number, row.player1, row.player2, row.club, row.errors)


@pytest.mark.parametrize(
    "line, expected",
    [
        (
            "Rossi Anna - Bianchi Bruno; Circolo Aurora",
            (None, "Rossi Anna", "Bianchi Bruno", "Circolo Aurora"),
        ),
        ("Rossi Anna – Bianchi Bruno", (None, "Rossi Anna", "Bianchi Bruno", "")),
        ("Rossi Anna — Bianchi Bruno", (None, "Rossi Anna", "Bianchi Bruno", "")),
        (
            "Rossi Anna/Bianchi Bruno;Circolo Aurora",
            (None, "Rossi Anna", "Bianchi Bruno", "Circolo Aurora"),
        ),
        ("Rossi Anna / Bianchi Bruno", (None, "Rossi Anna", "Bianchi Bruno", "")),
        ("Rossi Anna\tBianchi Bruno", (None, "Rossi Anna", "Bianchi Bruno", "")),
        (
            "Rossi Anna\tBianchi Bruno\tCircolo Aurora",
            (None, "Rossi Anna", "Bianchi Bruno", "Circolo Aurora"),
        ),
        (
            "Rossi Anna - Bianchi Bruno\tCircolo Aurora",
            (None, "Rossi Anna", "Bianchi Bruno", "Circolo Aurora"),
        ),
        ("7. Rossi Anna - Bianchi Bruno", (7, "Rossi Anna", "Bianchi Bruno", "")),
        ("7 Rossi Anna - Bianchi Bruno", (7, "Rossi Anna", "Bianchi Bruno", "")),
        ("12) Rossi Anna - Bianchi Bruno", (12, "Rossi Anna", "Bianchi Bruno", "")),
        (
            "7\tRossi Anna\tBianchi Bruno\tCircolo Aurora",
            (7, "Rossi Anna", "Bianchi Bruno", "Circolo Aurora"),
        ),
        (
            "  Rossi   Anna  -  Bianchi Bruno ;  Circolo  ",
            (None, "Rossi Anna", "Bianchi Bruno", "Circolo"),
        ),
        # A hyphen without spaces belongs to a double surname.
        ("De-Rossi Anna - Bianchi-Verdi Bruno", (None, "De-Rossi Anna", "Bianchi-Verdi Bruno", "")),
    ],
)
def test_every_separator_form(line, expected):
    row = parse_line(line, 1)
    assert row.errors == []
    assert (row.number, row.player1, row.player2, row.club) == expected


@pytest.mark.parametrize(
    "line, error",
    [
        ("Rossi Anna", "Two players are needed."),
        ("Rossi Anna - ; Circolo", "Two players are needed."),
        ("Rossi Anna / ", "Two players are needed."),
        ("Rossi Anna - Bianchi Bruno - Circolo Aurora", "More than two players"),
        ("0. Rossi Anna - Bianchi Bruno", "The pair number must be between 1 and 9999."),
        ("Rossi Anna - " + "B" * 121, "A name is longer than 120 characters."),
        ("1\tA\tB\tClub\tExtra", "Too many columns"),
    ],
)
def test_bad_lines_say_what_is_wrong(line, error):
    row = parse_line(line, 3)
    assert len(row.errors) == 1
    assert row.errors[0].startswith(error)


def test_blank_lines_ignored_and_line_numbers_kept():
    rows = parse_text(
        "Rossi Anna - Bianchi Bruno\n\n   \nVerdi Carla\r\nRusso Dario / Neri Elena\n"
    )
    assert [r.line for r in rows] == [1, 4, 5]
    assert rows[1].errors == ["Two players are needed."]


def test_check_rows_numbers_and_clashes():
    rows = parse_text(
        "Rossi Anna - Bianchi Bruno\n"
        "3. Verdi Carla - Russo Dario\n"
        "3. Neri Elena - Gallo Fabio\n"
        "1. Colombo Luca - Romano Marta\n"
        "bianchi bruno - ROSSI ANNA\n"
        "Ferrari Nino - Esposito Giulia\n"
    )
    check_rows(
        rows, registered={1: ("Monti Ugo", "Sala Ida"), 2: ("Ferrari Nino", "Esposito Giulia")}
    )
    assert [(r.number, r.number_auto) for r in rows] == [
        (4, True),
        (3, False),
        (3, False),
        (1, False),
        (5, True),
        (6, True),
    ]
    assert [r.errors for r in rows] == [
        [],
        [],
        ["Number 3 is also on line 2."],
        ["Number 1 is already taken by Monti Ugo – Sala Ida."],
        ["The same pair is also on line 1."],
        ["This pair is already registered as number 2."],
    ]


def _xlsx(rows) -> bytes:
    book = Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def test_xlsx_with_italian_headers_in_any_order():
    data = _xlsx(
        [
            ["Circolo", "N°", "Giocatore 1", "Giocatore 2"],
            ["Circolo Aurora", 4, "Rossi Anna", "Bianchi Bruno"],
            [None, None, None, None],
            ["", 5.0, "Verdi  Carla", "Russo Dario"],
            ["", "x", "Neri Elena", None],
        ]
    )
    rows = parse_spreadsheet("iscritti.xlsx", data)
    assert [r.line for r in rows] == [2, 4, 5]
    assert _plain(rows[0]) == (4, "Rossi Anna", "Bianchi Bruno", "Circolo Aurora", [])
    assert _plain(rows[1]) == (5, "Verdi Carla", "Russo Dario", "", [])
    assert rows[2].errors == ["“x” is not a pair number.", "Two players are needed."]


@pytest.mark.parametrize(
    "header",
    [
        ["Number", "Player 1", "Player 2", "Club"],
        ["numero", "giocatore1", "giocatore2", "associazione"],
        ["Nr.", "Nome 1", "Nome 2", "Società"],
    ],
)
def test_header_names_in_italian_and_english(header):
    rows = parse_spreadsheet(
        "a.xlsx", _xlsx([header, [1, "Rossi Anna", "Bianchi Bruno", "Aurora"]])
    )
    assert _plain(rows[0]) == (1, "Rossi Anna", "Bianchi Bruno", "Aurora", [])


@pytest.mark.parametrize(
    "rows, expected",
    [
        ([["Rossi Anna", "Bianchi Bruno"]], (None, "Rossi Anna", "Bianchi Bruno", "")),
        (
            [["Rossi Anna", "Bianchi Bruno", "Aurora"]],
            (None, "Rossi Anna", "Bianchi Bruno", "Aurora"),
        ),
        ([[3, "Rossi Anna", "Bianchi Bruno"]], (3, "Rossi Anna", "Bianchi Bruno", "")),
        (
            [[3, "Rossi Anna", "Bianchi Bruno", "Aurora"]],
            (3, "Rossi Anna", "Bianchi Bruno", "Aurora"),
        ),
        (
            [["Rossi Anna - Bianchi Bruno", "Aurora"]],
            (None, "Rossi Anna", "Bianchi Bruno", "Aurora"),
        ),
    ],
)
def test_xlsx_without_headers_by_position(rows, expected):
    parsed = parse_spreadsheet("a.xlsx", _xlsx(rows))
    assert _plain(parsed[0]) == (*expected, [])


def test_header_without_player_columns_is_refused():
    with pytest.raises(SpreadsheetError, match="columns of the two players were not found"):
        parse_spreadsheet("a.xlsx", _xlsx([["Numero", "Nome", "Cognome"], [1, "Anna", "Rossi"]]))


def test_csv_with_semicolons_and_bom():
    text = "Numero;Giocatore 1;Giocatore 2;Circolo\n1;Rossi Anna;Bianchi Bruno;Società Aurora\n"
    rows = parse_spreadsheet("coppie.csv", "\ufeff".encode() + text.encode("utf-8"))
    assert _plain(rows[0]) == (1, "Rossi Anna", "Bianchi Bruno", "Società Aurora", [])


@pytest.mark.parametrize(
    "data",
    [
        b"Rossi Anna,Bianchi Bruno,Aurora\nVerdi Carla,Russ\xc3\xb2 Dario,\n",
        b"Rossi Anna\tBianchi Bruno\tAurora\nVerdi Carla\tRuss\xc3\xb2 Dario\t\n",
        # Excel on Windows saves a CSV in cp1252.
        "Rossi Anna;Bianchi Bruno;Aurora\nVerdi Carla;Russò Dario;\n".encode("cp1252"),
    ],
)
def test_csv_delimiters_and_encodings_sniffed(data):
    rows = parse_spreadsheet("coppie.csv", data)
    assert [_plain(r) for r in rows] == [
        (None, "Rossi Anna", "Bianchi Bruno", "Aurora", []),
        (None, "Verdi Carla", "Russò Dario", "", []),
    ]


PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000") + b"\x00" * 40


@pytest.mark.parametrize(
    "name, data, message",
    [
        ("coppie.xlsx", PNG, "not a spreadsheet"),
        ("coppie.csv", PNG, "not a spreadsheet"),
        ("coppie.xlsx", bytes(range(256)) * 8, "not a spreadsheet"),
        ("coppie.xlsx", b"PK\x03\x04" + b"\x01\x02" * 50, "not a spreadsheet"),
        ("foto.png", b"hello", "not a spreadsheet"),
        ("vecchio.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100, ".xls"),
        ("coppie.csv", b"\n\n", "no pairs"),
        ("coppie.csv", b"x" * (MAX_FILE_BYTES + 1), "larger than 2 MB"),
    ],
)
def test_not_a_spreadsheet(name, data, message):
    with pytest.raises(SpreadsheetError, match=message):
        parse_spreadsheet(name, data)


def test_signed_payload_round_trip_and_tampering():
    rows = check_rows(
        parse_text("5. Rossi Anna - Bianchi Bruno; Aurora\nVerdi Carla - Russo Dario"),
        registered={},
    )
    payload = rows_sign(rows, tournament_id=7, source="iscritti.xlsx")
    back, source = rows_unsign(payload, tournament_id=7)
    assert source == "iscritti.xlsx"
    # The automatic number is given again at confirmation, against the pairs registered then.
    assert [_plain(r) for r in back] == [
        (5, "Rossi Anna", "Bianchi Bruno", "Aurora", []),
        (None, "Verdi Carla", "Russo Dario", "", []),
    ]
    with pytest.raises(signing.BadSignature):
        rows_unsign(payload, tournament_id=8)
    data, signature = payload.rsplit(":", 1)
    forged = signing.dumps({"t": 7, "source": "x", "rows": []}, salt="other")
    for bad in (data + ":" + signature[::-1], payload[:-2], "x" + payload, forged):
        with pytest.raises(signing.BadSignature):
            rows_unsign(bad, tournament_id=7)


def test_automatic_numbers_skip_the_ones_the_list_names():
    rows = parse_text(
        "Rossi Anna - Bianchi Bruno\n5. Verdi Carla - Russo Dario\nNeri Elena - Gallo Fabio"
    )
    registered = {n: (f"P{n}", f"Q{n}") for n in (1, 2, 3)}
    assert [r.number for r in check_rows(rows, registered=registered)] == [4, 5, 6]
    rows = parse_text(
        "Rossi Anna - Bianchi Bruno\n4. Verdi Carla - Russo Dario\nNeri Elena - Gallo Fabio"
    )
    assert [r.number for r in check_rows(rows, registered=registered)] == [5, 4, 6]
    # Checked again at confirmation: automatic numbers are given afresh, not kept.
    assert [r.number for r in check_rows(rows, registered={})] == [1, 4, 2]
