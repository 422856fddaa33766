"""A game report (reports.game.game_report) laid out as blocks (reports.render.blocks: written once
to Markdown and HTML); the sections build them from the report's numbers only."""

from __future__ import annotations

from typing import Any

from reports.cardbalance.findings import findable
from reports.game.game_cards import ANY, HELD
from reports.game.game_summary import Q
from reports.percard.adjusted import ADJUSTED, CAUSAL
from reports.render.blocks import Block
from reports.render.text import ablation_cell, notes
from reports.run import violations
from reports.run.settings import Settings
from simcore import fmt

Report = dict[str, Any]

CAVEAT = (
    "Every number comes from the strategies that played; a stronger or different field "
    "may change it. Effects of cards and events compare seats that did something with "
    "comparable seats that did not: they are correlations (a seat ahead does more), not "
    "the effect of changing the game."
)


def _ci(r: dict[str, Any]) -> str:
    return fmt.pct_range(r["ci_low"], r["ci_high"])


def _effect(d: dict[str, Any] | None, prefix: str = "") -> str:
    """'+2.2 (+1.8 to +2.7)' in win-rate points."""
    if not d or d.get(prefix + "diff") is None:
        return fmt.DASH
    span = fmt.pts_range(d[prefix + "diff_low"], d[prefix + "diff_high"])
    return f"{fmt.pts(d[prefix + 'diff'])} ({span})"


def _name(s: str) -> str:
    return s.replace("_", " ")


def header(r: Report) -> list[Block]:
    run = r["run"]
    incomplete = (
        "" if run["complete"] else f" (incomplete: {run['games']:,} of {run['games_planned']:,})"
    )
    return [
        ("h1", f"{run['title']} balance report: {run['games']:,} games, {run['players']} players"),
        *notes(r),
        (
            "p",
            f"Run `{run['run_dir']}`{incomplete}: strategies {', '.join(run['strategies'])}, "
            f"master seed {run['seed']} (full setup under Run setup, at the end).",
        ),
    ]


def summary(r: Report) -> list[Block]:
    blocks: list[Block] = [("h2", "Summary"), ("ol", [f["text"] for f in r["summary"]])]
    confirmed = confirm_sentence(r)
    if confirmed:
        blocks.append(("p", confirmed))
    blocks.append(("quote", f"**Read with care.** {CAVEAT}"))
    if r["warnings"]:
        blocks += [("ul", r["warnings"])]
    return blocks


def strategies(r: Report) -> list[Block]:
    rows = [
        [
            s["strategy"],
            fmt.count(s["n"]),
            fmt.pct(s["rate"]),
            _ci(s),
            fmt.num(s["score"]["mean"]),
            fmt.num(s["score"]["sd"]),
            f"{fmt.num(s['score']['p10'], 0)} to {fmt.num(s['score']['p90'], 0)}",
        ]
        for s in r["strategies"]
    ]
    score = _name(r["scores"]["column"])
    fair = 1.0 / r["run"]["players"]
    plotted = [_rate_row(s) for s in r["strategies"]]
    return [
        ("h2", "Strategies"),
        (
            "figure",
            lambda: _plots().win_rate_plot(
                plotted, "strategy", fair, "strategy-win-rates", horizontal=True
            ),
            "Win rate by strategy with 95% intervals (grey: wider than ±"
            f"{UNCERTAIN_HALF_WIDTH * 100:g} points); the dashed line is the fair share.",
            [],
        ),
        (
            "p",
            "Win rate of each strategy's seats (a shared win counts 1/k to each of k winners) "
            f"and its {score}: mean, standard deviation and the middle 80% of seats.",
        ),
        (
            "table",
            [
                "Strategy",
                "Seat-games",
                "Win rate",
                "95% interval",
                f"Mean {score}",
                "SD",
                "Middle 80%",
            ],
            rows,
            1,
        ),
    ]


def first_player(r: Report) -> list[Block]:
    s = r["start_order"]
    rows = [
        [f"{fmt.ordinal(x['start_order'])} player", fmt.count(x["n"]), fmt.pct(x["rate"]), _ci(x)]
        for x in s["by_start_order"]
    ]
    chi = s["chi_square"]
    orders = [x["start_order"] for x in s["by_start_order"]]
    cells = {(x["strategy"], x["start_order"]): x for x in s["by_strategy_and_start_order"]}
    names = list(dict.fromkeys(x["strategy"] for x in s["by_strategy_and_start_order"]))
    grid = [
        [n, *[fmt.pct(cells[(n, o)]["rate"]) if (n, o) in cells else fmt.DASH for o in orders]]
        for n in names
    ]
    plotted = [_rate_row(x) for x in s["by_start_order"]]
    return [
        ("h2", "First-player advantage"),
        (
            "figure",
            lambda: _plots().win_rate_plot(
                plotted,
                "start_order",
                s["fair_rate"],
                "start-order-win-rates",
                labeller=lambda o: f"{fmt.ordinal(o)} player",
            ),
            "Win rate by start order (1st = first player) with 95% intervals; the dashed "
            "line is the fair share.",
            [],
        ),
        ("table", ["Start order", "Games", "Win rate", "95% interval"], rows, 1),
        (
            "p",
            f"A fair seat wins {fmt.pct(s['fair_rate'])}. Equal wins by start order: chi-square "
            f"= {fmt.num(chi['statistic'], 2)}, df = {chi['df']}, {fmt.p_is(chi['p_value'])}. "
            f"The first player against the other seats: {_effect(s['first_vs_others'])} "
            f"win-rate points, within strategy {_effect(s['first_vs_others_within_strategy'])} "
            "(95% intervals).",
        ),
        ("p", "Win rate of each strategy by start order:"),
        ("table", ["Strategy", *[f"{fmt.ordinal(o)}" for o in orders]], grid, 1),
    ]


def scores(r: Report) -> list[Block]:
    sc = r["scores"]
    score = _name(sc["column"])
    names = [s["strategy"] for s in r["strategies"]]
    rows = [
        [
            _name(x["source"]) + (" (subtracted)" if x["sign"] < 0 else ""),
            fmt.num(x["mean"]),
            fmt.num(x["winners_mean"]),
            fmt.num(x["others_mean"]),
            *[fmt.num(x["by_strategy"].get(n)) for n in names],
        ]
        for x in sc["sources"]
    ]
    lines: list[Block] = [
        ("h2", "Score and where the points come from"),
        (
            "p",
            f"Mean {score} {fmt.num(sc['all']['mean'])} per seat "
            f"(SD {fmt.num(sc['all']['sd'])}); winners {fmt.num(sc['winners']['mean'])}, "
            f"the others {fmt.num(sc['others']['mean'])}. "
            f"Shared wins: {fmt.pct(sc['shared_win_rate'])} of games.",
        ),
    ]
    hist = sc.get("histogram") or []
    if hist:
        lines.append(_score_figure(hist, score))
    if rows:
        note = (
            "The sources add up to the score in every seat-game."
            if sc["sources_add_up"]
            else "The sources do not add up to the score in every seat-game."
        )
        lines += [
            ("p", f"Mean points per seat-game by source, signed as they count. {note}"),
            ("table", ["Source", "All seats", "Winners", "Others", *names], rows, 1),
        ]
    else:
        lines.append(("p", "The game declares no score sources."))
    return lines


UNCERTAIN_HALF_WIDTH = Settings().max_half_width  # as Luthier's plots: grey beyond this


def _plots():
    """reports.render.plots, imported only when a figure is drawn (matplotlib: HTML only)."""
    from reports.render import plots

    return plots


def _rate_row(x: dict[str, Any]) -> dict[str, Any]:
    """A win-rate row as reports.render.plots.win_rate_plot reads it."""
    wide = x["ci_low"] is None or x["ci_high"] - x["ci_low"] > 2 * UNCERTAIN_HALF_WIDTH
    return {**x, "win_rate": x["rate"], "too_uncertain": wide}


def _bin_label(b: dict[str, Any]) -> str:
    width = b["width"]
    if width == 1:
        return fmt.num(b["low"], 0)
    return f"{fmt.num(b['low'], 0)} to {fmt.num(b['low'] + width - 1, 0)}"


def _score_figure(hist: list[dict[str, Any]], score: str) -> Block:
    """The score distribution: a step plot in HTML, its table in Markdown."""
    counted = {k: sum(b[k] for b in hist) or 1 for k in ("all", "winners", "others")}
    table = [
        [
            _bin_label(b),
            fmt.count(b["all"]),
            fmt.pct(b["all"] / counted["all"]),
            fmt.pct(b["winners"] / counted["winners"]),
            fmt.pct(b["others"] / counted["others"]),
        ]
        for b in hist
        if b["all"]
    ]
    # plots.score_histogram reads the score (the bin's middle) and "losers"
    points = [
        {score: b["low"] + (b["width"] - 1) / 2, "all": b["all"], "winners": b["winners"],
         "losers": b["others"]}
        for b in hist
    ]  # fmt: skip
    width = hist[0]["width"]
    per = f"bins of {fmt.num(width, 0)} points" if width != 1 else "each score"
    return (
        "figure",
        lambda: _plots().score_histogram(points, name="scores", key=score),
        f"Final {score}: share of each group's seats, {per}.",
        [
            ("p", f"Final {score}: seats per bin and each group's share of its seats ({per}):"),
            ("table", [f"Final {score}", "Seats", "All seats", "Winners", "Others"], table, 1),
        ],
    )


def end(r: Report) -> list[Block]:
    e = r.get("end")
    if not e:
        return []
    rows = [
        [
            _name(t["trigger"]),
            fmt.count(t["games"]),
            fmt.pct(t["share"]),
            fmt.pct_range(t["ci_low"], t["ci_high"]),
            fmt.num(t["mean_turns"]),
        ]
        for t in e["by_trigger"]
    ]
    blocks: list[Block] = [
        ("h2", "End of the game"),
        ("table", ["Ended by", "Games", "Share", "95% interval", "Mean turns"], rows, 1),
    ]
    if e["by_ender"]:
        by = [
            [
                _name(x["trigger"]),
                x["strategy"],
                fmt.count(x["games"]),
                fmt.pct(x["share_of_trigger"]),
                fmt.pct(x["ender_win_rate"]),
            ]
            for x in e["by_ender"]
        ]
        ender = e["ender"]
        blocks += [
            (
                "p",
                f"Who ended it: the ending seat won {fmt.pct(ender['rate'])} ({_ci(ender)}) of "
                "its games, against comparable seats "
                f"{_effect(ender['vs_others_within_strategy'])} win-rate points.",
            ),
            ("table", ["Ended by", "Ending seat's strategy", "Games", "Share", "Ender won"], by, 2),
        ]
    return blocks


def critic(r: Report) -> list[Block]:
    c = r.get("critic")
    if not c:
        return []
    rows = [
        [
            x["strategy"],
            fmt.pct(x["took_it"]),
            fmt.num(x["mean_points"]),
            fmt.pct(x["share_of_score"]),
        ]
        for x in c["by_strategy"]
    ]
    text = (
        f"Critic bonus points per seat-game: {fmt.num(c['mean_points'])} on average, "
        f"{fmt.num(c['mean_points_when_taken'])} for seats that took it at least once; "
        f"winners {fmt.num(c['winners_mean_points'])}, "
        f"the others {fmt.num(c['others_mean_points'])}. "
        f"Seats that took it at least once against those that never did: "
        f"{_effect(c['took_it'])} win-rate points within strategy and start order."
    )
    blocks: list[Block] = [("h2", "The critic"), ("p", text)]
    held = c.get("held_at_end")
    if held:
        blocks.append(
            (
                "p",
                f"The holder at the end (in {fmt.count(held['games_with_holder'])} games) won "
                f"{fmt.pct(held['rate'])} ({_ci(held)}): {_effect(held['vs_others'])} win-rate "
                f"points over the other seats, {_effect(held['vs_others_within_strategy'])} "
                "within strategy and start order (correlational).",
            )
        )
    blocks.append(
        ("table", ["Strategy", "Took it", "Mean critic points", "Share of score"], rows, 1)
    )
    return blocks


def one_turn(r: Report) -> list[Block]:
    o = r.get("one_turn")
    if not o:
        return []
    rows = [
        [
            x["strategy"],
            fmt.num(x["mean_per_game"], 2),
            fmt.pct(x["share_with_one"]),
            fmt.num(x["mean_extra_points"]),
        ]
        for x in o["by_strategy"]
    ]
    d = o["any_vs_none"]
    return [
        ("h2", "One-turn completions"),
        (
            "p",
            f"{fmt.num(o['mean_per_game'], 2)} rows per game are completed in one turn. "
            f"Seats with at least one won {fmt.pct(d['win_with'])}, "
            f"those without {fmt.pct(d['win_without'])}: "
            f"{_effect(d)} win-rate points within strategy and start order (correlational).",
        ),
        ("table", ["Strategy", "Per seat-game", "Seats with one", "Mean one-turn points"], rows, 1),
    ]


def _star(row: dict[str, Any]) -> str:
    return " *" if row["q_value"] is not None and row["q_value"] <= 0.05 else ""


def _share_cell(row: dict[str, Any]) -> str:
    """'18.2% (won 45.1%)'."""
    return f"{fmt.pct(row['share'])} (won {fmt.pct(row['win_with'])})"


def _no_card_kinds(r: Report) -> bool:
    """The game declares no cards in its cards table (Pig): no card sections at all."""
    return not r["cards"]["kinds"]


def cards(r: Report) -> list[Block]:
    c = r["cards"]
    if _no_card_kinds(r):
        return []
    confirm = c.get("confirm")
    extra = ABLATION_HEADERS if confirm else []
    blocks: list[Block] = [
        ("h2", "Cards: effects per event"),
        (
            "p",
            "For each card and event: the share of seat-games that had it, and the win-rate "
            "difference (points) of those seats against seats that did not, within "
            f"{c['adjusted_within']} (95% interval; * = q ≤ 0.05, Benjamini-Hochberg over all "
            "rows). An event `E_...` counts as `E` too; `held` is any event by which a seat holds "
            "the card (where that is not every event); `any` is any event of the card. "
            "Correlational: a seat ahead does more.",
        ),
    ]
    if confirm:
        blocks.append(("p", confirm["method"]))
    for kind in c["kinds"]:
        events = kind["events"]
        rows = [x for x in c["rows"] if x["kind"] == kind["kind"]]
        by_card: dict[str, dict[str, Any]] = {}
        for x in rows:
            by_card.setdefault(x["card_id"], {})[x["event"]] = x
        share = [
            [
                next(iter(ev.values()))["card"],
                fmt.count(ev[ANY]["games"]) if ANY in ev else fmt.DASH,
                *[_share_cell(ev[e]) if e in ev else fmt.DASH for e in events],
            ]
            for ev in by_card.values()
        ]
        effects = [
            [
                next(iter(ev.values()))["card"],
                *[_effect(ev.get(e), "adj_") + (_star(ev[e]) if e in ev else "") for e in events],
                *(_ablation_cells(ev.get(ANY)) if confirm else []),
            ]
            for ev in by_card.values()
        ]
        file = f" (data file `{kind['data_file']}`)" if kind["data_file"] else ""
        blocks += [
            ("h3", f"{kind['title']}{file}"),
            *_forest(r, kind, by_card),
            ("p", "Share of seat-games with each event (and the win rate of those seats):"),
            ("table", [kind["kind"].capitalize(), "Games (any)", *map(_name, events)], share, 1),
            ("p", "Win-rate difference with the event (points, 95% interval):"),
            ("table", [kind["kind"].capitalize(), *map(_name, events), *extra], effects, 1),
        ]
    return blocks


def _findable(row: dict[str, Any], r: Report) -> bool:
    """findable with the report's --min-sample."""
    return findable(row, r["run"], r["settings"]["min_sample"])


def _flag(row: dict[str, Any], r: Report) -> str | None:
    """ "stronger" / "weaker" where the card's effect is findable and significant (q <= Q)
    with an interval wholly on one side of 0, as the forest plot colours it."""
    if not _findable(row, r) or row["q_value"] is None or row["q_value"] > Q:
        return None
    if row["adj_diff_low"] > 0:
        return "stronger"
    return "weaker" if row["adj_diff_high"] < 0 else None


def _forest(r: Report, kind: dict[str, Any], by_card: dict[str, dict[str, Any]]) -> list[Block]:
    """The kind's card effect chart: each card's effect (adjusted) on its holders (the
    `held` events where the game names them, else `any`), 95% intervals."""
    event = HELD if HELD in kind["events"] else ANY
    rows = [
        {**ev[event], "tested": ev[event]["adj_diff"] is not None, "level": None,
         "flag": _flag(ev[event], r), "too_uncertain": not _findable(ev[event], r)}
        for ev in by_card.values()
        if event in ev
    ]  # fmt: skip
    if not any(x["tested"] for x in rows):
        return []
    name = f"forest-{kind['kind']}"
    label = f"{ADJUSTED}: win-rate points of holders vs comparable seats (95% interval)"
    return [
        (
            "figure",
            lambda: _forest_svg(rows, name, label),
            f"{ADJUSTED} of each {kind['kind']} on the seats that had it ('{_name(event)}'), "
            f"within {r['cards']['adjusted_within']}; blue stronger, orange weaker (q ≤ {Q:g} "
            "and enough holders for a finding), grey too few holders or a degenerate interval. "
            "The numbers are in the table below.",
            [],
        )
    ]


def _forest_svg(rows: list[dict[str, Any]], name: str, label: str) -> str:
    plots = _plots()
    xlim = plots.common_xlim({"cards": {"rows": rows}})  # symmetric, the sure cards' reach
    return plots.forest_plot(rows, name, key="adj_diff", xlabel=label, xlim=xlim)


def dead(r: Report) -> list[Block]:
    """Cards never held, or held in fewer seat-games than a card finding needs."""
    d = r.get("dead")
    if not d or _no_card_kinds(r):
        return []
    minimum = (
        f"at least {d['min_holders']} seat-games and {fmt.pct(d['min_share'], 0)} of the "
        f"run's {d['seat_games']:,}"
    )
    head: list[Block] = [("h2", "Dead cards")]
    if not d["rows"]:
        return head + [
            ("p", f"Every card of the run's card files was held in {minimum}, the least a "
                  "card finding needs.")
        ]  # fmt: skip
    never = sum(1 for x in d["rows"] if x["never"])
    text = (
        f"{len(d['rows'])} cards were held in fewer seat-games than a card finding needs "
        f"({minimum}); {never} of them never. A card nobody holds changes no game, so its "
        "effect says nothing; where it has a number to vary, the line says what to try."
    )
    rows = [
        [
            x["card"],
            x["kind"],
            fmt.count(x["n"]),
            fmt.pct(x["share"]) if x["share"] is not None else fmt.DASH,
            "never held" if x["never"] else "under the minimum",
        ]
        for x in d["rows"]
    ]
    files = {k["kind"]: f"`{k['data_file']}.toml`" for k in r["cards"]["kinds"] if k["data_file"]}
    advice = [
        f"{x['card']} ({x['kind']}): {x['advice']['text']}"
        if x.get("advice")
        else f"{x['card']} ({x['kind']}): no number of its own that can change alone; "
        f"change it in {files.get(x['kind']) or 'its card file'}"
        for x in d["rows"]
    ]
    blocks = head + [
        ("p", text),
        ("table", ["Card", "Kind", "Held (seat-games)", "Share", "Status"], rows, 2),
        ("p", "What to set:"),
        ("ul", advice),
    ]
    if d.get("note"):
        blocks.append(("p", f"Card numbers from the shipped cards: {d['note']}."))
    return blocks


def arc(r: Report) -> list[Block]:
    """How the seats' play builds up over the game (reports.game.game_arc)."""
    a = r.get("arc")
    head: list[Block] = [("h2", "Game arc")]
    if not a and _no_card_kinds(r):
        return []
    if not a:
        return head + [("p", "This run's cards table dates no events: no game arc.")]
    unit = "round" if a["stage_unit"] == "round" else "tenth of the game"
    events = ", ".join(_name(e) for e in a["events"])
    stage = (lambda s: f"round {s}") if a["stage_unit"] == "round" else (lambda s: f"{s * 10}%")
    names = list(a["by_strategy"])
    rows = [
        [
            stage(s),
            fmt.num(w),
            fmt.num(o),
            f"{w - o:+.1f}" if w is not None and o is not None else fmt.DASH,
            f"{fmt.pct(lead['share'])} ({fmt.pct_range(lead['low'], lead['high'])})",
            *[fmt.num(a["by_strategy"][n][i]) for n in names],
        ]
        for i, (s, w, o, lead) in enumerate(
            zip(a["stages"], a["winners"], a["others"], a["leader_wins"], strict=True)
        )
    ]
    mid = a["leader_wins"][len(a["stages"]) // 2 - 1]
    fair = 1 / a["players"]
    text = (
        f"The tables record no score by turn; the arc counts each seat's {a['kind']} events "
        f"({events}) up to each {unit} (the cards table's `round`), its play building up "
        f"over the game. The seat ahead at {stage(a['stages'][len(a['stages']) // 2 - 1])} "
        f"goes on to win {fmt.pct(mid['share'])} ({fmt.pct_range(mid['low'], mid['high'])}; "
        f"a lead that said nothing would win {fmt.pct(fair)}); at the end, "
        f"{fmt.pct(a['leader_wins'][-1]['share'])}."
    )
    headers = [
        "Up to", "Winners", "Others", "Gap", "Seat ahead wins (95% interval)", *names,
    ]  # fmt: skip
    return head + [
        ("p", text),
        ("p", f"Mean {a['kind']} events per seat, cumulated (per strategy at the right):"),
        ("table", headers, rows, 1),
    ]


ABLATION_HEADERS = [f"{CAUSAL} (win-rate pts, 95% interval)", "Ablation"]


def _ablation_cells(row: dict[str, Any] | None) -> list[str]:
    """The card's ablation (on its `any` line's seats) and the verdict, or dashes."""
    if row is None or not row.get("ablation") or row["ablation"]["delta"] is None:
        return [fmt.DASH, fmt.DASH]
    return [ablation_cell(row), row["ablation"]["verdict"]]


def confirm_sentence(r: Report) -> str | None:
    """What --confirm did, or None without it."""
    c = r["cards"].get("confirm")
    if c is None:
        return None
    cannot = (
        f" ({', '.join(c['not_ablatable'])}: no neutral stand-in, not ablated)"
        if c["not_ablatable"]
        else ""
    )
    if not c["cards"]:
        return f"--confirm: no flagged card of a kind that can be ablated, so none was{cannot}."
    v = c["verdicts"]
    return (
        f"Ablation (--confirm {c['asked']}): the {len(c['cards'])} cards with the largest "
        f"flagged effects{cannot}, each against its neutral stand-in on {c['games']:,} of the "
        f"run's own games (seed {c['seed']}): {v['confirmed']} confirmed, "
        f"{v['not confirmed']} not confirmed (the causal effect has the other sign or lies "
        f"inside ±{c['margin'] * 100:g} points), {v['unclear'] + v['too few games']} unclear."
    )


def method(r: Report) -> list[Block]:
    return [
        ("h2", "Method"),
        (
            "ul",
            [
                "Games are the independent units: a seat's win is 1, or 1/k to each of k tied "
                "winners, so a game's wins add up to 1.",
                "Win rates: Wilson 95% intervals where no game holds two seats of the group; "
                "otherwise normal intervals with games as clusters.",
                "Differences: Mantel-Haenszel risk differences within the strata named, with "
                "cluster-robust (games) variance; 'raw' differences compare all seats.",
                "Start order: chi-square test of equal wins per position.",
                "Sections beyond the common columns appear when the game's tables carry their "
                "columns (end_trigger, ended_game, critic_points, critic_at_end, rows_one_turn).",
            ],
        ),
    ]


def setup(r: Report) -> list[Block]:
    run = r["run"]
    seats = [
        [
            s["seat_name"],
            s["strategy"],
            ", ".join(f"{k} {v:g}" for k, v in s["params"].items()) or fmt.DASH,
        ]
        for s in run["seats"]
    ]
    return [
        ("h2", "Run setup"),
        (
            "ul",
            [
                f"Run: `{run['run_dir']}`, {run['games']:,} games"
                + ("" if run["complete"] else f" of {run['games_planned']:,} planned (incomplete)")
                + f", {run['players']} players, master seed {run['seed']}",
                f"Game {run['game']}, rules version {run['rules_version']}; card data "
                f"{run['cards_dir'] or 'shipped set'} (hash `{run['card_hash'][:16]}`); tutti "
                f"{run['package_version']}",
                f"Engine invariant checks: {violations.checks_text(r)}",
            ],
        ),
        ("table", ["Seat", "Strategy", "Parameters"], seats, 3),
    ]


def unsound(r: Report) -> list[Block]:
    """Games that broke the engine's invariant checks, first of all (reports.run.violations)."""
    return violations.blocks(r)
