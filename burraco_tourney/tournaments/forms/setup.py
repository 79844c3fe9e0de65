"""The tournament settings form: name and date, rules, VP table, riposo and forfeit, tie-breaks,
the turno time.

The ruleset and the VP table are built and checked by the rules engine (``get_ruleset``,
``vp_table``); each refusal is shown next to the box it concerns. A rule switch or a bonus left
on "as the ruleset" / blank follows the chosen preset, so changing the preset needs no other
change and the form works without JavaScript. The boxes of the other kind of tournament (the
VP and standings boxes for a knock-out, the KO boxes for pairs) are neither required nor read, so
no refusal ever points at a box the page hides (``setup_kind``). ``TournamentForm.settings()``
gives the validated values in the shape the services take; the form never writes.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.rulesets import PRESETS, get_ruleset
from burraco_tourney.rules.score_step import SCORE_STEP
from burraco_tourney.rules.vp import DEFAULT_VP_TABLE

from ..formats import format_for_choice
from ..models import (
    FederationClass,
    GironiOverall,
    GironiStandings,
    KoMode,
    RulesetName,
    TeamScoring,
    Tournament,
    TournamentKind,
)
from ..results_bridge import VP_PRESET_LABELS
from ..selectors.dashboard import tournament_has_results
from ..settings_values import RecomputeFailed, ResultsCheck, TournamentSettings
from . import setup_ko
from . import setup_rules as rules
from .clock import ClockSettingsForm
from .dates import DayField
from .gironi import overall_field, standings_field
from .setup_dry_run import DryRun, recompute_failed_message
from .setup_initial import (
    COMPLEMENT,
    CUSTOM,
    FORFEIT_LOSER_CHOICES,
    KEPT,
    create_initial,
    initial_for,
)
from .setup_kind import (
    TIEBREAK_FIELDS,
    fit_to_kind,
    ignored_fields,
    kept_pairs_settings,
    kind_client_data,
    riposo_placeholders,
    section_notes,
    tiebreak_boxes,
    untouched_default_swapped,
)
from .setup_players import PlayersFields
from .setup_rules import SWITCH_LABELS
from .setup_teams import TeamFields
from .setup_values import VpCleaning

TIEBREAK_CHOICES = [
    ("scarto", _("Scarto (total MP difference)")),
    ("head_to_head", _("Head-to-head (two tied pairs that met)")),
    ("mp", _("Own MP (total scored)")),
]
VP_CHOICES = [*VP_PRESET_LABELS.items(), (CUSTOM, _("Custom bands"))]


def _points_field(label, hint: str = "") -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=0,
        help_text=hint,
        widget=forms.NumberInput(attrs={"step": SCORE_STEP, "inputmode": "numeric"}),
    )


class TournamentForm(VpCleaning, TeamFields, PlayersFields, ClockSettingsForm):
    name = forms.CharField(label=_("Name"), max_length=200)
    date = DayField(label=_("Date"))
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False)
    federation_class = forms.ChoiceField(
        label=_("Tournament class"),
        choices=FederationClass.choices,
        initial=FederationClass.CIRCOLO,
        required=False,
        help_text=_(
            "The class the federation report gives: a Ridotta card plays only circolo and "
            "federale tournaments."
        ),
    )
    gironi_standings = standings_field(required=False)
    gironi_overall = overall_field(required=False)
    kind = forms.ChoiceField(
        label=_("Kind"),
        choices=TournamentKind.choices,
        initial=TournamentKind.PAIRS,
        widget=forms.RadioSelect,
    )
    ruleset_name = forms.ChoiceField(
        label=_("Ruleset"), choices=RulesetName.choices, initial=RulesetName.CLASSIC
    )
    semipulito = forms.ChoiceField(label=SWITCH_LABELS["semipulito"], required=False)
    closing_needs_pulito = forms.ChoiceField(
        label=SWITCH_LABELS["closing_needs_pulito"], required=False
    )
    pozzetto_penalty_always = forms.ChoiceField(
        label=SWITCH_LABELS["pozzetto_penalty_always"], required=False
    )
    bonus_pulito = _points_field(_("Burraco pulito"))
    bonus_semipulito = _points_field(_("Burraco semipulito"))
    bonus_sporco = _points_field(_("Burraco sporco"))
    bonus_nobile = _points_field(_("Burraco nobile"))
    bonus_reale = _points_field(_("Burraco reale"))
    chiusura_bonus = _points_field(_("Chiusura bonus"))
    pozzetto_penalty = _points_field(_("Pozzetto not taken: penalty"))
    smazzate_per_turno = forms.TypedChoiceField(
        label=_("Smazzate per turno"),
        choices=[(n, n) for n in range(1, 7)],
        coerce=int,
        initial=3,
        help_text=_(
            "The official FIBUR VP tables are for 3 and 4 smazzate; for any other number no "
            "official table is known: type your regulation's bands under “Custom bands”."
        ),
    )
    vp_preset = forms.ChoiceField(
        label=_("VP table"),
        choices=VP_CHOICES,
        initial=DEFAULT_VP_TABLE,
        widget=forms.RadioSelect,
    )
    vp_confirm_preset = forms.BooleanField(label=_("Use this table anyway"), required=False)
    vp_bands = forms.CharField(
        label=_("Custom bands"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 12, "cols": 18, "spellcheck": "false"}),
        help_text=_(
            "Used with “Custom bands” only. One band per line: the largest MP difference of "
            "the band, then the VP of the line with more MP and of the other line, e.g. "
            "150 11 9. The last band starts with - (every larger difference): - 20 0."
        ),
    )
    bye_vp = _points_field(_("Riposo: VP"))
    bye_mp = _points_field(_("Riposo: MP (scarto)"))
    forfeit_vp = _points_field(_("Forfeit win: VP"))
    forfeit_mp = _points_field(_("Forfeit win: MP (scarto)"))
    forfeit_loser = forms.ChoiceField(
        label=_("Forfeit: the absent pair's VP"),
        choices=FORFEIT_LOSER_CHOICES,
        initial=COMPLEMENT,
        required=False,
        widget=forms.RadioSelect,
    )
    # Their initial values are the tie-breaks of the kind a new tournament starts with.
    tiebreak_1 = forms.ChoiceField(label=_("First tie-break"), choices=TIEBREAK_CHOICES)
    tiebreak_2 = forms.ChoiceField(
        label=_("Second tie-break"),
        choices=[("", _("none")), *TIEBREAK_CHOICES],
        required=False,
    )
    tiebreak_3 = forms.ChoiceField(
        label=_("Third tie-break"),
        choices=[("", _("none")), *TIEBREAK_CHOICES],
        required=False,
    )
    planned_turni = forms.IntegerField(
        label=_("Planned turni"), required=False, min_value=1, max_value=99
    )
    ko_mode = forms.ChoiceField(
        label=_("KO match decided"), choices=[("", "—"), *KoMode.choices], required=False
    )
    ko_smazzate = forms.IntegerField(
        label=_("Smazzate per KO match"), required=False, min_value=1, max_value=20
    )
    ko_target = forms.IntegerField(
        label=_("Target score"),
        required=False,
        min_value=5,
        max_value=100000,
        widget=forms.NumberInput(attrs={"placeholder": "2005", "step": SCORE_STEP}),
    )
    confirm_recompute = forms.BooleanField(
        label=_("Recompute every result with the new rules"), required=False
    )

    def __init__(self, *args, tournament: Tournament | None = None, **kwargs) -> None:
        self.tournament = tournament
        kwargs.setdefault("label_suffix", "")
        if tournament is not None:
            kwargs["initial"] = {**initial_for(tournament), **kwargs.get("initial", {})}
        super().__init__(*args, **kwargs)
        new_kind = format_for_choice(self.fields["kind"].initial)
        for name, key in tiebreak_boxes(new_kind.standings.default_tiebreaks).items():
            self.fields[name].initial = key
        self.has_results = tournament is not None and tournament_has_results(tournament=tournament)
        self.ko_round_numbers = setup_ko.add_round_fields(self.fields, tournament)
        self.ignored = ignored_fields(self._shown_value("kind"))
        fit_to_kind(self.fields, format_for_choice(self._shown_value("kind")))
        if "ko_mode" in self.ignored:  # the kind has no KO match length, nor rounds of one
            self.ignored += setup_ko.round_field_names(self.ko_round_numbers)
        if self.is_bound:
            for name in self.ignored:
                self.fields[name].required = False
        if not self.has_results:
            del self.fields["confirm_recompute"]
        ruleset = self._shown_value("ruleset_name")
        rules.show_preset(self.fields, ruleset if ruleset in PRESETS else RulesetName.CLASSIC)
        self.fields["ruleset_name"].help_text = rules.ruleset_summary()
        # Kept whatever the switch says, so that switching semipulito off and on again gives
        # back the director's value (the engine decides when it counts).
        self.fields["bonus_semipulito"].help_text = "{} {}".format(
            self.fields["bonus_semipulito"].help_text,
            _("While semipulito is off it is kept, and counts again when the switch is back on."),
        )
        self.fields["forfeit_vp"].help_text = _("Blank: the riposo value.")
        loser = tournament.forfeit_loser_vp if tournament is not None else None
        if loser not in (None, 0):
            kept = _("%(vp)s VP (as imported)") % {"vp": loser}
            self.fields["forfeit_loser"].choices = [
                *self.fields["forfeit_loser"].choices,
                (KEPT, kept),
            ]
        shown_kind = format_for_choice(self._shown_value("kind"))
        riposo_placeholders(
            self.fields,
            shown_kind,
            self._shown_value("vp_preset"),
            self._shown_value("team_scoring"),
        )
        self._rules: dict[str, Any] | None = None
        self._vp: str | list[dict[str, Any]] | None = None
        self.warnings: list[str] = []
        # The "use this table anyway" box shows once a preset has been refused for it.
        self.vp_confirm_needed = bool(self.is_bound and self.data.get("vp_confirm_preset"))
        # The dry run of a rule change, once the service has made it (shown with the box).
        self.dry_run: DryRun | None = None

    def _shown_value(self, name: str) -> Any:
        """The value a box shows: the posted one, else its initial value."""
        if self.is_bound:
            return self.data.get(self.add_prefix(name))
        return self.initial.get(name, self.fields[name].initial)

    # -- validation ---------------------------------------------------------------------------

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for name in self.ignored:
            # A value the page hides for this kind of tournament: not read, so never refused.
            self.errors.pop(name, None)
            data.pop(name, None)
        self._clean_ruleset(data)
        if "vp_preset" in self.ignored:  # the kind ranks nobody by VP: its settings are kept
            kept = kept_pairs_settings(self.tournament)
            self._vp = kept.pop("vp_table")
            data.update(kept)
        if "team_scoring" in self.ignored:  # a team match's settings: kept as they are
            kept = self.tournament
            data["team_scoring"] = kept.team_scoring if kept else TeamScoring.VP_SUM
            data["team_vp_table"] = kept.team_vp_table if kept else []
        else:  # before the riposo and forfeit values: a team's are limited by the match's VP
            self._clean_team(data)
        if "vp_preset" not in self.ignored:
            table = self._clean_vp(data)
            for prefix in ("bye", "forfeit"):
                self._clean_value(data, prefix, table)
            self._clean_forfeit_loser(data)
            self._clean_tiebreaks(data)
        setup_ko.clean_ko(self, data, self.ko_round_numbers)
        return data

    def _clean_ruleset(self, data: dict[str, Any]) -> None:
        name = data.get("ruleset_name")
        if name is None:
            return
        if self.tournament is not None and not set(rules.RULESET_FIELDS) & set(self.changed_data):
            # Untouched: keep the stored rules exactly, whatever they were imported with.
            self._rules = self.tournament.rules
            return
        try:
            self._rules = get_ruleset(name, **rules.ruleset_overrides(data)).to_dict()
        except RuleError as err:
            self.add_error(rules.ruleset_error_field(err), rules.ruleset_error_message(err))

    def _clean_tiebreaks(self, data: dict[str, Any]) -> None:
        fmt = format_for_choice(data.get("kind"))
        names = TIEBREAK_FIELDS
        offered = [self.initial.get(name, self.fields[name].initial) for name in names]
        kept = untouched_default_swapped(fmt, [data.get(name) for name in names], offered)
        if kept is not None:
            data["tiebreaks"] = kept
            return
        chosen: list[str] = []
        for name in TIEBREAK_FIELDS:
            key = data.get(name)
            if not key:
                continue
            if key in chosen:
                self.add_error(name, _("This tie-break is already chosen above."))
            if key in fmt.standings.refused_tiebreaks:
                self.add_error(name, fmt.standings.refused_tiebreaks_reason)
            chosen.append(key)
        data["tiebreaks"] = chosen

    def ko_round_rows(self) -> list[tuple[Any, Any]]:
        """The per-round boxes, a (mode, number) pair of bound fields per KO round."""
        return [
            (self[setup_ko.mode_field(n)], self[setup_ko.length_field(n)])
            for n in self.ko_round_numbers
        ]

    @cached_property
    def section_notes(self) -> dict[str, str]:
        """Which kinds each section is for, said under its title (``section_notes``): read
        once for the page's five notes."""
        return section_notes()

    def client_data(self) -> dict[str, Any]:
        """What the page's small script needs (see ``setup_rules.client_data``)."""
        # Each kind's default tie-breaks: the script swaps a default left untouched when the
        # kind changes (the server does the same without it, ``_clean_tiebreaks``).
        return {**rules.client_data(), **kind_client_data()}

    # -- results ------------------------------------------------------------------------------

    @property
    def confirmed(self) -> bool:
        return bool(self.cleaned_data.get("confirm_recompute"))

    def settings(self) -> TournamentSettings:
        """The validated settings; call after ``is_valid()``."""
        data = self.cleaned_data
        assert self._rules is not None and self._vp is not None
        return TournamentSettings(
            name=data["name"].strip(),
            date=data["date"],
            venue=data["venue"].strip(),
            kind=data["kind"],
            ruleset_name=data["ruleset_name"],
            rules=self._rules,
            smazzate_per_turno=data["smazzate_per_turno"],
            vp_table=self._vp,
            bye_vp=data["bye_vp"],
            bye_mp=data["bye_mp"],
            forfeit_vp=data["forfeit_vp"],
            forfeit_mp=data["forfeit_mp"],
            forfeit_loser_vp=data.get("forfeit_loser_vp"),
            tiebreaks=data["tiebreaks"],
            planned_turni=data["planned_turni"],
            ko_mode=data["ko_mode"],
            ko_smazzate=data["ko_smazzate"],
            ko_target=data["ko_target"],
            ko_rounds=data["ko_rounds"],
            team_scoring=data["team_scoring"],
            team_vp_table=data["team_vp_table"],
            turno_minutes=data["turno_minutes"],
            last_smazzata_minutes=data["last_smazzata_minutes"],
            federation_class=data.get("federation_class") or FederationClass.CIRCOLO,
            gironi_standings=data.get("gironi_standings") or GironiStandings.SINCE_TURNO_1,
            gironi_overall=data.get("gironi_overall") or GironiOverall.BY_GIRONE,
            **self.players_settings(),
        )

    def needs_confirmation(self, fields: list[str], check: ResultsCheck | None = None) -> None:
        """Show, next to the confirmation box, that these rule changes need it, and their dry
        run: which results change, from what to what."""
        self.dry_run = DryRun.of(check or ResultsCheck(counted=0), self.tournament)
        labels = ", ".join(str(Tournament._meta.get_field(name).verbose_name) for name in fields)
        self.add_error(
            "confirm_recompute" if "confirm_recompute" in self.fields else None,
            _(
                "Results have already been entered: changing %(fields)s recomputes every "
                "result. Tick the box to confirm, or put the rules back."
            )
            % {"fields": labels},
        )

    def recompute_failed(self, error: RecomputeFailed) -> None:
        self.add_error(None, recompute_failed_message(error))


__all__ = ["TournamentForm", "create_initial", "initial_for", "recompute_failed_message"]
