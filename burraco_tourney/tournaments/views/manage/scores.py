"""Director pages: entering and correcting a table's result, and a turno's progress.

One page per table per turno, laid out like the paper scorecard, in one of three modes: per
smazzata (the default), turno totals only (``?modo=totali``), forfeit (``?modo=forfait``).
Saving goes straight to the next table of the turno still without a result, or back to the
turno's results page when none is left. Thin views: parse the request, call one service
(``services/scores.py``) or selector (``selectors/scores.py``), render. The live totals beside
the boxes come from the server too: ``score_preview.py`` binds the same form (``result_form``)
and the page draws the same parts (``score_live.py``) on a refused save.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from burraco_tourney.core.rule_messages import LINE_LABELS, rule_error_message
from burraco_tourney.core.scores import score_text
from burraco_tourney.rules.errors import RuleError

from ...access import director_view
from ...forms.scorecard import ScorecardForm
from ...forms.scores import ClearForm, ForfeitForm, ResultForm, TotalsForm
from ...models import EntryMode, Table, Tournament, Turno
from ...results_bridge import (
    tournament_forfeit_value,
    tournament_rules,
    tournament_ruleset,
    tournament_vp_table,
)
from ...selectors import score_preview
from ...selectors import scores as selectors
from ...services import scores as services
from . import score_live

# The mode of the page in its address (?modo=...), in Italian like the rest of the URLs.
MODE_WORDS = {
    EntryMode.SMAZZATE: "smazzate",
    EntryMode.TOTALS: "totali",
    EntryMode.FORFEIT: "forfait",
}
MODE_LABELS = {
    EntryMode.SMAZZATE: gettext_lazy("By smazzata"),
    EntryMode.FORFEIT: gettext_lazy("Forfeit"),
}


def turno_or_refusal(request: HttpRequest, tournament: Tournament, number: int):
    """The published turno, or a redirect to the draft's preview with a message."""
    turno = selectors.scoring_turno(tournament=tournament, number=number)
    if turno.published:
        return turno, None
    messages.error(
        request,
        _("Turno %(turno)s is a draft: publish it before entering its scores.")
        % {"turno": turno.number},
    )
    return turno, redirect("manage:turno_preview", tournament.slug, turno.number)


def _mode(request: HttpRequest, table: Table) -> str:
    if request.method == "POST":
        wanted = request.POST.get("mode", "")
    else:
        words = {word: mode for mode, word in MODE_WORDS.items()}
        wanted = words.get(request.GET.get("modo", ""), "")
    if wanted in MODE_WORDS:
        return wanted
    return table.entry_mode or EntryMode.SMAZZATE


def result_form(
    tournament: Tournament,
    table: Table,
    mode: str,
    data=None,
    *,
    rows: int | None = None,
    saving: bool = False,
) -> ResultForm:
    """The form of ``mode`` for ``table``, bound to ``data``: the same for a save and a preview.
    ``rows``: the scorecard's number of smazzate, when not the usual one. ``saving``: bound for
    a save, whose service asks the engine (``ResultForm.engine_at_save``)."""
    form = _result_form(tournament, table, mode, data, rows)
    form.engine_at_save = saving
    return form


def _result_form(
    tournament: Tournament, table: Table, mode: str, data, rows: int | None
) -> ResultForm:
    if mode == EntryMode.TOTALS:
        return TotalsForm(data, table=table)
    if mode == EntryMode.FORFEIT:
        return ForfeitForm(data, table=table)
    if rows is None:
        rows = selectors.smazzate_rows(
            tournament,
            len(table.smazzate.all()),
            table.turno.number,
            posted=selectors.posted_rows(data),
        )
    return ScorecardForm(
        data,
        table=table,
        ruleset=tournament_ruleset(tournament),
        rows=rows,
        planned=tournament.fmt.scoring.planned_smazzate(tournament, table.turno.number),
    )


def _record(form: ResultForm, table: Table, user) -> services.SavedResult:
    data = form.cleaned_data
    common = {"table": table, "user": user, "version": data["version"], "reason": data["reason"]}
    if isinstance(form, ClearForm):
        return services.table_clear_result(**common)
    # Refused when the rules changed since the page was built (the form checks it too).
    common["rules_seen"] = data.get("rules_seen", "")
    if isinstance(form, TotalsForm):
        return services.table_record_totals(
            ns_mp=data["ns_mp"],
            eo_mp=data["eo_mp"],
            last_move=data.get("last_move") or None,
            **common,
        )
    if isinstance(form, ForfeitForm):
        return services.table_record_forfeit(absent=data["absent"], **common)
    assert isinstance(form, ScorecardForm)
    common["reason"] = form.recorded_reason()
    return services.table_record_smazzate(smazzate=form.smazzate, **common)


def _try_record(form: ResultForm, table: Table, user) -> services.SavedResult | None:
    """Save a valid form through its service; None when refused (the errors are on the form)."""
    try:
        return _record(form, table, user)
    except services.ScorecardInvalid as refusal:
        assert isinstance(form, ScorecardForm)
        for number, error in refusal.errors:
            form.add_rule_error(number, error)
    except ValidationError as error:
        form.add_service_error(error)
    except RuleError as error:
        form.add_error(None, rule_error_message(error))
    return None


def ko_saved_message(table: Table) -> str:
    """Who goes through, and on a tie that the last move decided it (RULES.md section 8)."""
    match = table.match
    if not match.winner:
        return _("Table %(table)s saved: %(ns_mp)s – %(eo_mp)s, the match is not decided yet.") % {
            "table": table.label,
            "ns_mp": score_text(table.ns_mp),
            "eo_mp": score_text(table.eo_mp),
        }
    winner, loser = (table.ns, table.eo) if match.winner == "ns" else (table.eo, table.ns)
    won, lost = (table.ns_mp, table.eo_mp) if match.winner == "ns" else (table.eo_mp, table.ns_mp)
    params = {"table": table.label, "winner": winner.number, "loser": loser.number}
    if table.entry_mode == EntryMode.FORFEIT:
        return (
            _(
                "Table %(table)s saved: pair %(winner)s goes through by forfeit (pair %(loser)s "
                "did not play)."
            )
            % params
        )
    if match.by_last_move:
        return _(
            "Table %(table)s saved. Tie %(mp)s–%(mp)s: pair %(winner)s goes through, pair "
            "%(loser)s made the last move."
        ) % {**params, "mp": score_text(won)}
    return _("Table %(table)s saved: pair %(winner)s goes through, %(won)s to %(lost)s.") % {
        **params,
        "won": score_text(won),
        "lost": score_text(lost),
    }


def _forfeit_saved_message(table: Table) -> str | None:
    """A forfeit: who won it, the VP and the scarto it gives each line (the MP stay 0 – 0)."""
    match = table.match
    forfeit = tournament_forfeit_value(table.turno.tournament)
    scarto = selectors.forfeit_scarto(table, forfeit)
    if scarto is None:
        return None
    # Translators: %(line)s is NS or EO, the line that won; the scarto are signed: +355, -355.
    return _(
        "Table %(table)s saved, forfeit win for %(line)s: NS %(ns)s %(ns_vp)s VP, scarto "
        "%(ns_scarto)s · EO %(eo)s %(eo_vp)s VP, scarto %(eo_scarto)s."
    ) % {
        "table": table.label,
        "line": LINE_LABELS.get(table.forfeit_winner, table.forfeit_winner),
        "ns": table.ns_line.number,
        "eo": table.eo_line.number,
        "ns_vp": match.ns_vp,
        "eo_vp": match.eo_vp,
        "ns_scarto": f"{scarto[0]:+d}",
        "eo_scarto": f"{scarto[1]:+d}",
    }


def _saved_message(table: Table) -> str:
    decided = table.turno.tournament.fmt.scoring.saved_message(table)
    if decided is not None:
        return decided
    if table.entry_mode == EntryMode.FORFEIT:
        forfeit = _forfeit_saved_message(table)
        if forfeit is not None:
            return forfeit
    return _(
        "Table %(table)s saved: NS %(ns)s %(ns_mp)s MP, %(ns_vp)s VP · "
        "EO %(eo)s %(eo_mp)s MP, %(eo_vp)s VP."
    ) % {
        "table": table.label,
        "ns": table.ns_line.number,
        "eo": table.eo_line.number,
        "ns_mp": table.ns_mp,
        "eo_mp": table.eo_mp,
        "ns_vp": table.match.ns_vp,
        "eo_vp": table.match.eo_vp,
    }


def _after_save(request: HttpRequest, turno: Turno, saved: services.SavedResult) -> HttpResponse:
    table = saved.table
    if saved.action is None:
        messages.info(request, _("Table %(table)s: nothing changed.") % {"table": table.label})
    elif saved.action == services.RESULT_CLEAR:
        messages.success(
            request, _("Table %(table)s has no result again.") % {"table": table.label}
        )
    else:
        messages.success(request, _saved_message(table))
    slug = turno.tournament.slug
    following = selectors.next_missing_table(turno=turno, after=table.number)
    if following is None or saved.action == services.RESULT_CLEAR:
        return redirect("manage:turno_results", slug, turno.number)
    target = reverse("manage:score_entry", args=[slug, turno.number, following.number])
    # A director entering the turno's totals from the scorecards goes on in that mode; a
    # forfeit is one table's, and by smazzata is the page's own default.
    if table.entry_mode == EntryMode.TOTALS:
        target += f"?modo={MODE_WORDS[EntryMode.TOTALS]}"
    return redirect(target)


def live_figures(
    tournament: Tournament, table: Table, form: ResultForm
) -> score_preview.TablePreview:
    """The totals beside the boxes: what a save of the typed form would store (the preview's
    function, also after a refused save), or the stored result of an untouched form."""
    if form.is_bound and form.mode in score_preview.PREVIEW_MODES:
        return score_preview.table_preview(tournament=tournament, table=table, form=form)
    return score_preview.stored_figures(tournament=tournament, table=table, mode=form.mode)


def render_entry(
    request: HttpRequest,
    tournament: Tournament,
    turno: Turno,
    table: Table,
    form: ResultForm,
    clear_form: ClearForm | None = None,
) -> HttpResponse:
    progress = selectors.turno_progress(turno=turno)
    current = next(p for p in progress.tables if p.table.pk == table.pk)
    vp = tournament_vp_table(tournament)
    ruleset = tournament_ruleset(tournament)
    forfeit = tournament_forfeit_value(tournament)
    url = reverse("manage:score_entry", args=[tournament.slug, turno.number, table.number])
    # A KO match is one incontro, not a turno: its page speaks of the match.
    labels = {**MODE_LABELS, EntryMode.TOTALS: tournament.fmt.scoring.totals_mode_label}
    modes = [
        {"label": labels[mode], "url": f"{url}?modo={word}", "active": mode == form.mode}
        for mode, word in MODE_WORDS.items()
    ]
    if table.has_result and clear_form is None:
        clear_form = ClearForm(table=table)
    stale = any(e.code == "stale" for e in form.non_field_errors().as_data())
    form.focus_first_error()
    figures = live_figures(tournament, table, form)
    return render(
        request,
        "manage/score_entry.html",
        {
            "tournament": tournament,
            "section": "turni",
            "turno": turno,
            "table": table,
            "state": current.state,
            "progress": progress,
            "form": form,
            "mode": form.mode,
            "modes": modes,
            "kinds": ruleset.entry_kinds,
            "scorecard": (
                form.scorecard(totals=figures.totals) if isinstance(form, ScorecardForm) else None
            ),
            **score_live.live_context(form, figures),
            "preview_url": reverse(
                "manage:score_preview", args=[tournament.slug, turno.number, table.number]
            ),
            "forfeit": forfeit,
            # What a forfeit gives, in the format's words (the absent line's VP, whichever
            # line it sat on).
            "forfeit_help": (
                str(tournament.fmt.words.forfeit_help)
                % {
                    "vp": forfeit.vp,
                    "mp": forfeit.mp,
                    "rest": tournament_rules(tournament).forfeit_vp("ns")[1],
                }
                if forfeit
                else None
            ),
            "vp_total": vp.total,
            "clear_form": clear_form if table.has_result else None,
            "stale": stale,
            "self_url": url,
            # A match to a target score: the preview may append a smazzata as the director types.
            "open_match": selectors.smazzate_limit(tournament, turno.number) is None,
        },
        status=409 if stale else 200,
    )


@director_view
def score_entry(request: HttpRequest, tournament: Tournament, turno: int, table: int):
    """The scorecard of one table of a turno: enter it, or correct it."""
    turno_obj, refusal = turno_or_refusal(request, tournament, turno)
    if refusal:
        return refusal
    table_obj = selectors.scoring_table(turno=turno_obj, number=table)
    mode = _mode(request, table_obj)
    if request.method == "POST":
        form = result_form(tournament, table_obj, mode, request.POST, saving=True)
        if form.is_valid():
            saved = _try_record(form, table_obj, request.user)
            if saved is not None:
                return _after_save(request, turno_obj, saved)
    else:
        form = result_form(tournament, table_obj, mode)
    return render_entry(request, tournament, turno_obj, table_obj, form)


@require_POST
@director_view
def score_clear(request: HttpRequest, tournament: Tournament, turno: int, table: int):
    """Take a table back to "no result", with a reason."""
    turno_obj, refusal = turno_or_refusal(request, tournament, turno)
    if refusal:
        return refusal
    table_obj = selectors.scoring_table(turno=turno_obj, number=table)
    clear_form = ClearForm(request.POST, table=table_obj)
    if clear_form.is_valid():
        saved = _try_record(clear_form, table_obj, request.user)
        if saved is not None:
            return _after_save(request, turno_obj, saved)
    form = result_form(tournament, table_obj, table_obj.entry_mode or EntryMode.SMAZZATE)
    return render_entry(request, tournament, turno_obj, table_obj, form, clear_form=clear_form)


_TABLE = "t/<slug:slug>/gestione/turni/<int:turno>/tavoli/<int:table>/"

urlpatterns = [
    path(_TABLE, score_entry, name="score_entry"),
    path(_TABLE + "cancella/", score_clear, name="score_clear"),
]
