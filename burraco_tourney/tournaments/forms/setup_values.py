"""The settings form's checks of the VP table and of the values it shares out: the riposo, the
forfeit and the forfeiting pair's VP. A mixin of ``setup.TournamentForm``, kept apart so the form
reads as its boxes and their order."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.vp import VpTable, default_bye, vp_table

from ..formats import format_for_choice
from .setup_initial import COMPLEMENT, CUSTOM, ZERO
from .setup_vp import parse_bands, preset_mismatch


class VpCleaning:
    """The settings form's checks of the VP table, the riposo and forfeit values and the
    forfeiting pair's VP (a mixin of ``setup.TournamentForm``: it uses the form's
    ``add_error``, ``warnings``, ``changed_data`` and ``tournament``)."""

    def _clean_vp(self, data: dict[str, Any]) -> VpTable | None:
        choice = data.get("vp_preset")
        if choice is None:
            return None
        if choice != CUSTOM:
            self._vp = choice
            self._check_preset_fits(choice, data.get("smazzate_per_turno"), data)
            return vp_table(choice)
        try:
            bands = parse_bands(data.get("vp_bands", ""))
        except forms.ValidationError as err:
            self.add_error("vp_bands", err)
            return None
        try:
            table = vp_table(bands)
        except RuleError as err:
            self.add_error("vp_bands", rule_error_message(err))
            return None
        first = table.bands[0]
        if first.winner != first.loser:
            # The engine accepts such a table, but a tied table (equal MP) falls in the first
            # band and could then not be converted: refuse it now rather than at the first tie.
            self.add_error(
                "vp_bands",
                _(
                    "VP band 1: a tie falls in the first band, so it must give both lines the "
                    "same VP (e.g. 10 10), not %(winner)s-%(loser)s."
                )
                % {"winner": first.winner, "loser": first.loser},
            )
            return None
        self._vp = table.to_json()
        return table

    def _check_preset_fits(self, choice: str, smazzate: int | None, data: dict) -> None:
        """A preset made for another number of smazzate: a warning, or a refusal (unless
        confirmed) when no published table exists for this number (``preset_mismatch``)."""
        # A combination already stored is warned about, not refused at every save.
        chosen_now = self.tournament is None or {"vp_preset", "smazzate_per_turno"} & set(
            self.changed_data
        )
        kept = bool(data.get("vp_confirm_preset")) or not chosen_now
        mismatch = preset_mismatch(choice, smazzate, kept=kept)
        if mismatch is None:
            return
        sentence, no_table = mismatch
        if no_table and not kept:
            self.vp_confirm_needed = True
            self.add_error("vp_preset", sentence)
        else:
            self.warnings.append(sentence)

    def _clean_value(self, data: dict[str, Any], prefix: str, table: VpTable | None) -> None:
        vp, mp = data.get(f"{prefix}_vp"), data.get(f"{prefix}_mp")
        if prefix == "bye" and vp is None and mp is None and table is not None:
            fmt = format_for_choice(data.get("kind"))
            if fmt.default_riposo(table, data.get("team_scoring") or "") is None:
                # An entrant rests whenever the field is odd (a withdrawal makes it so), and
                # only the presets have a house value (a team match scored by the MP
                # difference has none): without one the standings cannot be counted.
                if default_bye(table) is None:
                    missing = (
                        _("A custom VP table has no riposo value: give its VP."),
                        _("A custom VP table has no riposo value: give its MP."),
                    )
                else:
                    missing = (
                        _(
                            "Scored by the MP difference, a team's riposo has no default "
                            "value: give its VP."
                        ),
                        _(
                            "Scored by the MP difference, a team's riposo has no default "
                            "value: give its MP."
                        ),
                    )
                self.add_error("bye_vp", missing[0])
                self.add_error("bye_mp", missing[1])
            return
        if (vp is None) != (mp is None):
            missing = f"{prefix}_mp" if mp is None else f"{prefix}_vp"
            self.add_error(missing, _("Give both the VP and the MP, or leave both blank."))
        if vp is None or table is None:
            return
        # A team's riposo or forfeit is a match's: its limit is the match's (``_match_total``).
        team_match, match_total = self._match_total(data, table)
        if team_match:
            if match_total is not None and not 0 <= vp <= match_total:
                self.add_error(
                    f"{prefix}_vp",
                    _("At most %(total)s: the two teams of a match share %(total)s VP.")
                    % {"total": match_total},
                )
        elif not table.holds(vp):
            self.add_error(
                f"{prefix}_vp",
                _("At most %(total)s: the two lines of a table share %(total)s VP.")
                % {"total": table.total},
            )

    def _clean_forfeit_loser(self, data: dict[str, Any]) -> None:
        choice = data.get("forfeit_loser") or COMPLEMENT
        if choice == ZERO:
            data["forfeit_loser_vp"] = 0
        elif choice == COMPLEMENT:
            data["forfeit_loser_vp"] = None
        else:  # a value an archive brought: kept as it is
            data["forfeit_loser_vp"] = self.tournament.forfeit_loser_vp if self.tournament else None
