"""Dice-Mining Patrons as a game of the generic interface (simcore/games/api.py): `GAME`.

Its title says that the card data is estimated, so the first line of every report and
transcript header says so too (docs/games/dicemining.md: what is stated, what estimated)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from simcore.games.api import CardKind, Game
from simcore.games.dicemining import RULES_VERSION
from simcore.games.dicemining.state.codes import End, names
from simcore.games.dicemining.state.dtypes import MAX_PLAYERS, MIN_PLAYERS
from simcore.seats import StrategySpec

SEAT_NAMES = ("Red", "Blue", "Green", "Yellow")


class DiceMining(Game):
    name = "dicemining"
    title = "Dice-Mining Patrons (card data estimated)"
    rules_version = RULES_VERSION
    player_counts = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))  # ruling DM-1
    default_players = 4
    seat_names = SEAT_NAMES
    score = "vp"
    kernel = ("simcore.games.dicemining.play.game_nb", "play_games_nb")
    invariant_names = ("simcore.games.dicemining.state.codes", "Violation")
    end_triggers = tuple(n for n in names(End) if n != "none")  # "thirty", "cap"
    score_sources = {"vp_patrons": 1, "vp_raised": 1}
    self_play = "greedy"  # exploit's field and search start
    bench_field = ("cautious", "greedy", "burglar", "collector")
    card_files = ("dice", "resources", "items", "vaults", "patrons", "rules")
    dispatch = {
        "simcore.games.dicemining.play.decide_nb": "strategies.dicemining.dispatch_nb",
        "simcore.games.dicemining.play.game_nb": "strategies.dicemining.search_player_nb",
    }

    # the cards table: a seat holds a patron dealt or drawn to it and completes one it
    # fulfils (spec 2.6); it holds an item it crafts, steals or swaps for, and completes
    # one it spends on a patron; a row per card, so an item crafted twice is two rows
    card_kinds = (
        CardKind(
            "patron",
            "patrons",
            held_events=("dealt", "drawn"),
            held_words="dealt or drawn",
            completed_events=("fulfilled",),
            completed_words="fulfilled",
        ),
        CardKind(
            "item",
            "items",
            held_events=("crafted", "stolen", "swapped_in"),
            held_words="crafted, stolen or swapped for",
            completed_events=("spent",),
            completed_words="spent on a patron",
            events=("crafted", "stolen", "swapped_in", "spent", "lost", "returned", "swapped_out"),
            leaves=True,
        ),
    )
    ladder_ratio = ("fulfilled of drawn", "patrons_fulfilled", "patrons_drawn")

    def strategies(self) -> Mapping[str, StrategySpec]:
        from strategies.dicemining.registry import STRATEGIES

        return STRATEGIES

    def dispatch_kernels(self, module: str) -> dict[str, Any]:
        if module == "simcore.games.dicemining.play.game_nb":
            from strategies.dicemining.search_player_nb import search_choose_nb, search_mask_nb

            return {"search_choose_nb": search_choose_nb, "search_mask_nb": search_mask_nb}
        from strategies.dicemining.dispatch_nb import choose_nb

        return {"choose_nb": choose_nb}

    def load_cards(self, directory: str | Path | None = None, patches: Sequence[str] = ()) -> Any:
        from simcore.games.dicemining.carddata.load import load_cards

        return load_cards(directory, patches)

    def card_records(self, cards, kind: str) -> list[Mapping[str, Any]]:
        return cards.records[kind]

    def card_entry(self, cards, kind: str, card_id: str) -> tuple[str, Any]:
        from simcore.games.dicemining.carddata.schema import SECTIONS

        if kind == "rules":
            return card_id, None  # a rule is a [table] of its own in rules.toml
        return SECTIONS[kind], {"id": card_id}

    def neutral_text(self, cards, kind: str) -> str:
        from simcore.errors import TuttiError

        if kind == "items":
            recipe = ", ".join(f"{n} {r}" for r, n in _mean_recipe(cards).items())
            return (
                f"costs the deck's mean recipe ({recipe}) and has the deck's mean "
                f"{_mean_copies(cards)} copies (the patrons that need it still do)"
            )
        if kind != "patrons":
            raise TuttiError(
                f"cannot ablate {kind!r}: only patrons and items have a neutral stand-in "
                "(spec 2.6); compare other cards with tutti whatif --set"
            )
        return (
            f"has no ability and scores the deck's mean {_vp_per_item(cards):.2f} VP an item "
            "(its items stay)"
        )

    def neutral_patches(self, cards, kind: str, card_id: str) -> list[str]:
        self.neutral_text(cards, kind)  # refuses the kinds that cannot be ablated
        if kind == "items":
            cards.record("items", card_id)  # an unknown id: its one-line error
            recipe = ", ".join(f"{r} = {n}" for r, n in _mean_recipe(cards).items())
            return [
                f"items.{card_id}.recipe={{{recipe}}}",
                f"items.{card_id}.copies={_mean_copies(cards)}",
            ]
        n_items = len(cards.record("patrons", card_id)["items"])
        vp = max(1, round(_vp_per_item(cards) * n_items))
        return [
            f"patrons.{card_id}.ability=none",
            f"patrons.{card_id}.params={{}}",
            f"patrons.{card_id}.vp={vp}",
        ]

    def stated_number(self, kind: str, card_id: str, field: tuple[str, ...]) -> str | None:
        from simcore.games.dicemining.carddata.stated_numbers import stated_number

        return stated_number(kind, card_id, field)

    def play_batch(
        self, cards, players, seed, seats, first, n_games, params=None, threads=None, into=None
    ):
        from simcore.games.dicemining.play.engine import play_batch

        self.check_players(players)
        return play_batch(cards, players, seed, seats, first, n_games, params, threads, into)

    def result_tables(self, cards, batch, players, seats) -> dict[str, Any]:
        from simcore.games.dicemining.output.results import result_tables

        return result_tables(cards, batch, players, seats)

    def play_game(self, cards, players, seed, seats, params=None):
        from simcore.games.dicemining.play.engine import play_game

        self.check_players(players)
        return play_game(cards, players, seed, seats, params)

    def transcript_jsonl(self, cards, played, meta: dict[str, Any]) -> str:
        from simcore.games.dicemining.output.transcript_jsonl import render_jsonl

        return render_jsonl(cards, played, meta)

    def transcript(self, cards, played, header: list[str]) -> str:
        from simcore.games.dicemining.output.transcript import render_transcript

        return render_transcript(cards, played, header)


def _vp_per_item(cards) -> float:
    """The deck's VP an item, over every patron card with a printed VP (copies counted):
    the neutral stand-in's rate (spec 2.6: 'VP = the deck mean per item')."""
    vp = items = 0
    for r in cards.records["patrons"]:
        if r["ability"] != "cumulative_vp":
            vp += r["vp"] * r["copies"]
            items += len(r["items"]) * r["copies"]
    return vp / max(1, items)


def _mean_recipe(cards) -> dict[str, int]:
    """The neutral item's recipe: the deck's mean recipe (item types weighted by their
    copies), each resource's mean share rounded by largest remainder so that the recipe
    costs the mean cost rounded; equal remainders go to the resource listed first."""
    records = cards.records["items"]
    weight = sum(r["copies"] for r in records) or 1
    mean = {
        res: sum(r["copies"] * r["recipe"].get(res, 0) for r in records) / weight
        for res in cards.ids["resources"]
    }
    total = round(sum(mean.values()))
    out = {res: int(m) for res, m in mean.items()}
    by_remainder = sorted(mean, key=lambda res: -(mean[res] - int(mean[res])))
    for res in by_remainder[: total - sum(out.values())]:
        out[res] += 1
    return {res: n for res, n in out.items() if n}


def _mean_copies(cards) -> int:
    """The neutral item's copies: the mean over the item types, rounded."""
    records = cards.records["items"]
    return round(sum(r["copies"] for r in records) / max(1, len(records)))


GAME = DiceMining()
