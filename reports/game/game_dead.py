"""Any game's dead cards: cards of its card files that no seat held, or too few seats to
say anything about (fewer than a card finding needs: reports.cardbalance.findings.findable's
--min-sample seat-games, MIN_FINDING_HOLDERS by default, and MIN_FINDING_SHARE of the
run's).

A seat-game *holds* a card when the cards table has one of the card's held events for it
(the game's `card_roles.held`; every event of a kind the game does not list). The cards
are those of the run's card files (`card_roles.files`), so a card that never shows up in
the table is found too, with the cards the table names beyond them (Maestro's conductor).
Each dead card gets the card advice (reports.percard.card_advice, as a dead card: its main number
raised, a value at a time, and the command that tries it) where it has a number to vary.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reports.cardbalance.findings import MIN_FINDING_SHARE
from reports.game.game_cards import ANY, HELD
from reports.percard import card_advice
from reports.run.load import Run
from simcore.errors import TuttiError
from simcore.games.api import Cards, Game

Report = dict[str, Any]


def _run_cards(game: Game, cards_dir: str | None) -> tuple[Cards, str | None]:
    """The run's card set (the shipped one, with a note, where its folder no longer loads)."""
    try:
        return game.load_cards(Path(cards_dir) if cards_dir else None), None
    except TuttiError:
        return game.load_cards(None), f"the run's card folder {cards_dir} no longer loads"


def _universe(game: Game, card_set: Cards, files: dict[str, str]) -> dict[tuple[str, str], str]:
    """(table kind, card id) -> name, of every card in the run's card files."""
    out: dict[tuple[str, str], str] = {}
    for kind, file_kind in files.items():
        try:
            ids = game.card_ids(card_set, file_kind)
        except (TuttiError, KeyError):
            continue
        for card_id in ids:
            try:
                out[(kind, card_id)] = game.card_name(card_set, file_kind, card_id)
            except TuttiError:
                out[(kind, card_id)] = card_id
    return out


def held_counts(
    report: Report, held: dict[str, tuple[str, ...]]
) -> dict[tuple[str, str], tuple[str, int]]:
    """(kind, card_id) -> (name, holder seat-games) of every card the cards table names,
    from the card effects' rows (reports.game.game_cards, no second read of the table): the
    `held` row where the kind has one, else `any`, which then is every held event (or, if
    the table has none of the kind's held events, no holder at all)."""
    events = {k["kind"]: set(k["events"]) for k in report["cards"]["kinds"]}
    out: dict[tuple[str, str], tuple[str, int]] = {}
    for r in report["cards"]["rows"]:
        kind, event = r["kind"], r["event"]
        has_held = HELD in events.get(kind, ())
        if event != (HELD if has_held else ANY):
            continue
        none = kind in held and not has_held and not (set(held[kind]) & events[kind])
        out[(kind, r["card_id"])] = (r["card"], 0 if none else int(r["n"]))
    return out


def dead_cards(run: Run, game: Game, report: Report) -> Report:
    """{"min_holders", "min_share", "seat_games", "kinds", "note", "rows"}: one row per dead
    card (kind, card_id, card, n, share, never, advice), never-held first, then fewest
    holders."""
    roles = game.card_roles
    files = dict(roles.files)
    held = {k: tuple(v) for k, v in roles.held.items()}
    seat_games = run.games * run.players
    card_set, note = _run_cards(game, report["run"]["cards_dir"])
    names = _universe(game, card_set, files)
    n_of = held_counts(report, held)
    for key, (name, _) in n_of.items():
        names.setdefault(key, name)
    min_holders = report["settings"]["min_sample"]
    minimum = max(min_holders, MIN_FINDING_SHARE * seat_games)
    rows = []
    for (kind, card_id), name in names.items():
        n = n_of.get((kind, card_id), (name, 0))[1]
        if n >= minimum:
            continue
        rows.append(
            {
                "kind": kind,
                "card_id": card_id,
                "card": n_of[(kind, card_id)][0] if (kind, card_id) in n_of else name,
                "n": int(n),
                "share": n / seat_games if seat_games else None,
                "never": n == 0,
                "events": list(held.get(kind, ())),
                "advice": None,
            }
        )
    rows.sort(key=lambda r: (r["n"], r["kind"], r["card_id"]))
    card_advice.advise_rows(report, rows, dead=True)
    return {
        "min_holders": min_holders,
        "min_share": MIN_FINDING_SHARE,
        "seat_games": seat_games,
        "kinds": list(files),
        "note": note,
        "rows": rows,
    }
