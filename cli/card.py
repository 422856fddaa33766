"""`tutti card RUN KIND.ID`: one card's numbers from a run's report, and what to set."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from reports.run.settings import DEFAULT_MIN_SAMPLE


def card(
    run_dir: Annotated[
        Path, typer.Argument(help="Run directory written by `tutti simulate`.", show_default=False)
    ],
    key: Annotated[
        str,
        typer.Argument(
            help="KIND.ID, e.g. instruments.violin (as --set spells it).", show_default=False
        ),
    ],
    json_out: Annotated[
        bool, typer.Option("--json", help="Print the card's numbers as JSON instead.")
    ] = False,
    min_sample: Annotated[
        int,
        typer.Option("--min-sample", min=1, help="Cards held in fewer seat-games are not tested."),
    ] = DEFAULT_MIN_SAMPLE,
    allow_incomplete: Annotated[
        bool,
        typer.Option("--allow-incomplete", help="Read an interrupted run's complete chunks."),
    ] = False,
) -> None:
    """Print one card's row of the run's report (Luthier; no games played): its adjusted
    effect and raw difference, pick rate, held share, flag, and the command to act on it."""
    from reports.percard.card_lookup import card_lookup
    from reports.run.settings import Settings

    found = card_lookup(run_dir, key, Settings(min_sample=min_sample), allow_incomplete)
    if json_out:
        import json

        typer.echo(json.dumps(found, indent=2, ensure_ascii=False))
        return
    for line in card_lines(found):
        typer.echo(line)


def card_lines(found: dict[str, Any]) -> list[str]:
    """The card's rows as lines for the terminal."""
    from reports.percard.adjusted import CAUSAL
    from reports.percard.card_advice import effect_words
    from simcore import fmt

    lines = []
    for r in found["rows"]:
        level = f", level {r['level']}" if r.get("level") else ""
        lines.append(
            f"{r['card']} ({found['key']}{level}) in {found['run_dir']}: "
            f"{found['games']:,} games, {found['players']} players"
        )
        lines.append(f"  {effect_words(r)}")
        lines.append(
            "    (adjusted: holders against non-holders of the same strategy, start order and "
            "family; raw: holders against all other seat-games)"
        )
        if r.get("pick_rate") is not None:
            lines.append(
                f"  pick rate: {fmt.pct(r['pick_rate'])} (taken in {r['picked']:,} of "
                f"{r['offered']:,} seat-games offered it)"
            )
        share = fmt.pct(r["held_share"]) if r["held_share"] is not None else "-"
        lines.append(f"  held: {share} of the seat-games ({r['n']:,} holder seat-games)")
        margin = f"±{found['margin'] * 100:g} win-rate points"
        flag = r["flag"]
        state = (
            f"flagged {flag} (interval beyond {margin})"
            if r["flagged"]
            else f"not flagged: {flag}"
            + (" (a dead card: offered, almost never taken)" if r["dead"] else "")
        )
        lines.append(f"  {state}")
        a = r.get("ablation") or {}
        if a.get("verdict"):
            lines.append(f"  {CAUSAL}: {fmt.pts(a['delta'])} pts, {a['verdict']}")
        advice = r.get("advice")
        if advice:
            lines.append(f"  advice: {advice['sentence']}")
            lines.append(f"    {advice['command']}")
    return lines
