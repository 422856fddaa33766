"""`tutti report RUN_DIR --confirm N`: the top flagged cards ablated on the run's own games.

The adjusted difference of a card is a correlation; its ablation (`reports.experiments.ablate`:
the card against its neutral stand-in on common random numbers) is its causal effect
on the seats that held it. `--confirm N` replays the run's configuration (players,
strategies with their parameters, master seed, card data, user strategy module)
under the current code and ablates the N flagged cards with the largest impact
(`reports.percard.cards.rank_key`), all on the same games 0..games-1 of the run's seed. This
module plays games: only `tutti report --confirm` imports it, so a plain report stays
numba-free.

The game report of any other game (reports.game.game_report: Maestro) is confirmed the same
way through the game interface (`confirm_game`): its cards with a flagged event, of the
kinds the game can ablate (`neutral_text`), against their neutral stand-ins.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from reports.cardbalance import findings
from reports.experiments.ablate import MIN_HOLDERS, ablate_cards
from reports.percard import cards
from reports.run.settings import CONFIRM_GAMES
from simcore.errors import TuttiError
from simcore.progress import Progress

Report = dict[str, Any]
VERDICTS = ("confirmed", "not confirmed", "unclear", "too few games")
METHOD = (
    "Ablation: the card replaced by a neutral stand-in (same deck position, no value of "
    "its own, as `tutti ablate`) on the same games of the run's own configuration (common "
    "random numbers); the effect is the holders' win rate with the card minus without, "
    "over the seats that held it, games as the independent units. 'confirmed': same sign "
    "as the adjusted Δ and its 95% interval excludes 0; 'not confirmed': the opposite sign, "
    "or its interval lies inside ±margin; 'unclear': neither (too few games to tell)."
)


def run_replayer(
    run_dir: str | Path, strategy_module: str | Path | None = None, cards: str | Path | None = None
):
    """The run's configuration, ready to play again under the current code.

    Refused (TuttiError) when the manifest lacks what a replay needs, the rules version
    or a strategy changed, or the card data is not the run's (its hash): the ablation must
    play the run's own games. A run with user strategies needs `strategy_module` (checked
    against the manifest's hash before it is loaded); its cards are `cards`, or the folder
    the manifest names only when its hash matches (simcore.runs.trust)."""
    from simcore import games
    from simcore.runs import trust
    from simcore.runs.manifest import read_manifest
    from simcore.runs.replay import replayer_for

    run_dir = Path(run_dir)
    config = read_manifest(run_dir).config
    where = f"{run_dir}: --confirm"
    if not config.strategies or not config.card_hash or config.players < 1:
        raise TuttiError(f"{where}: the manifest does not record the run's strategies and cards")
    game = games.get(config.game)
    trust.load_run_module(game, config, strategy_module, where)  # before any kernel
    card_set = _run_cards(game, config, cards, where)
    return replayer_for(config, card_set, where, strategy_module=strategy_module)


def _run_cards(game, config, cards, where: str):
    """The run's own card data (its hash), from --cards or the folder the manifest names."""
    from simcore.runs import trust

    card_set = trust.load_run_cards(game, config, cards, where)
    if card_set.data_hash != config.card_hash:
        raise TuttiError(
            f"{where}: the cards in {cards} are not the run's (another data hash); the "
            "ablation must play the run's own cards"
        )
    return card_set


def top_flagged(rows: list[dict], top: int) -> list[dict]:
    """The `top` flagged cards with the largest impact (either sign; the report's ranking,
    `reports.percard.cards.rank_key`)."""
    flagged = [r for r in rows if cards.is_flagged(r)]
    return sorted(flagged, key=lambda r: (-abs(cards.rank_key(r)), r["kind"], r["card_id"]))[:top]


def verdict(adjusted: float, delta, low, high, holders: int, margin: float) -> str:
    """How the ablation answers the adjusted Δ (see METHOD)."""
    if delta is None or low is None or holders < MIN_HOLDERS:
        return "too few games"
    if delta * adjusted < 0 or (-margin <= low and high <= margin):
        return "not confirmed"
    if (low > 0) if adjusted > 0 else (high < 0):
        return "confirmed"
    return "unclear"


def empty_ablation() -> dict[str, Any]:
    return {"delta": None, "low": None, "high": None, "holders": None, "verdict": None}


def confirm(
    report: Report,
    base,
    top: int,
    games: int = CONFIRM_GAMES,
    progress: Progress | None = None,
) -> None:
    """Ablate the report's `top` flagged cards with `base` (`run_replayer`) on `games`
    games; write `ablation` into every card row (nulls where not ablated), the run's
    confirmation into `cards.confirm`, and rebuild the summary."""
    rows = report["cards"]["rows"]
    picked = top_flagged(rows, top)
    margin = report["settings"]["margin"]
    files = report["cards"]["kinds"]
    targets = [(files[r["kind"]]["file"], r["card_id"]) for r in picked]
    _ablate_rows(rows, picked, targets, base, games, margin, progress)
    report["cards"]["confirm"] = {
        "asked": top,
        "games": games,
        "seed": base.config.seed,
        "cards": [{"kind": r["kind"], "card_id": r["card_id"], "card": r["card"]} for r in picked],
        "verdicts": {v: sum(r["ablation"]["verdict"] == v for r in picked) for v in VERDICTS},
        "method": METHOD,
    }
    report["summary"] = findings.summary(report)


def confirm_report(
    report: Report,
    base,
    top: int,
    games: int = CONFIRM_GAMES,
    progress: Progress | None = None,
) -> None:
    """`tutti report --confirm`: `confirm` for a report with the card-balance sections
    (flagged card rows), `confirm_game` with the report's margin for one with the
    per-event card effects (reports.render.sections)."""
    if "cards" in report["sections"]:
        confirm(report, base, top, games, progress)
    else:
        confirm_game(report, base, top, games, report["settings"]["margin"], progress)


# ---- the per-event card effects (reports.game.game_report) ----

GAME_FLAG_Q = 0.05  # a card event is flagged at this q-value (the report's *, game_render)
GAME_METHOD = (
    "Ablation: the card replaced by the game's neutral stand-in (as `tutti ablate --game "
    "GAME`) on the same games of the run's own configuration (common random numbers). The "
    "cards ablated are those with a flagged event (q ≤ 0.05) of a kind that can be ablated, "
    "largest flagged adjusted Δ first. The effect is the win rate of the seats that had any "
    "event of the card (the `any` line) with the card minus without, games as the "
    "independent units, judged against the `any` line's adjusted Δ (the same seats). "
    "'confirmed': same sign and its 95% interval excludes 0; 'not confirmed': the opposite "
    "sign, or its interval lies inside ±margin; 'unclear': neither."
)
ANY = "any"  # the event row of any event of a card (reports.game.game_cards)


def _ablatable(base, kind: str) -> str | None:
    """The `--set` spelling of cards-table kind `kind` if the game can ablate its cards."""
    set_kind = base.game.card_kind(kind)
    try:
        base.game.neutral_text(base.card_set, set_kind)
    except TuttiError:
        return None
    return set_kind


def game_flagged(report: Report, base, top: int) -> tuple[list[dict], list[str]]:
    """The `any` rows of the `top` cards with a flagged event whose kind the game can
    ablate, largest flagged |adjusted Δ| first; and the kinds with flags it cannot."""
    rows = report["cards"]["rows"]
    flagged = [r for r in rows if r["q_value"] is not None and r["q_value"] <= GAME_FLAG_Q]
    kinds = {r["kind"]: _ablatable(base, r["kind"]) for r in flagged}
    strongest: dict[tuple[str, str], float] = {}
    for r in flagged:
        if kinds[r["kind"]] is not None and r["adj_diff"] is not None:
            key = (r["kind"], r["card_id"])
            strongest[key] = max(strongest.get(key, 0.0), abs(r["adj_diff"]))
    line = {(r["kind"], r["card_id"]): r for r in rows if r["event"] == ANY}
    ranked = sorted(
        (key for key in strongest if key in line and line[key]["adj_diff"] is not None),
        key=lambda key: (-strongest[key], key),
    )
    return [line[key] for key in ranked[:top]], sorted(k for k, v in kinds.items() if v is None)


def confirm_game(
    report: Report,
    base,
    top: int,
    games: int = CONFIRM_GAMES,
    margin: float | None = None,
    progress: Progress | None = None,
) -> None:
    """The game report's --confirm: ablate its `top` flagged cards (`game_flagged`) with
    `base` (`run_replayer`) on `games` games; write `ablation` into every card row (nulls
    where not ablated) and the confirmation into `cards.confirm`."""
    from reports.run.settings import DEFAULT_MARGIN

    margin = DEFAULT_MARGIN if margin is None else margin
    rows = report["cards"]["rows"]
    picked, refused = game_flagged(report, base, top)
    targets = [(base.game.card_kind(r["kind"]), r["card_id"]) for r in picked]
    _ablate_rows(rows, picked, targets, base, games, margin, progress)
    report["cards"]["confirm"] = {
        "asked": top,
        "games": games,
        "seed": base.config.seed,
        "margin": margin,
        "cards": [
            {"kind": r["kind"], "card_id": r["card_id"], "card": r["card"], "event": ANY}
            for r in picked
        ],
        "not_ablatable": refused,
        "verdicts": {v: sum(r["ablation"]["verdict"] == v for r in picked) for v in VERDICTS},
        "method": GAME_METHOD,
    }


def _ablate_rows(rows, picked, targets, base, games, margin, progress) -> None:
    """Ablate `targets` (the `picked` rows' card-file kinds and ids) on `games` games and
    write each picked row's `ablation`; every other row of `rows` gets the empty one."""
    for r in rows:
        r["ablation"] = empty_ablation()
    effects = ablate_cards(base, targets, games, progress) if targets else []
    for r, effect in zip(picked, effects, strict=True):
        r["ablation"] = _ablation(effect, r["adj_diff"], margin)


def _ablation(effect, adjusted: float, margin: float) -> dict[str, Any]:
    delta, low, high, _ = (None if math.isnan(x) else x for x in effect.estimate("win"))
    holders = int(sum(x.sum() for x in effect.n))
    if holders < MIN_HOLDERS:
        low = high = None
    return {
        "delta": delta,
        "low": low,
        "high": high,
        "holders": holders,
        "verdict": verdict(adjusted, delta, low, high, holders, margin),
    }
