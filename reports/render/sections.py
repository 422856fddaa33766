"""What a report holds: one list of sections, each switched on by what the run's game
declares (simcore/games/api.py) or by the columns its tables carry, never by its name.

A section has an id (its HTML anchor and its entry in the report's "sections"), a test
of whether it applies (`applies(ctx)`), what it adds to the report dict (`build(ctx)`:
JSON-ready keys) and how it is laid out (`layout(report)`: blocks, reports.render.blocks). The
builder (reports.report) runs every section that applies in list order (the Summary,
which reads the others, last) and lays out the sections the report holds in list order;
so a game that declares the same data gets the same sections. The switches:

- card kinds and a grouping (`groupings`: Luthier's family tile) -> the card-balance
  sections (reports.cardbalance.card_report, laid out by reports.cardbalance.card_render):
  seat order, a section per grouping, every card's effect adjusted within strategy, start
  order and the
  groupings with flags, the strongest and weakest cards, strategies with matchups,
  scores by source (`score_sources`), the Summary's findings; pick rates and dead cards
  (`card_bits`, else "not recorded"); outcomes (a per-level outcome kind);
- otherwise the per-event sections (reports.game.game_report, laid out by
  reports.game.game_render): strategies, first player, scores, every card's effect per event
  (`card_kinds`), dead cards;
- for every game: the score by round (`score_by_round`) or else the card events by stage
  of the game; how games ended (the games table's `end_trigger`, unless the game
  declares a single way to end); the critic and one-turn completions (their seats
  columns).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from reports.cardbalance import card_render
from reports.game import game_render
from reports.render.blocks import Block
from reports.run import violations
from reports.run.load import Run
from reports.run.settings import Settings
from simcore.games.api import Game
from simcore.progress import Stage

Report = dict[str, Any]


@dataclass
class Context:
    """What a section's test and builder read: the run, its game, the settings, the
    report built so far, and what several sections share (computed once)."""

    run: Run
    game: Game
    settings: Settings
    stage: Stage
    report: Report
    memo: dict[str, Any] = field(default_factory=dict)

    def once(self, key: str, make: Callable[[], Any]) -> Any:
        if key not in self.memo:
            self.memo[key] = make()
        return self.memo[key]

    def card_tables(self):
        """The card-balance sections' card rows and pick rates (reports.cardbalance.card_report)."""
        from reports.cardbalance.card_report import card_tables

        return self.once(
            "card_tables", lambda: card_tables(self.run, self.game, self.settings, self.stage)
        )

    def seats(self) -> pl.DataFrame:
        """The seats table in memory, for the per-event sections (reports.game.game_report)."""
        from reports.game.game_report import load_seats

        return self.once("seats", lambda: load_seats(self.run, self.game.score))

    def units(self, *by: str):
        """The seat-games as units, strata by the seats columns `by`."""
        from reports.game.game_report import units_of

        return self.once(f"units{by}", lambda: units_of(self.seats(), list(by)))

    def seats_columns(self) -> list[str]:
        return self.once("seats_columns", lambda: self.run.scan("seats").collect_schema().names())

    def games_columns(self) -> list[str]:
        return self.once("games_columns", lambda: self.run.scan("games").collect_schema().names())


@dataclass(frozen=True)
class Section:
    """One section of a report (module docstring)."""

    id: str
    applies: Callable[[Context], bool]
    build: Callable[[Context], Report] | None = None
    layout: Callable[[Report], list[Block]] | None = None
    title: str | Callable[[Report], str] = ""  # "": the layout's own "h2", if any
    # the build order: sections of a lower `late` first (-1: the pass over the cards table
    # that the rest reads; 2: the Summary, which reads them all); list order within one
    late: int = 0
    where: str = ""  # "page": HTML only; "text": Markdown only; "": both
    toc: bool = True  # listed in the page's contents
    stage: str = ""  # the progress line before it is built


# ---- the switches ----


def card_balance(ctx: Context) -> bool:
    """Card kinds and a grouping declared (reports.percard.card_kinds.card_balance)."""
    from reports.percard.card_kinds import card_balance as declared

    return declared(ctx.game)


def per_event(ctx: Context) -> bool:
    return not card_balance(ctx)


def always(ctx: Context) -> bool:
    return True


def outcomes_declared(ctx: Context) -> bool:
    from reports.cardbalance.card_report import has_outcomes

    return card_balance(ctx) and has_outcomes(ctx.game)


def rounds_declared(ctx: Context) -> bool:
    return ctx.game.score_by_round is not None


def ended_in_ways(ctx: Context) -> bool:
    """The games table says how each game ended, and the game does not declare a single
    way (a fixed length says nothing)."""
    return "end_trigger" in ctx.games_columns() and len(ctx.game.end_triggers) != 1


def seats_column(name: str) -> Callable[[Context], bool]:
    def has(ctx: Context) -> bool:
        return name in ctx.seats_columns()

    return has


# ---- the builders ----


def _cards_cb(ctx: Context) -> Report:
    from reports.cardbalance import card_report

    t = ctx.card_tables()
    ctx.report["warnings"] += card_report.warnings(ctx.run, t.info)
    cards = card_report.cards_section(ctx.run, ctx.game, ctx.settings, t)
    cards["method"] = card_report.adjustment_method(ctx.report)
    milestones = [m.kind for m in ctx.game.milestones]  # the method words them (Luthier's)
    return {"cards": cards, "milestones": milestones, **card_report.tile_names(ctx.game, t)}


def _picks(ctx: Context) -> Report:
    from reports.cardbalance.card_report import picks_section

    return {"picks": picks_section(ctx.game, ctx.settings, ctx.card_tables())}


def _seats(ctx: Context) -> Report:
    from reports.cardbalance import winrates

    return {"seats": winrates.seat_balance(ctx.run, ctx.settings)}


def _groupings(ctx: Context) -> Report:
    from reports.cardbalance import winrates

    return {g.words: winrates.grouping(ctx.run, ctx.settings, g.column) for g in ctx.game.groupings}


def _strategies_cb(ctx: Context) -> Report:
    from reports.cardbalance import winrates

    return {"strategies": winrates.strategies(ctx.run, ctx.settings)}


def _scores_cb(ctx: Context) -> Report:
    from reports.cardbalance import scores

    score = ctx.game.score
    return {
        "scores": {
            score: scores.final_score(ctx.run, score),
            "sources": scores.sources(ctx.run, score, ctx.game.score_sources),
            "margin": scores.margins(ctx.run, score),
        }
    }


def _outcomes(ctx: Context) -> Report:
    from reports.cardbalance.card_report import outcomes_section

    return {"outcomes": outcomes_section(ctx.run, ctx.game, ctx.card_tables())}


def _arc_rounds(ctx: Context) -> Report:
    from reports.cardbalance import arc

    template = ctx.game.score_by_round
    return {"arc": arc.game_arc(ctx.run, template) if template else None}


def _summary_cb(ctx: Context) -> Report:
    from reports.cardbalance.card_report import summary

    return summary(ctx.report, ctx.settings)


def _strategies_pe(ctx: Context) -> Report:
    from reports.game.game_report import strategies

    return {"strategies": strategies(ctx.seats(), ctx.units())}


def _start_order_pe(ctx: Context) -> Report:
    from reports.game.game_report import start_order

    seats = ctx.seats()
    return {"start_order": start_order(seats, ctx.run.players, ctx.units(), ctx.units("strategy"))}


def _scores_pe(ctx: Context) -> Report:
    from reports.game.game_report import scores

    shared = ctx.run.scan("games").select(pl.col("shared_win").mean()).collect().item()
    return {"scores": {**scores(ctx.seats(), ctx.game), "shared_win_rate": shared}}


def _arc_cards(ctx: Context) -> Report:
    from reports.game import game_arc

    return {"arc": game_arc.card_arc(ctx.run, ctx.seats(), ctx.game)}


def _end(ctx: Context) -> Report:
    from reports.game.game_report import end_trigger

    return {"end": end_trigger(ctx.run, ctx.seats(), ctx.units())}


def _critic(ctx: Context) -> Report:
    from reports.game.game_report import critic

    return {"critic": critic(ctx.seats(), ctx.units("strategy", "start_order"))}


def _one_turn(ctx: Context) -> Report:
    from reports.game.game_report import one_turn

    return {"one_turn": one_turn(ctx.seats(), ctx.units("strategy", "start_order"))}


def _cards_pe(ctx: Context) -> Report:
    from reports.game import game_cards

    within = ctx.units("strategy", "start_order")
    return {"cards": game_cards.card_effects(ctx.run, ctx.seats(), within, ctx.game)}


def _dead_pe(ctx: Context) -> Report:
    from reports.game import game_dead

    return {"dead": game_dead.dead_cards(ctx.run, ctx.game, ctx.report)}


def _summary_pe(ctx: Context) -> Report:
    from reports.game import game_summary
    from reports.game.game_report import FEW_GAMES

    return {"summary": game_summary.summary(ctx.report, FEW_GAMES)}


# ---- layouts that need more than one function call ----


def _violations(report: Report) -> list[Block]:
    return violations.blocks(report)


def _grouping_sections(report: Report) -> list[Block]:
    """One section per grouping (Luthier's family tiles), titled as the game declares."""
    return [
        ("section", g["key"], g["title"], card_render.grouping(report, g))
        for g in report["groupings"]
    ]


def _outcomes_title(report: Report) -> str:
    return report["outcomes"]["title"]


def _card_groups(report: Report) -> list[tuple[str, str]]:
    return [(f"card-{g['group']}", g["title"]) for g in report["cards"]["groups"]]


# the page's contents: the sub-entries of a section, by id
SUBS: dict[str, Callable[[Report], list[tuple[str, str]]]] = {"cards": _card_groups}

CB, PE = card_balance, per_event
SECTIONS: tuple[Section, ...] = (
    Section("title", CB, layout=card_render.header, toc=False),
    Section("title_game", PE, layout=game_render.header, toc=False),
    Section("violations", always, layout=_violations, toc=False),
    Section("summary", CB, _summary_cb, card_render.summary, "Summary", late=2),
    Section("summary_game", PE, _summary_pe, game_render.summary, late=2),
    Section("contents", always, toc=False),  # the page's table of contents goes here
    Section("run", CB, layout=card_render.run_facts, title="Run", where="page"),
    Section("strategies_game", PE, _strategies_pe, game_render.strategies,
            stage="strategies, start order, scores and the end of the game"),
    Section("first_player", PE, _start_order_pe, game_render.first_player),
    Section("seats", CB, _seats, card_render.seats, "Seat order",
            stage="seats, groupings, strategies and scores"),
    Section("groupings", CB, _groupings, _grouping_sections),
    Section("dead", CB, _picks, card_render.dead, "Dead and ignored cards"),
    Section("flagged", CB, layout=card_render.flagged, title="Strongest and weakest cards"),
    Section("strategies", CB, _strategies_cb, card_render.strategies, "Strategies"),
    Section("scores", CB, _scores_cb, card_render.scores, "Scores"),
    Section("scores_game", PE, _scores_pe, game_render.scores),
    Section("arc", rounds_declared, _arc_rounds, card_render.arc_section, "Game arc",
            stage="outcomes and the game arc"),
    Section("arc_game", lambda ctx: not rounds_declared(ctx), _arc_cards, game_render.arc,
            stage="card effects and the game arc"),
    Section("end", ended_in_ways, _end, game_render.end),
    Section("critic", seats_column("critic_points"), _critic, game_render.critic),
    Section("one_turn", seats_column("rows_one_turn"), _one_turn, game_render.one_turn),
    Section("dead_game", PE, _dead_pe, game_render.dead, late=1),  # reads the card effects
    Section("cards", CB, _cards_cb, card_render.cards_by_kind, "Cards by kind", late=-1),
    Section("cards_game", PE, _cards_pe, game_render.cards),
    Section("outcomes", outcomes_declared, _outcomes, card_render.outcomes, _outcomes_title),
    Section("method", CB, layout=card_render.method, title="Method and definitions"),
    Section("method_game", PE, layout=game_render.method),
    Section("setup", CB, layout=card_render.setup, where="text", toc=False),
    Section("setup_game", PE, layout=game_render.setup),
)  # fmt: skip


def build(ctx: Context) -> None:
    """Run every section that applies: its builder's keys into `ctx.report`, its id into
    the report's "sections"; the late ones (they read the others) last."""
    chosen = [s for s in SECTIONS if s.applies(ctx)]
    for s in sorted(chosen, key=lambda s: s.late):  # stable: list order within a level
        if s.stage:
            ctx.stage(s.stage)
        if s.build is not None:
            ctx.report.update(s.build(ctx))
    ctx.report["sections"] = [s.id for s in chosen]


def _title(s: Section, report: Report) -> str:
    return s.title(report) if callable(s.title) else s.title


def _laid_out(s: Section, report: Report) -> list[Block]:
    """The section's blocks, in a ("section", id, title, blocks) of its own where it has a
    title (its own, or its layout's leading "h2"); HTML-only or Markdown-only in an alt."""
    assert s.layout is not None
    found = s.layout(report)
    title = _title(s, report)
    if not title and found and found[0][0] == "h2":
        title, found = found[0][1], found[1:]
    if title:
        found = [("section", s.id, title, found)]
    if s.where == "page":
        return [("alt", found, [])]
    if s.where == "text":
        return [("alt", [], found)]
    return found


def _contents(laid: list[Block]) -> Block:
    """The page's table of contents: every titled section the page shows but those of
    the sections kept out of it (`toc`)."""
    hidden = {s.id for s in SECTIONS if not s.toc}
    entries = []
    for b in laid:
        inner = b[1] if b[0] == "alt" else [b]
        for c in inner:
            if c[0] == "section" and c[1] not in hidden:
                entries.append((c[1], c[2], c[4] if len(c) > 4 else []))
    return ("toc", entries)


def layout(report: Report) -> list[Block]:
    """The report's blocks: the sections it holds, in list order."""
    held = set(report["sections"])
    parts: list[list[Block]] = []
    contents_at = None
    for s in SECTIONS:
        if s.id not in held:
            continue
        if s.id == "contents":
            contents_at = len(parts)
            parts.append([])
            continue
        laid = _laid_out(s, report)
        if s.id in SUBS and laid and laid[0][0] == "section":
            laid[0] = (*laid[0], SUBS[s.id](report))
        parts.append(laid)
    out = [b for part in parts for b in part]
    if contents_at is not None:
        toc = _contents(out)
        at = sum(len(p) for p in parts[:contents_at])
        out.insert(at, toc)
    return out
