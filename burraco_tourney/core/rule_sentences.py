"""The sentences of the rules engine's refusals, by code, in English msgids.

``MESSAGES`` holds one sentence per code; ``VARIANTS`` the shorter ones for raise sites that
pass fewer params, tried in order after it. ``rule_messages`` fills them in; this module only
lists them, so that the sentences and the way they are shown can each be read on their own.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

MESSAGES: dict[str, Any] = {
    # cards
    # Translators: the suit letters are the Italian initials: cuori, quadri, fiori, picche.
    "bad_card": _(
        "“%(card)s” is not a card: write a rank (A, 2-10, J, Q, K) and a suit (C, Q, F, P), "
        "or JK for the jolly."
    ),
    "empty_meld": _("The meld has no cards."),
    # Translators: %(ruleset)s is the name of a ruleset, e.g. “Burraco reale”.
    "jolly_not_in_ruleset": _("The ruleset “%(ruleset)s” plays without the jolly."),
    # melds
    "too_few_cards": _("A meld needs at least 3 cards; this one has %(size)s."),
    "too_long": _(
        "A meld holds at most 14 cards (a sequence from ace to ace); this one has %(size)s."
    ),
    # Translators: %(card)s is a card such as 10Q; %(count)s is how many the meld has.
    "too_many_copies": _("Two decks hold only two %(card)s; this meld has %(count)s."),
    "only_wild": _("A meld of matte alone (jolly and 2s) is not allowed."),
    "too_many_wild": _(
        "A meld may hold only one matta (a jolly, or a 2 out of its natural place); "
        "this one has %(count)s."
    ),
    "combination_not_allowed": _(
        "The ruleset “%(ruleset)s” has no combinations: melds are sequences only."
    ),
    "mixed_ranks": _(
        "The natural cards of a combination must all have the same rank "
        "(and those of a sequence the same suit)."
    ),
    # Translators: %(suits)s lists suits in words, e.g. “cuori, quadri”.
    "mixed_suits": _("The natural cards of a sequence must all be of one suit (here %(suits)s)."),
    # Translators: %(rank)s is a rank such as 7 or K.
    "repeated_rank": _("A sequence cannot hold the same rank twice (%(rank)s)."),
    "not_consecutive": _(
        "The cards of a sequence must be consecutive; one matta may fill one gap."
    ),
    "round_the_corner": _(
        "The ace goes before the 2 or after the K, never both: K-A-2 is not a sequence."
    ),
    "bad_stand_in": _(
        "“%(card)s” is not a card a matta can stand for: write a card such as 9C, or a rank "
        "such as 9."
    ),
    # melds as laid; Translators: %(card)s and %(previous)s are cards such as 9C.
    "laid_out_of_order": _(
        "As laid, the cards are not in sequence order: %(card)s cannot come next to %(previous)s."
    ),
    # Translators: %(cards)s lists two cards, e.g. “2C, 2P”.
    "laid_too_many_wild": _(
        "As laid, %(cards)s are both matte (a 2 is natural only in its own suit's natural "
        "place), and a meld may hold only one."
    ),
    "no_matta_to_stand_in": _(
        "This meld holds no matta (every card is in its natural place), so nothing stands "
        "for %(card)s."
    ),
    # Translators: %(matta)s is the matta, %(laid)s the card it stands for as laid, %(card)s
    # the card the director gave.
    "matta_cannot_stand_for": _("As laid, %(matta)s stands for %(laid)s, not %(card)s."),
    # rulesets
    "unknown_ruleset": _("There is no ruleset called “%(name)s”."),
    # Translators: %(option)s is the technical name of a rule option, e.g. chiusura_bonus.
    "unknown_rule_option": _("“%(option)s” is not a rule option that can be set."),
    "invalid_rule_option": _("The rule option “%(option)s” cannot take the value %(value)s."),
    "semipulito_not_in_ruleset": _("The ruleset “%(ruleset)s” has no burraco semipulito."),
    # Translators: %(line)s is NS or EO; %(kind)s is a burraco kind such as nobile.
    "burraco_kind_not_in_ruleset": _(
        "%(line)s: the rules of this tournament have no burraco %(kind)s."
    ),
    "negative_rule_value": _("The rule option “%(option)s” cannot be negative (%(value)s)."),
    "rule_value_not_multiple_of_5": _(
        "The rule option “%(option)s” must be a multiple of 5; %(value)s is not."
    ),
    # scoring
    # Translators: %(line)s is NS or EO; %(value)s is what was typed.
    "cards_not_integer": _("%(line)s: card points must be a whole number, not %(value)s."),
    "cards_not_multiple_of_5": _("%(line)s: card points %(value)s are not a multiple of 5."),
    # Translators: %(field)s is a scorecard box such as “burraco pulito”.
    "count_not_integer": _(
        "%(line)s: the number of %(field)s must be a whole number, not %(value)s."
    ),
    "negative_count": _("%(line)s: the number of %(field)s cannot be negative (%(value)s)."),
    # Translators: %(field)s is a yes/no box of the scorecard: “closed” or “took the pozzetto”.
    "flag_not_boolean": _("%(line)s: “%(field)s” must be yes or no, not %(value)s."),
    "both_lines_closed": _("Only one line can close a smazzata."),
    "closing_without_pozzetto": _(
        "%(line)s closed without taking its pozzetto: a line must take it to close."
    ),
    "closing_without_burraco": _("%(line)s closed without a burraco: closing needs at least one."),
    # Translators: %(kinds)s lists burraco kinds, e.g. “pulito, nobile, reale”.
    "closing_without_clean_burraco": _(
        "%(line)s closed without a clean burraco: these rules need at least one (%(kinds)s)."
    ),
    "chiusura_end_without_closer": _(
        "The smazzata is marked as ended by chiusura, but no line closed."
    ),
    # Translators: %(closer)s is NS or EO; %(end)s is how the smazzata was marked as ended,
    # e.g. “Time out”.
    "closer_without_chiusura_end": _(
        "%(closer)s closed, so the smazzata ended by chiusura; it cannot be marked “%(end)s”."
    ),
    "unknown_end": _("%(value)s is not a way a smazzata can end."),
    "unknown_last_move": _("The last move is made by NS or EO, not %(value)s."),
    # Translators: %(closer)s and %(last_move)s are NS or EO.
    "last_move_not_closer": _(
        "%(closer)s closed, so %(closer)s made the last move, not %(last_move)s: closing is "
        "the last move of a smazzata."
    ),
    # pack; Translators: %(limit)s is what the whole pack is worth, e.g. 1080.
    "cards_beyond_pack": _(
        "%(line)s: card points %(value)s and the other line's %(other)s add up to %(total)s "
        "without their signs, but the whole pack is worth %(limit)s."
    ),
    # Translators: %(field)s is e.g. “burraco reale”; %(cards)s and %(limit)s count cards.
    "burraco_beyond_pack": _(
        "%(line)s: with these burraco (%(value)s %(field)s among them) the two lines would have "
        "laid at least %(cards)s cards, but the pack holds %(limit)s."
    ),
    # anomalies (flags, not refusals)
    "closer_negative_cards": _(
        "Smazzata %(smazzata)s: %(line)s closed with negative card points (%(value)s): check "
        "the entry."
    ),
    "margin_beyond_usual": _(
        "A margin of %(margin)s MP over %(smazzate)s smazzate is beyond the usual (%(limit)s): "
        "check the entry."
    ),
    "table_without_result": _("Table %(table)s has no result yet."),
    "same_total_every_smazzata": _(
        "Both lines have the same total in every smazzata (%(smazzate)s): check that one "
        "line's figures were not copied into the other's."
    ),
    # Translators: %(other)s is the number of another table of the same turno.
    "mirrored_result": _(
        "%(ns_mp)s – %(eo_mp)s is the result of table %(other)s with NS and EO swapped: check "
        "that one scorecard was not entered twice."
    ),
    "smazzate_count": _(
        "%(count)s smazzate entered; the turno has %(expected)s: check the scorecard."
    ),
    # vp
    "unknown_vp_preset": _(
        "There is no VP table called “%(name)s”: use fibur-3, fibur-4 or a list of bands."
    ),
    "vp_table_invalid": _("A VP table is a preset name or a list of bands, not %(value)s."),
    "vp_table_empty": _("A VP table needs at least one band."),
    "team_vp_table_missing": _("A match scored by the MP difference needs a team VP table."),
    # Translators: %(band)s is the position of a band in the VP table, counted from 1.
    "vp_band_shape": _(
        "VP band %(band)s: a band needs an upper bound and two whole VP numbers, "
        "e.g. up to 150: 11-9."
    ),
    "vp_bound_invalid": _(
        "VP band %(band)s: the upper bound must be a whole number of points, 0 or more, "
        "not %(value)s."
    ),
    "vp_bounds_not_ascending": _(
        "VP band %(band)s: the upper bound %(value)s must be greater than the previous band's."
    ),
    "vp_open_band_not_last": _("VP band %(band)s: only the last band may have no upper bound."),
    "vp_last_band_not_open": _(
        "VP band %(band)s: the last band must have no upper bound (it covers every larger "
        "difference)."
    ),
    "vp_negative": _("VP band %(band)s: VP cannot be negative (%(value)s)."),
    # Translators: %(winner)s-%(loser)s are the VP of the two lines, e.g. 9-11.
    "vp_winner_below_loser": _(
        "VP band %(band)s: the line with more MP cannot get fewer VP (%(winner)s-%(loser)s)."
    ),
    "vp_total_mismatch": _(
        "VP band %(band)s: its VP add up to %(total)s, not %(expected)s like the first band."
    ),
    "vp_winner_decreasing": _(
        "VP band %(band)s: a larger difference cannot give the winner fewer VP "
        "(%(winner)s after %(previous)s)."
    ),
    "vp_tie_uneven_band": _(
        "The VP table gives no even split for a tie (band %(band)s gives %(winner)s-%(loser)s)."
    ),
    # match
    # Translators: %(smazzata)s is the number of the smazzata, counted from 1.
    "bad_last_move": _("Smazzata %(smazzata)s: the last move must be NS or EO, not %(value)s."),
    "bad_smazzate_to_play": _(
        "The number of smazzate must be a whole number of 1 or more, not %(value)s."
    ),
    "bad_target": _("The target score must be a whole number of 1 or more, not %(value)s."),
    "too_many_smazzate": ngettext_lazy(
        "The match is of %(planned)s smazzata, but %(entered)s were entered.",
        "The match is of %(planned)s smazzate, but %(entered)s were entered.",
        "planned",
    ),
    "smazzate_after_match_end": ngettext_lazy(
        "The match ended with smazzata %(smazzata)s (target %(target)s reached); "
        "%(extra)s smazzata was entered after it.",
        "The match ended with smazzata %(smazzata)s (target %(target)s reached); "
        "%(extra)s smazzate were entered after it.",
        "extra",
    ),
    "tie_needs_last_move": _(
        "The match is tied: record which line made the last move of the last smazzata."
    ),
    "target_not_reached": _(
        "Neither line has reached %(target)s points: the match is not over. Enter the totals "
        "when a line reaches them, or enter the match smazzata by smazzata."
    ),
    # ko_length
    "bad_ko_round": _(
        "Round %(round)s: give either a number of smazzate or a target score (a multiple of 5), "
        "once per round."
    ),
    # ko (brackets)
    "ko_too_few_pairs": _("A knock-out needs at least two pairs, not %(count)s."),
    "ko_duplicate_pair": _("Pair %(pair)s appears twice in the seeding."),
    "ko_duplicate_seed": _("Pairs %(pair)s and %(other)s have the same seed %(seed)s."),
    "ko_irregular_first_round": _(
        "Round 1 has %(tables)s tables and %(byes)s riposi: a bracket of %(entrants)s pairs "
        "needs %(expected_byes)s riposi, and every other pair at a table."
    ),
    # standings
    "same_pair_both_lines": _(
        "Turno %(turno)s, table %(table)s: pair %(pair)s cannot sit on both lines."
    ),
    "bad_forfeit_line": _(
        "Turno %(turno)s, table %(table)s: the forfeit winner must be NS or EO, not %(value)s."
    ),
    "forfeit_vp_out_of_range": _(
        "A forfeit win of %(value)s VP does not fit a VP table where a table shares %(total)s VP."
    ),
    "duplicate_pair": _("Pair %(pair)s is listed twice."),
    # Translators: %(line)s is NS or EO.
    "unknown_pair": _("Table %(table)s, %(line)s: pair %(pair)s is not in the tournament."),
    "pair_twice_in_turno": _("Turno %(turno)s: pair %(pair)s appears more than once."),
    "bye_value_missing": _(
        "Pair %(pair)s rests in turno %(turno)s: set the value of a riposo (VP and MP)."
    ),
    "forfeit_value_missing": _(
        "Turno %(turno)s, table %(table)s was won by forfeit: set the value of a forfeit "
        "(or of a riposo)."
    ),
    # tiebreaks
    "unknown_tiebreak": _("There is no tie-break called “%(key)s”."),
    # why is a pair above another
    "explain_same_pair": _("Pick two different pairs."),
    "explain_unknown_pair": _("Pair %(pair)s is not in the standings."),
    "explain_same_player": _("Pick two different players."),
    "explain_unknown_player": _("Player %(player)s is not in the standings."),
    # pairing
    "too_few_pairs": ngettext_lazy(
        "At least two pairs are needed to draw a turno; there is only %(count)s.",
        "At least two pairs are needed to draw a turno; there are %(count)s.",
        "count",
    ),
    "invalid_pair_number": _("Pair number %(pair)s is not a whole number of 1 or more."),
    "turno_out_of_range": ngettext_lazy(
        "Turno %(turno)s does not exist: the calendar has %(turni)s turno.",
        "Turno %(turno)s does not exist: the calendar has %(turni)s turni.",
        "turni",
    ),
    "invalid_step": _(
        "The Mitchell step must be at least 1 and less than the number of tables "
        "(%(tables)s), not %(step)s."
    ),
    # Translators: %(modes)s lists the Danese modes, e.g. “puro, modificato, no rematches”.
    "gironi_too_few": _("Give at least two gironi, top first, as “7, 9, 9”."),
    "girone_size_zero": _("Girone %(girone)s has no table: every girone needs at least one."),
    "gironi_size_mismatch": _(
        "%(tables)s tables do not seat the %(entrants)s playing: the gironi must add up to "
        "%(needed)s tables (the last girone may have a riposo)."
    ),
    "unknown_mode": _("There is no Danese mode called “%(mode)s”: use %(modes)s."),
    "pair_seated_twice": _(
        "Pair %(pair)s is seated at table %(first_table)s and again at table %(table)s."
    ),
    "pair_rests_twice": _("Pair %(pair)s is listed twice among the pairs that rest."),
    "pair_seated_and_resting": _(
        "Pair %(pair)s is seated at table %(table)s and also listed as resting."
    ),
    "pair_missing": _("Pair %(pair)s is neither seated nor resting."),
    "bye_with_even_pairs": _(
        "With %(count)s pairs nobody rests, but pair %(pair)s is listed as resting."
    ),
    # Translators: %(pairs)s lists pair numbers, e.g. “3, 5”.
    "too_many_byes": _("Only one pair may rest, not %(count)s (pairs %(pairs)s)."),
    # individual tournaments (players, not pairs)
    "too_few_players": ngettext_lazy(
        "At least four players are needed to draw a turno; there is only %(count)s.",
        "At least four players are needed to draw a turno; there are %(count)s.",
        "count",
    ),
    "duplicate_player": _("Player %(player)s is listed twice."),
    "invalid_player_number": _("“%(player)s” is not a player number."),
    "table_not_two_lines": _("Table %(table)s must have two lines, not %(count)s."),
    # Translators: %(line)s is NS or EO.
    "line_not_two_players": _(
        "Turno %(turno)s, table %(table)s, %(line)s: a line is two players, not %(count)s."
    ),
    # Translators: %(line)s is NS or EO.
    "unknown_player": _("Table %(table)s, %(line)s: player %(player)s is not in the tournament."),
    # Translators: %(line)s and %(first_line)s are NS or EO.
    "player_seated_twice": _(
        "Player %(player)s is seated twice: table %(first_table)s %(first_line)s and table "
        "%(table)s %(line)s."
    ),
    "player_rests_twice": _("Player %(player)s is listed twice among those resting."),
    "player_seated_and_resting": _(
        "Player %(player)s cannot rest: he is seated at table %(table)s."
    ),
    "player_missing": _("Player %(player)s is neither seated nor resting."),
    "too_many_players_resting": _(
        "At most three players may rest in a turno, not %(count)s (players %(players)s)."
    ),
    # Translators: %(line)s is NS or EO.
    "player_twice_at_table": _(
        "Turno %(turno)s, table %(table)s: player %(player)s sits twice (%(line)s)."
    ),
    "player_twice_in_turno": _("Turno %(turno)s: player %(player)s appears more than once."),
    "tiebreak_not_individual": _(
        "The tie-break “%(key)s” does not apply to an individual tournament: partners change "
        "every turno."
    ),
    # one table's outcome
    "no_smazzate": _("Enter at least one smazzata."),
    "turno_too_many_smazzate": ngettext_lazy(
        "A turno of this tournament has %(planned)s smazzata, not %(entered)s.",
        "A turno of this tournament has %(planned)s smazzate, not %(entered)s.",
        "planned",
    ),
    "mp_not_multiple_of_5": _("%(value)s is not a multiple of 5"),
    # the forms' boxes (``score_step.check_score``)
    "penalty_mp_not_multiple_of_5": _("Every burraco score is a multiple of 5: %(value)s is not."),
    "ko_target_not_multiple_of_5": _("A target score is a multiple of 5 (e.g. 2005)."),
    "forfeit_loser_vp_out_of_range": _(
        "The forfeiting pair cannot get %(value)s VP: the winner gets %(winner)s and a table "
        "shares %(total)s."
    ),
    "ko_later_match": _(
        "Round %(round)s, table %(table)s (pair %(ns)s v pair %(eo)s) was drawn from the old "
        "result and already has its own: clear it first, or keep the old rules."
    ),
}

# Shorter sentences for raise sites that pass fewer params, tried in order after MESSAGES.
VARIANTS: dict[str, tuple[Any, ...]] = {
    "unknown_ruleset": (_("The stored rules do not name a known ruleset."),),
    "burraco_kind_not_in_ruleset": (
        _("The ruleset “%(ruleset)s” has no burraco %(kind)s."),
        _("The rules of this tournament have no burraco %(kind)s."),
    ),
    "cards_not_integer": (_("Card points must be a whole number, not %(value)s."),),
    "cards_not_multiple_of_5": (_("Card points %(value)s are not a multiple of 5."),),
    "count_not_integer": (_("The number of %(field)s must be a whole number, not %(value)s."),),
    "negative_count": (_("The number of %(field)s cannot be negative (%(value)s)."),),
    "flag_not_boolean": (_("“%(field)s” must be yes or no, not %(value)s."),),
    "bad_last_move": (_("The last move must be NS or EO, not %(value)s."),),
    "same_pair_both_lines": (_("Table %(table)s: pair %(pair)s cannot sit both NS and EO."),),
    "unknown_pair": (
        _("Turno %(turno)s: pair %(pair)s is not in the tournament."),
        _("Pair %(pair)s is not in the tournament."),
    ),
    "turno_out_of_range": (_("Turno %(turno)s does not exist."),),
    "bye_value_missing": (
        _("Player %(player)s rests in turno %(turno)s: set the value of a riposo (VP and MP)."),
    ),
    "unknown_player": (
        _("Turno %(turno)s: player %(player)s is not in the tournament."),
        _("Player %(player)s is not in the tournament."),
    ),
    "line_not_two_players": (
        _("Table %(table)s, %(line)s: a line is two players, not %(count)s."),
    ),
    "matta_cannot_stand_for": (
        _("%(matta)s cannot stand for %(card)s in this meld; it can stand for %(options)s."),
    ),
    "cards_beyond_pack": (
        _("%(line)s: card points %(value)s are more than the whole pack is worth (%(limit)s)."),
    ),
    "closer_negative_cards": (
        _("%(line)s closed with negative card points (%(value)s): check the entry."),
    ),
    "forfeit_value_missing": (
        _(
            "This tournament has no value for a forfeit: set the forfeit (or riposo) VP and "
            "MP in the settings first."
        ),
    ),
}
