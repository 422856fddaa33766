"""The report's prose, shared by the HTML and Markdown renderers (plain text, no markup)."""

from __future__ import annotations

from typing import Any

from reports.percard.adjusted import effect_words
from simcore import fmt

Report = dict[str, Any]
Row = dict[str, Any]


def caveat(report: Report) -> str:
    """What the card-balance numbers are and are not (the strata as the game declares)."""
    return (
        "These results hold for the strategies that played this run, listed above. Other "
        "players, and human players in particular, may find different cards strong or weak. "
        "A card's win-rate difference is a correlation, not a cause: seats that hold a card "
        "may win for other reasons (a strong position lets a player take more cards, so "
        "cards taken late in good games look strong). The adjusted difference compares "
        f"holders with non-holders of the same strategy, {grouping_words(report)}, so a card "
        "is not credited with who tends to take it, but it is still not a cause. Use the "
        "flags to choose which cards to look at, and replay the example games to see why."
    )


ROYAL_STRATA = (
    "Royal patrons and specialty cards are cards a seat can choose only on reaching a "
    "milestone (an award's royal benefit; a track's specialty step), and such seats win "
    "more anyway: a royal patron is compared only with the seats of the same strategy, start "
    "order and family that also took a royal patron, a specialty card with those that took "
    "as many specialty cards, so their adjusted Δ is the effect of choosing the card rather "
    "than another, not of reaching the choice."
)

REPLAY = (
    "`tutti play` with an example's seed and the run's strategies plays exactly that game, "
    "move by move. The strategies matter: the same seed with other strategies is a different "
    "game."
)


def replay_note(report: Report) -> str:
    """How to replay the example games, and when the replay may differ."""
    note = REPLAY
    if any(s["params"] for s in report["run"]["seats"]):
        note += (
            " `tutti play` seats each strategy with its default parameters: if this run set "
            "other values (see Run), the replay is a different game."
        )
    return note


def grouping_words(report: Report) -> str:
    """The strata beyond strategy, in words: "start order and family" (the game's
    groupings' labels, those that are strata)."""
    strata = [g for g in report["groupings"] if g.get("stratum", True)]
    parts = ["start order", *(g["label"].lower() for g in strata)]
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]


def tile_grouping(report: Report) -> Row | None:
    """The first grouping whose values are cards (the game's grouping with a card kind:
    Luthier's family tiles), from the report's "groupings"; None without one."""
    return next((g for g in report["groupings"] if g["kind"]), None)


def tile_name(report: Report, g: Row, value: str) -> str:
    """A grouping value's name (a tile's card name where the card files give one)."""
    return report.get(f"{g['column']}_names", {}).get(value, value)


def seat_sentence(report: Report) -> str:
    seats = report["seats"]
    chi = seats["chi_square"]
    rows = [r for r in seats["by_start_order"] if r["win_rate"] is not None]
    if not rows:
        return "No seat results."
    best = max(rows, key=lambda r: r["win_rate"])
    worst = min(rows, key=lambda r: r["win_rate"])
    fair = fmt.pct(seats["fair_rate"])
    spread = (
        f"The {fmt.ordinal(best['start_order'])} player wins most often "
        f"({fmt.pct(best['win_rate'])}), the {fmt.ordinal(worst['start_order'])} least "
        f"({fmt.pct(worst['win_rate'])}); a fair share is {fair}."
    )
    if chi["too_few_games"] or chi["p_value"] is None:
        return spread + " Too few games to test whether the start order matters."
    p = chi["p_value"]
    if p < 0.01:
        verdict = "The start order clearly matters (chi-square test"
    elif p < 0.05:
        verdict = "The start order probably matters (chi-square test"
    else:
        verdict = "No clear sign that the start order matters (chi-square test"
    return f"{spread} {verdict}, {fmt.p_is(p)})."


def tile_effects(report: Report, g: Row) -> dict[str, Row]:
    """The card rows of grouping `g`'s tiles by value: their adjusted effects (holders
    against non-holders of the same strategy and start order), the measure the Summary's
    tile finding reads (`reports.cardbalance.findings.tile_findings`); {} for a grouping without a
    card kind."""
    if not g["kind"]:
        return {}
    return {r["card_id"]: r for r in report["cards"]["rows"] if r["kind"] == g["kind"]}


def ranked_tiles(report: Report) -> tuple[Row, Row] | None:
    """(strongest, weakest) tested tile of the tile grouping by adjusted effect; None
    under two (or without such a grouping)."""
    g = tile_grouping(report)
    if g is None:
        return None
    rows = [
        r for r in tile_effects(report, g).values() if r["tested"] and r.get("adj_diff") is not None
    ]
    if len(rows) < 2:
        return None
    return max(rows, key=lambda r: r["adj_diff"]), min(rows, key=lambda r: r["adj_diff"])


def by_adjusted(rows: list[Row], adjusted: dict[str, Row], column: str) -> list[Row]:
    """A grouping's rows (values in `column`) strongest first by adjusted effect (the
    Summary's order), raw win rate where a value has none."""

    def key(r: Row) -> tuple:
        a = adjusted.get(r[column], {}).get("adj_diff")
        return (a is None, -(a or 0), -(r["win_rate"] or 0))

    return sorted(rows, key=key)


def adjusted_cell(row: Row | None) -> str:
    if row is None or row.get("adj_diff") is None:
        return fmt.DASH
    return (
        f"{fmt.pts(row['adj_diff'])} ({fmt.pts_range(row['adj_diff_low'], row['adj_diff_high'])})"
    )


def grouping_sentence(report: Report, g: Row) -> str:
    """The section of grouping `g` in one paragraph: the values whose raw win rate misses
    the fair share, and (a grouping of tiles) the strongest and weakest tile."""
    column = g["column"]
    found = report[g["key"]][f"by_{column}"]
    rows = [r for r in found if not r["too_uncertain"]]
    title = g["title"][0].lower() + g["title"][1:]
    if not rows:
        return f"Too few games to compare the {title}."
    raw = {r[column]: r for r in found}
    fair = report["seats"]["fair_rate"]
    outside = [r for r in rows if not r["ci_low"] <= fair <= r["ci_high"]]
    label = g["label"].lower()
    tail = (
        f"{len(outside)} of {len(rows)} {g['plural']} have a raw win rate whose 95% interval "
        f"excludes the fair share of {fmt.pct(fair)}."
        if outside
        else f"Every {label}'s raw win rate has a 95% interval that includes the fair share "
        f"of {fmt.pct(fair)}."
    )
    if not g["kind"]:  # values that are no cards (a vocation, an arrival order): raw rates
        return "Raw win rates (its values are no cards: no adjusted effect). " + tail
    ranked = ranked_tiles(report) if g is tile_grouping(report) else None
    if ranked is None:
        return f"Too few games to compare the {title} (adjusted). " + tail

    def one(r: Row) -> str:
        win = raw.get(r["card_id"], {}).get("win_rate")
        return (
            f"{tile_name(report, g, r['card_id'])}, "
            + effect_words(r["adj_diff"], r.get("adj_diff_low"), r.get("adj_diff_high"))
            + (f", raw win rate {fmt.pct(win)}" if win is not None else "")
        )

    best, worst = ranked
    return (
        f"Strongest {label}: {one(best)}; weakest: {one(worst)} (adjusted: against non-holders "
        f"of the same strategy and start order, as the Summary; raw: the tile's own win "
        f"rate, which mixes the tile with the strategies that keep it). " + tail
    )


def cards_sentence(report: Report) -> str:
    c = report["cards"]
    s = report["settings"]
    sentence = (
        f"{c['tested']:,} of {c['ranked_rows']:,} card rows have enough games to test; "
        f"{c['flagged_bh']:,} are flagged as stronger or weaker: their adjusted difference "
        f"is significant (Benjamini-Hochberg, false-discovery rate "
        f"{s['false_discovery_rate']:.0%}; the stricter Holm method would keep "
        f"{c['flagged_holm']:,}) and its 95% interval lies beyond ±"
        f"{s['margin'] * 100:g} win-rate points; {c['flags']['balanced']:,} are balanced "
        f"(interval inside ±{s['margin'] * 100:g} win-rate points) and {c['flags']['undecided']:,} "
        "undecided. Flagged cards are ranked by impact: the adjusted difference times the "
        "share of seat-games that held the card, the win-rate points it moves per seat-game "
        "of the run (a card most seats hold matters more than one a few hold)."
    )
    if "outcomes" in report:  # a game with outcome rows (Luthier's awards and goals)
        sentence += (
            " Award levels and goal scoring are outcomes, not cards: they are not ranked or "
            "flagged (see Awards and goals)."
        )
    return sentence


def level_mark(status: str | None) -> str:
    return f" ({status})" if status else ""


def strategy_claims(level: dict[str, Any]) -> str:
    """ "a 60%, b 40%": each strategy's share of the level's claims."""
    parts = [f"{s['strategy']} {fmt.pct(s['share'])}" for s in level["by_strategy"]]
    return ", ".join(parts) or fmt.DASH


def outcomes_sentence(report: Report) -> str:
    o = report["outcomes"]
    t = o["thresholds"]
    never = sum(a["status"] == "never reached" for a in o["awards"])
    always = sum(a["status"] == "nearly always" for a in o["awards"])
    seats = ", ".join(f"{s['strategy']} {fmt.pct(s['seat_share'])}" for s in o["strategies"])
    return (
        f"{len(o['awards'])} award levels: {never} never reached (claimed in no game), "
        f"{always} nearly always reached (claimed in at least {t['nearly_always']:.0%} of the "
        f"games with the tile in play). Claims by strategy are shares of the level's claims; "
        f"compare them with each strategy's share of the seats ({seats}). These are "
        "outcomes of play, not card effects: they are not ranked or flagged, and no "
        "win-rate difference of claimers is shown."
    )


def method_items(report: Report) -> list[tuple[str, str]]:
    """(term, explanation) pairs for the method section."""
    s = report["settings"]
    half = s["max_half_width"] * 100
    items = [
        (
            "Win",
            "1 for the sole winner, 1/k for each of k players sharing a victory, else 0. "
            "The win rates of a game's seats add up to 1, so a fair seat wins "
            "1/players of its games.",
        ),
        ("Win-rate interval", "Wilson score 95% interval."),
        (
            "Seat balance test",
            "Chi-square goodness-of-fit test of the wins per start position "
            "against equal shares (degrees of freedom: players - 1).",
        ),
        (
            "Matchup",
            "Win rate of strategy A's seats in games where another seat played strategy B.",
        ),
        (
            "Prestige share",
            "Mean prestige a group earned from a source divided by the group's "
            "mean prestige (patience is negative).",
        ),
        (
            "Winning margin",
            "Winner's prestige minus the best other seat's, over games without a shared victory.",
        ),
    ]
    score = report["run"].get("score", "prestige")
    if score != "prestige":  # another game's score: its own words (Luthier's stay as they were)
        items[-2:] = [
            (
                f"{score.capitalize()} share",
                f"Mean {score} a group earned from a source divided by the group's mean {score}.",
            ),
            (
                "Winning margin",
                f"Winner's {score} minus the best other seat's, over games without a shared "
                "victory.",
            ),
        ]
    for spec in report["cards"]["kinds"].values():
        line = f"held = {spec['held']}"
        if spec["completed"]:
            line += f"; completed = {spec['completed']}"
        if spec["per_level"]:
            line += (
                "; one row per level; claim rate = claims of that level per game with the "
                "tile in play"
            )
        items.append((spec["title"], line + "."))
    items += [
        (
            "A card's effect (adjusted, with the raw difference beside it)",
            report["cards"]["method"]
            + (" " + ROYAL_STRATA if report.get("milestones") else "")
            + " Win-rate points = percentage "
            "points of win rate. "
            "'Δ if completed' compares seat-games that completed the card instead.",
        ),
        (
            "Raw win-rate difference (raw Δ)",
            "Mean win of the seat-games holding the card minus the "
            "mean win of all other seat-games of the run (unpaired), "
            "with a normal-approximation 95% interval: it mixes the card with who holds it.",
        ),
        ("Sample size (n)", "Seat-games in which the card was held."),
        (
            "Minimum sample",
            f"Cards held in fewer than {s['min_sample']} seat-games (or missing "
            f"from fewer than {s['min_sample']}) are not tested: "
            "'too few games'.",
        ),
        (
            "Flags",
            "Two-sided z-test of the adjusted Δ per card; Benjamini-Hochberg adjustment "
            f"over all tested cards; flagged (stronger / weaker) when the adjusted value (q) "
            f"is at most {s['false_discovery_rate']:.2f} and the 95% interval lies wholly "
            f"beyond ±{s['margin'] * 100:g} win-rate points (--margin); balanced when the "
            "interval lies inside the margin; undecided otherwise. Holm-adjusted p-values "
            "(which bound the chance of any false flag) are in the JSON.",
        ),
        (
            "Too uncertain",
            f"Fewer than {s['min_sample']} games or seat-games, or a 95% "
            f"interval wider than ±{half:.0f} percentage points.",
        ),
        (
            "Example games",
            f"The first {s['examples']} games of the run in which a holder of "
            "the flagged card won (stronger) or lost (weaker).",
        ),
    ]
    return items


def ablation_cell(row: dict[str, Any]) -> str:
    """An ablated card's causal effect: '+3.6 (+0.0 to +7.2)' in win-rate points, or '–'."""
    a = row.get("ablation") or {}
    if a.get("delta") is None:
        return fmt.DASH
    if a.get("low") is None:
        return f"{fmt.pts(a['delta'])} (too few games)"
    return f"{fmt.pts(a['delta'])} ({fmt.pts_range(a['low'], a['high'])})"


def confirm_sentence(report: Report) -> str | None:
    """What --confirm did, or None without it."""
    c = report["cards"].get("confirm")
    if c is None:
        return None
    if not c["cards"]:
        return "--confirm: no card is flagged, so none was ablated."
    v = c["verdicts"]
    return (
        f"Ablation (--confirm {c['asked']}): the {len(c['cards'])} flagged cards with the "
        f"largest impact, each against its neutral stand-in on {c['games']:,} of "
        f"the run's own games (seed {c['seed']}): {v['confirmed']} confirmed, "
        f"{v['not confirmed']} not confirmed (the causal effect has the other sign or lies "
        f"inside the margin), {v['unclear'] + v['too few games']} unclear."
    )


def params_text(params: dict[str, float]) -> str:
    return ", ".join(f"{k} = {v:g}" for k, v in params.items())


def matchups_sentence(report: Report) -> str | None:
    """The one line that stands for the Matchups table when it holds nothing new: every
    seat played one strategy, or every game seated the run's one line-up (each row would
    repeat the strategy's overall win rate). None when the table says something."""
    names = [r["strategy"] for r in report["strategies"]["by_strategy"]]
    if len(names) == 1:
        return (
            f"Matchups: every seat played {names[0]}, so its win rate is the fair share "
            "by construction; there is no matchup to show."
        )
    if len(set(report["run"]["strategies"])) == len(names):
        return (
            f"Matchups: every game seated the same line-up ({', '.join(names)}), so each "
            "strategy met the others in all its games and its matchup win rates are its "
            "overall win rate above; a matchup table needs runs that seat different "
            "line-ups (see `tutti ladder`)."
        )
    return None


def notes(report: Report) -> list[tuple[str, str]]:
    """The game's report notes (`report_notes`: estimated card data) as paragraph blocks,
    the first line under the report's title."""
    return [("p", f"**Note.** {n}") for n in report.get("notes", [])]
