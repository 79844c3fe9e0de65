"""Seeded random archives for the archive tests, written in the exporter's canonical form.

``random_archive(seed)`` builds a valid burraco-archive dict: any size, odd or even pairs,
riposi, totals-only tables, forfeits, empty tables (being played), penalties, custom VP bands,
every ruleset, pairs and KO tournaments. It writes exactly what ``tournament_export`` would
write (same keys, same order of lists, defaults left out the same way), so a test can compare
an export with the file it came from.
"""

from __future__ import annotations

import random
from typing import Any

from burraco_tourney.rules.rulesets import get_ruleset
from burraco_tourney.rules.scoring import LineEntry, Smazzata, score_smazzata

NAMES = (
    "Anna Rossi",
    "Bruno Bianchi",
    "Carla Neri",
    "Dario Gallo",
    "Elena Costa",
    "Fabio Greco",
    "Giulia Conti",
    "Luca Marino",
    "Marta Ricci",
    "Nicola Bruno",
    "Olga Ferri",
    "Pietro Sala",
    "Rosa Villa",
    "Sandro Riva",
    "Tina Fabbri",
    "Ugo Longo",
    "Vera Caruso",
    "Zeno Gentile",
)
CLUBS = ("", "Circolo Aurora", "Burraco Club Tigullio", "ASD Le Pinelle")


def _five(rng: random.Random, low: int, high: int) -> int:
    return 5 * rng.randint(low // 5, high // 5)


def _line(rng: random.Random, ruleset: Any, *, closes: bool, other_closed: bool) -> dict:
    kinds = ruleset.burraco_kinds
    counts = dict.fromkeys(kinds, 0)
    pozzetto = closes or rng.random() < (0.75 if other_closed else 0.9)
    how_many = rng.choice((1, 1, 2, 3)) if closes else rng.choice((0, 0, 1, 2))
    for _ in range(how_many):
        counts[rng.choice(kinds)] += 1
    if closes and ruleset.closing_needs_pulito and not any(counts[k] for k in ruleset.clean_kinds):
        counts["pulito"] += 1
    cards = _five(rng, 100, 400) if closes else _five(rng, -200, 300)
    return {"cards": cards, **counts, "chiusura": closes, "pozzetto": pozzetto}


def random_smazzata(rng: random.Random, ruleset: Any, *, last_move: bool) -> dict:
    end = rng.choices(("chiusura", "tallone", "tempo", "arbitrale"), weights=(80, 10, 7, 3))[0]
    closer = rng.choice(("ns", "eo")) if end == "chiusura" else None
    deal: dict[str, Any] = {
        line: _line(rng, ruleset, closes=line == closer, other_closed=closer not in (None, line))
        for line in ("ns", "eo")
    }
    deal["end"] = end
    if last_move:
        deal["last_move"] = closer or rng.choice(("ns", "eo"))
    return deal


def smazzata_totals(ruleset: Any, deal: dict) -> tuple[int, int]:
    def entry(line: dict) -> LineEntry:
        return LineEntry(**line)

    score = score_smazzata(
        ruleset, Smazzata(entry(deal["ns"]), entry(deal["eo"]), deal["end"], deal.get("last_move"))
    )
    return score.ns.total, score.eo.total


def random_bands(rng: random.Random) -> list[dict]:
    total = rng.choice((20, 30))
    half = total // 2
    bands = [{"max": rng.choice((20, 50, 100)), "vp": [half, half]}]
    for _ in range(rng.randint(1, 5)):
        winner = min(bands[-1]["vp"][0] + rng.choice((1, 2)), total)
        bands.append(
            {"max": bands[-1]["max"] + rng.choice((50, 100, 150)), "vp": [winner, total - winner]}
        )
    bands.append({"max": None, "vp": [total, 0]})
    return bands


def _ko_smazzate(rng: random.Random, ruleset: Any, ko: dict) -> list[dict]:
    if ko["mode"] == "smazzate":
        count = rng.choice((ko["smazzate"], ko["smazzate"], rng.randint(0, ko["smazzate"])))
        return [random_smazzata(rng, ruleset, last_move=True) for _ in range(count)]
    deals: list[dict] = []
    ns = eo = 0
    while ns < ko["target"] and eo < ko["target"] and len(deals) < 12:
        deal = random_smazzata(rng, ruleset, last_move=True)
        a, b = smazzata_totals(ruleset, deal)
        ns, eo = ns + a, eo + b
        deals.append(deal)
    return deals


def random_archive(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    kind = "ko" if rng.random() < 0.2 else "pairs"
    ruleset_name = rng.choice(("classic", "classic", "reale", "internazionale"))
    semipulito_off = ruleset_name != "reale" and rng.random() < 0.3
    ruleset = get_ruleset(ruleset_name, **({"semipulito": False} if semipulito_off else {}))
    per_turno = rng.randint(1, 4)
    custom = rng.random() < 0.3
    vp_table: Any = random_bands(rng) if custom else rng.choice(("fibur-3", "fibur-4"))
    total = vp_table[0]["vp"][0] * 2 if custom else 20

    tournament: dict[str, Any] = {"name": f"Torneo {seed} – città", "date": "2025-03-14"}
    if rng.random() < 0.5:
        tournament["venue"] = "Sala Verdi"
    tournament.update(kind=kind, ruleset=ruleset_name)
    if semipulito_off:
        tournament["semipulito"] = False
    tournament.update(smazzate_per_turno=per_turno, vp_table=vp_table)
    if custom or rng.random() < 0.3:
        tournament["bye"] = {"vp": rng.randint(0, total), "mp": _five(rng, 0, 500)}
    if rng.random() < 0.3:
        tournament["forfeit"] = {"vp": rng.randint(0, total), "mp": _five(rng, 0, 500)}
    if rng.random() < 0.3:
        tiebreaks = rng.sample(["scarto", "head_to_head", "mp"], rng.randint(1, 3))
        if tiebreaks != ["scarto", "head_to_head", "mp"]:  # the default is left out on export
            tournament["tiebreaks"] = tiebreaks
    ko = None
    if kind == "ko":
        ko = rng.choice(
            ({"mode": "smazzate", "smazzate": rng.randint(1, 3)}, {"mode": "punti", "target": 505})
        )
        tournament["ko"] = ko

    count = 2 ** rng.randint(1, 3) if kind == "ko" else rng.randint(2, 11)
    numbers = (
        sorted(rng.sample(range(1, 40), count)) if rng.random() < 0.3 else list(range(1, count + 1))
    )
    pairs = []
    for number in numbers:
        pair: dict[str, Any] = {"number": number, "players": rng.sample(NAMES, 2)}
        club = rng.choice(CLUBS)
        if club:
            pair["club"] = club
        if kind == "ko" or rng.random() < 0.1:
            pair["seed"] = rng.randint(1, 99)
        pairs.append(pair)

    turni = []
    turno_count = (count.bit_length() - 1) if kind == "ko" else rng.randint(0, 4)
    for number in range(1, turno_count + 1):
        seated = rng.sample(numbers, len(numbers))
        if kind == "ko":
            seated = seated[: max(2, count >> (number - 1))]
        elif rng.random() < 0.2:
            seated = seated[:-1]  # a withdrawn pair: neither at a table nor resting
        byes = sorted(seated[len(seated) // 2 * 2 :]) if kind == "pairs" else []
        table_numbers = sorted(rng.sample(range(1, 30), len(seated) // 2))
        tables = []
        for index, table_number in enumerate(table_numbers):
            table: dict[str, Any] = {
                "table": table_number,
                "ns": seated[2 * index],
                "eo": seated[2 * index + 1],
            }
            roll = rng.random()
            if roll < 0.12:
                ns, eo = _five(rng, -300, 1800), _five(rng, -300, 1800)
                if kind == "ko" and ns == eo:
                    eo += 5
                table["totals"] = {"ns": ns, "eo": eo}
            elif roll < 0.22:
                table["forfeit"] = rng.choice(("ns", "eo"))
            elif roll < 0.28:
                table["smazzate"] = []
            elif kind == "ko":
                table["smazzate"] = _ko_smazzate(rng, ruleset, ko)
            else:
                table["smazzate"] = [
                    random_smazzata(rng, ruleset, last_move=rng.random() < 0.2)
                    for _ in range(rng.randint(1, per_turno))
                ]
            tables.append(table)
        turno: dict[str, Any] = {
            "number": number,
            "movement": "ko" if kind == "ko" else rng.choice(("mitchell", "danese", "manual")),
            "tables": tables,
        }
        if byes:
            turno["byes"] = byes
        turni.append(turno)

    needs_value = any(t.get("byes") for t in turni) or any(
        "forfeit" in table for t in turni for table in t["tables"]
    )
    if custom and needs_value and "bye" not in tournament and "forfeit" not in tournament:
        tournament["bye"] = {"vp": total // 2, "mp": 300}
    if custom and any("forfeit" in table for t in turni for table in t["tables"]):
        tournament.setdefault("forfeit", {"vp": total * 7 // 10, "mp": 355})

    penalties = []
    for _ in range(rng.choice((0, 0, 1, 2, 3))):
        if not turni:
            break
        penalties.append(
            {
                "turno": rng.randint(1, len(turni)),
                "pair": rng.choice(numbers),
                "vp": -rng.randint(0, 2),
                "mp": -_five(rng, 0, 200),
                "reason": rng.choice(("Ritardo oltre 5 minuti", "Due ammonizioni", "Cellulare")),
            }
        )
    penalties.sort(key=lambda p: (p["turno"], p["pair"]))
    return {
        "format": "burraco-archive",
        "version": 1,
        "tournament": tournament,
        "pairs": pairs,
        "turni": turni,
        "penalties": penalties,
    }


# -- version 2 --------------------------------------------------------------------------------

ROME_WINTER = "+01:00"  # the site's zone (Europe/Rome) in March, before summer time


def _moment(day: int, second: int, micro: int = 0) -> str:
    minutes, seconds = divmod(second, 60)
    hours, minutes = divmod(minutes, 60)
    fraction = f".{micro:06d}" if micro else ""
    return f"2025-03-{day:02d}T{15 + hours:02d}:{minutes:02d}:{seconds:02d}{fraction}{ROME_WINTER}"


def _settings(extra: random.Random, preset: Any, kind: str) -> dict[str, Any]:
    """Rule options that depart from the preset, so that the exporter writes them back."""
    settings: dict[str, Any] = {}
    if preset.closing_needs_pulito and extra.random() < 0.5:
        settings["closing_needs_pulito"] = False  # relaxes a rule: every file stays valid
    if kind == "pairs":
        if extra.random() < 0.5:
            settings["chiusura_bonus"] = 150
        if extra.random() < 0.3:
            settings["pozzetto_penalty"] = 50
        if extra.random() < 0.3:
            settings["pozzetto_penalty_always"] = False
        if extra.random() < 0.4:
            settings["bonuses"] = {"pulito": 250}
    return settings


def _log(extra: random.Random) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    second = 0
    for index in range(extra.randint(0, 5)):
        second += extra.randint(1, 900)
        entry: dict[str, Any] = {
            "at": _moment(10, second, extra.choice((0, 0, 123456))),
            "by": extra.choice(("direttore", "arbitro", "")),
            "action": extra.choice(("pair_create", "result_enter", "result_correct", "x_other")),
        }
        if extra.random() < 0.5:
            entry["reason"] = extra.choice(("Errore di somma", "Linea sbagliata"))
        shape = extra.random()
        if shape < 0.5:
            entry["detail"] = {
                "subject": {"code": "pair", "params": {"number": index + 1, "players": "A – B"}},
                "before": {"club": ""},
                "after": {"club": "Circolo Aurora"},
            }
        elif shape < 0.7:
            entry["detail"] = ["any", {"json": [1, 2.5, None, True]}]
        entries.append(entry)
    return entries


def random_archive_v2(seed: int) -> dict[str, Any]:
    """A valid version 2 archive in the exporter's canonical form: a version 1 one of the same
    seed with everything version 2 adds (drafts, withdrawals, the forfeiting pair's VP, KO
    third place and per-round length, ties entered as totals with their last move, penalties'
    author and time, the number draw, rule options, a change log)."""
    data = random_archive(seed)
    extra = random.Random(seed * 7919 + 1)
    data["version"] = 2
    tournament, turni = data["tournament"], data["turni"]
    kind = tournament["kind"]
    if kind == "ko":
        ko = tournament["ko"]
        if extra.random() < 0.5:
            ko["third_place"] = True
        if turni and extra.random() < 0.6:
            # A longer last round than the tournament's: every match of it is still valid.
            if extra.random() < 0.5:
                ko["rounds"] = [{"round": len(turni), "mode": "punti", "target": 5005}]
            else:
                longer = (ko.get("smazzate") or 6) + 1
                ko["rounds"] = [{"round": len(turni), "mode": "smazzate", "smazzate": longer}]
        for turno in turni:
            for table in turno["tables"]:
                if "totals" in table and extra.random() < 0.4:
                    table["totals"] = {"ns": 900, "eo": 900, "last_move": extra.choice(LINES)}
    if turni and extra.random() < 0.35:
        draft = turni[-1]
        for table in draft["tables"]:
            for key in ("totals", "forfeit"):
                table.pop(key, None)
            table["smazzate"] = []
        draft["published"] = False
    total = (
        tournament["vp_table"][0]["vp"][0] * 2 if isinstance(tournament["vp_table"], list) else 20
    )
    if extra.random() < 0.4:
        forfeit = tournament.setdefault("forfeit", {"vp": total * 7 // 10, "mp": 355})
        forfeit["loser_vp"] = (
            extra.randint(0, total - forfeit["vp"]) if forfeit["vp"] <= total else 0
        )
    if extra.random() < 0.5:
        tournament["planned_turni"] = max(1, len(turni) + extra.randint(0, 2))
    if extra.random() < 0.4:
        tournament["number_draw"] = {"seed": f"{seed:08x}", "at": _moment(9, 30)}
    preset = get_ruleset(tournament["ruleset"])
    settings = _settings(extra, preset, kind)
    if settings:
        tournament["settings"] = settings
    for pair in data["pairs"]:
        if extra.random() < 0.15:
            seated = [
                t["number"]
                for t in turni
                if pair["number"] in t.get("byes", [])
                or any(pair["number"] in (x["ns"], x["eo"]) for x in t["tables"])
            ]
            pair["withdrawn"] = {"after_turno": max(seated, default=0)}
            if extra.random() < 0.5:
                pair["withdrawn"]["reason"] = "Malore"
    signed = extra.random() < 0.8  # all or none: a penalty without a time sorts last
    for index, penalty in enumerate(data["penalties"]):
        if signed:
            penalty["given_by"] = extra.choice(("direttore", "arbitro"))
            penalty["at"] = _moment(14, 60 * index, extra.choice((0, 500000)))
    data["log"] = _log(extra)
    return data


LINES = ("ns", "eo")
