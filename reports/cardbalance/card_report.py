"""The card-balance sections of a report: their numbers, JSON-ready (reports.cardbalance.card_render
lays them out; reports.render.sections switches them on).

For a game that declares card kinds and a grouping (reports.percard.card_kinds.card_balance):
seat order, the grouping's own section (Luthier's family tiles), every card's adjusted
win-rate effect with flags, pick rates and dead cards (the game's `card_bits`), scores
by source, per-level outcomes, and the Summary's findings. What a kind, a deck, a
grouping or an outcome is, the game declares (simcore/games/api.py); nothing here names
a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reports.cardbalance import findings
from reports.percard import card_sums, cards, outcomes, picks
from reports.percard.card_kinds import grouping_kinds, kinds_of, table_groups
from reports.percard.cardinfo import CardInfo, card_info
from reports.percard.examples import attach_examples, replay_command
from reports.run.load import Run
from reports.run.settings import Settings
from simcore.games.api import Game
from simcore.progress import Stage


def adjustment_method(report: Report) -> str:
    """How the adjusted Δ is measured, the strata named as the game declares them."""
    from reports.render.text import grouping_words

    tiles = "".join(
        f" ({g['title'][0].lower() + g['title'][1:]}: strategy and start order)"
        for g in report["groupings"]
        if g["kind"]
    )
    return (
        "Adjusted Δ: Mantel-Haenszel risk difference of holders against non-holders within "
        f"the same strategy, {grouping_words(report)}{tiles}, so that a card is not "
        "credited with the strength of the strategies and seats that tend to take it; games "
        "are the independent units (cluster-robust variance over games), because the seats "
        "of one game share one victory."
    )


Report = dict[str, Any]


def uncertainty_notes(report: Report, settings: Settings) -> list[str]:
    """Plain sentences naming the numbers that are too uncertain to act on."""
    notes = []
    games = report["run"]["games"]
    if games < settings.few_games:
        notes.append(
            f"Only {games:,} games: most numbers in this report are too uncertain to act on; "
            f"simulate at least {settings.few_games * 10:,} games for card decisions."
        )
    seats = report["seats"]
    wide = [r for r in seats["by_start_order"] if r["too_uncertain"]]
    if wide:
        notes.append(
            f"Seat win rates: {len(wide)} of {len(seats['by_start_order'])} start positions "
            "have too few games (interval wider than "
            f"±{settings.max_half_width * 100:.0f} points)."
        )
    if seats["chi_square"]["too_few_games"]:
        notes.append("Seat balance test: too few games (under 5 expected wins per position).")
    rates = []
    for g in report["groupings"]:
        found, column = report[g["key"]], g["column"]
        rates += [
            (f"{g['label']} win rates", found[f"by_{column}"]),
            (f"{g['label']} × start order", found[f"by_{column}_and_start_order"]),
        ]
    for label, rows in (*rates, ("Strategy matchups", report["strategies"]["matchups"])):
        bad = [r for r in rows if r["too_uncertain"]]
        if bad:
            notes.append(f"{label}: {len(bad)} of {len(rows)} rates have too few games.")
    rows = [r for r in report["cards"]["rows"] if not cards.is_outcome(r)]
    untested = [r for r in rows if not r["tested"]]
    wide_cards = [r for r in rows if r["tested"] and r["too_uncertain"]]
    if untested:
        notes.append(
            f"Cards: {len(untested)} of {len(rows)} rows are held in fewer than "
            f"{settings.min_sample} seat-games and are not tested."
        )
    if wide_cards:
        notes.append(
            f"Cards: {len(wide_cards)} more rows have intervals wider than "
            f"±{settings.max_half_width * 100:.0f} points."
        )
    return notes


def glance(report: Report) -> dict[str, Any]:
    """Seat balance, each grouping's best and worst value ("best_<column>"), strongest and
    weakest cards, as ids and numbers."""
    seats = report["seats"]
    rates = [r for r in seats["by_start_order"] if r["win_rate"] is not None]
    flagged = [r for r in report["cards"]["rows"] if cards.is_flagged(r)]
    by_diff = sorted(flagged, key=cards.rank_key, reverse=True)
    out: dict[str, Any] = {
        "seat_p_value": seats["chi_square"]["p_value"],
        "best_start": max(rates, key=lambda r: r["win_rate"])["start_order"] if rates else None,
        "worst_start": min(rates, key=lambda r: r["win_rate"])["start_order"] if rates else None,
    }
    for g in report["groupings"]:
        column = g["column"]
        found = [r for r in report[g["key"]][f"by_{column}"] if not r["too_uncertain"]]
        best = max(found, key=lambda r: r["win_rate"])[column] if found else None
        worst = min(found, key=lambda r: r["win_rate"])[column] if found else None
        out |= {f"best_{column}": best, f"worst_{column}": worst}
    return out | {
        "stronger": [_card_ref(r) for r in by_diff if r["flag"] == "stronger"],
        "weaker": [_card_ref(r) for r in reversed(by_diff) if r["flag"] == "weaker"],
    }


# Every card row has these keys, in this order (docs/guide/report.md, "JSON"), whatever its kind.
ROW_KEYS = (
    "kind", "group", "card_id", "card", "name", "level", "deck", "dealt", "taken", "n",
    "completed", "completion_rate", "completed_levels", "abandoned", "in_play",
    "win", "win_others", "raw", "adjusted", "impact",
    "diff", "diff_low", "diff_high", "p_value",
    "adj_diff", "adj_diff_low", "adj_diff_high", "adj_p_value", "q_value", "holm_p",
    "completed_win", "completed_win_others", "completed_diff", "completed_diff_low",
    "completed_diff_high", "completed_p_value", "completed_adj_diff", "completed_adj_diff_low",
    "completed_adj_diff_high", "completed_adj_p_value", "completed_tested",
    "tested", "too_uncertain", "flag", "outcome", "examples", "ablation",
    "offered", "picked", "pick_rate", "section",
)  # fmt: skip
LEVELS = ("1", "2", "3")


def uniform_rows(rows: list[dict[str, Any]], games: int) -> list[dict[str, Any]]:
    """The card rows with one set of keys and one type per key, so that they load as a
    table as they are (`polars.DataFrame(rows)` infers a column's type from its first
    rows: a column that is null there, or a key missing there, breaks or drops).

    A kind-specific number gets the value that is true for the other kinds: `level` 0
    (no levels), `abandoned` 0 (only patrons leave), `in_play` the run's games (only
    award tiles are in some games and not others); `completed_levels` counts levels
    1-3 wherever it applies; anything else that does not apply is null.
    """
    out = []
    for r in rows:
        row = {k: r.get(k) for k in ROW_KEYS} | {k: v for k, v in r.items() if k not in ROW_KEYS}
        row["level"] = r.get("level") or 0
        row["abandoned"] = r.get("abandoned", 0)
        row["in_play"] = r.get("in_play", games)
        if r.get("completed_levels") is not None:
            row["completed_levels"] = {k: r["completed_levels"].get(k, 0) for k in LEVELS}
        out.append(row)
    return out


def _card_ref(row: dict[str, Any]) -> dict[str, Any]:
    keys = ("kind", "group", "card_id", "card", "level", "diff", "adj_diff", "impact")
    return {k: row[k] for k in keys}


@dataclass
class CardTables:
    """What the card-balance sections read, computed once per report (`card_tables`)."""

    info: CardInfo
    sums: dict[str, Any]
    rows: list[dict[str, Any]]  # every card row, uniform (`uniform_rows`)
    rates: dict[str, dict[str, Any]] | None  # pick rates by card key (None: not recorded)


def card_tables(run: Run, game: Game, settings: Settings, stage: Stage) -> CardTables:
    """One pass over the cards table: per-card sums, rows with flags and examples, pick
    rates."""
    info = card_info(run)
    stage(f"reading {run.games:,} games")
    sums = card_sums.aggregate(run, game, info, names=not info.names, n_examples=settings.examples)
    stage("card effects")
    rows = cards.card_rows(info, sums, settings, tuple(game.card_kinds))
    attach_examples(run, rows, sums["examples"])
    bits = game.card_bits
    keys = (
        {  # the bits of the game's offers: `card_bits` per kind, kinds in card-file order
            f"{kind}/{card_id}": bits * k + i
            for k, kind in enumerate(game.card_roles.files)
            for i, card_id in enumerate(info.ids.get(kind, []))
        }
        if bits is not None
        else None
    )
    stage("pick rates")
    rates = picks.pick_rates(run, keys)
    picks.attach(rows, rates)
    return CardTables(info, sums, uniform_rows(rows, run.games), rates)


def groupings(game: Game) -> list[dict[str, Any]]:
    """The game's groupings as the report's "groupings": column, the report key of its
    section ("families"), title, label, card kind, plural, and whether the cards'
    adjusted effects are compared within it (`stratum`)."""
    return [
        {"column": g.column, "key": g.words, "title": g.heading, "label": g.header,
         "kind": g.kind, "plural": g.words, "stratum": g.stratum}
        for g in game.groupings
    ]  # fmt: skip


def warnings(run: Run, info: CardInfo) -> list[str]:
    """The card files' warning (gone, changed) as a sentence."""
    return [info.warning[0].upper() + info.warning[1:] + "."] if info.warning else []


def cards_section(run: Run, game: Game, settings: Settings, t: CardTables) -> dict[str, Any]:
    """The report's "cards": card tables (groups), what each kind's events mean, every
    row, the flag counts."""
    rows = t.rows
    flagged = [r for r in rows if cards.is_flagged(r)]
    sections = game.card_sections
    return {
        "groups": [
            {"group": g, "title": title, "kind": kind}
            for g, title, kind in table_groups(t.info, game)
        ],
        "kinds": {
            s.kind: {
                "title": s.heading,
                "held": s.held_words,
                "completed": s.completed_words,
                "per_level": s.per_level,
                "completion_is_outcome": s.completion_is_outcome,
                "leaves": s.leaves,
                "file": s.file or s.kind,
                "plural": s.words,
            }
            for s in game.card_kinds
        },
        "sections": dict(sections.words) if sections is not None else {},
        "replay": replay_command(run, "SEED"),
        "margin": settings.margin,
        "ranked_rows": sum(not cards.is_outcome(r) for r in rows),
        "tested": sum(r["tested"] for r in rows),
        "flagged_bh": len(flagged),
        "flags": {f: sum(r["flag"] == f for r in rows) for f in cards.FLAGS},
        "flagged_holm": sum(
            cards.is_flagged(r) and r["holm_p"] <= settings.false_discovery_rate for r in rows
        ),
        "confirm": None,  # `tutti report --confirm N` (reports.experiments.confirm) fills it
        "rows": rows,
    }


def tile_names(game: Game, t: CardTables) -> dict[str, dict[str, str]]:
    """ "<column>_names" of each grouping of tiles: value -> the tile's name."""
    out = {}
    for kind, column in grouping_kinds(game).items():
        out[f"{column}_names"] = {
            **t.info.names.get(kind, {}),
            **{r["card_id"]: r["card"] for r in t.rows if r["kind"] == kind},
        }
    return out


def picks_section(game: Game, settings: Settings, t: CardTables) -> dict[str, Any]:
    """The report's "picks": whether pick rates were recorded, the dead and ignored cards."""
    names = {f"{k}/{c}": n for k, by_id in t.info.names.items() for c, n in by_id.items()}
    levels = tuple(k.kind for k in game.card_kinds if k.per_level and k.outcome)
    dead = picks.dead_and_ignored(
        t.rates, names, settings.min_sample, picks.IGNORED_PICK_RATE, levels
    )
    return {
        "recorded": t.rates is not None,
        "declared": game.card_bits is not None,  # the game records offers and picks at all
        "threshold": picks.IGNORED_PICK_RATE,
        "dead": dead,
    }


def has_outcomes(game: Game) -> bool:
    """Whether the game declares a per-level outcome kind (the outcomes section)."""
    return any(k.per_level and k.outcome for k in game.card_kinds)


def outcomes_section(run: Run, game: Game, t: CardTables) -> dict[str, Any]:
    """The report's "outcomes": the levels of the game's per-level outcome kind claimed,
    and the cards whose completion is an outcome (Luthier: awards and goals)."""
    kinds = kinds_of(game)
    level = next(s for s in kinds.values() if s.per_level and s.outcome)
    goal = next((s for s in kinds.values() if s.completion_is_outcome), None)
    return {"title": game.outcomes_title, **outcomes.outcomes(run, t.rows, level, goal)}


def summary(report: Report, settings: Settings) -> dict[str, Any]:
    """The Summary and what it reads: too uncertain, the glance, the findings."""
    report["too_uncertain"] = uncertainty_notes(report, settings)
    report["glance"] = glance(report)
    return {
        "too_uncertain": report["too_uncertain"],
        "glance": report["glance"],
        "summary": findings.summary(report),
    }
