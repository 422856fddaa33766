"""A Piacere as a game of the generic interface (simcore/games/api.py): `GAME`, listed in
simcore.games.GAMES. Its title says that the card data is estimated, and the first line
of every report names the estimated tables (docs/games/apiacere.md: what is stated, what
estimated, and the template for the real sheets)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from simcore.games.api import CardKind, Game, Grouping
from simcore.games.apiacere import RULES_VERSION
from simcore.games.apiacere.sizes import MAX_PLAYERS, MIN_PLAYERS
from simcore.seats import StrategySpec

DATA = Path(__file__).with_name("data")


def estimated_tables(directory: Path = DATA) -> list[str]:
    """The card files (stems) of `directory` with an entry that is an estimate (it gives
    the reason in its `estimate` field: docs/games/apiacere.md, Sources)."""
    import tomllib

    def has_estimate(node: Any) -> bool:
        if isinstance(node, dict):
            return "estimate" in node or any(has_estimate(v) for v in node.values())
        if isinstance(node, list):
            return any(has_estimate(v) for v in node)
        return False

    out = []
    for path in sorted(directory.glob("*.toml")):
        with path.open("rb") as f:
            if has_estimate(tomllib.load(f)):
                out.append(path.stem)
    return out


class APiacere(Game):
    name = "apiacere"
    title = "A Piacere (card data estimated)"
    rules_version = RULES_VERSION
    player_counts = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    default_players = 4
    score = "points"
    kernel = ("simcore.games.apiacere.play.game_nb", "play_games_nb")
    invariant_names = ("simcore.games.apiacere.state.codes", "Violation")
    end_triggers = ("events",)
    score_sources = {
        "white": 1, "black": 1, "partial_white": 1, "partial_black": 1,
        "overall_points": 1, "legacy_points": 1,
    }  # fmt: skip
    drift_groups = ()
    self_play = "composer"  # exploit's field and search start
    bench_field = ("performer", "composer", "traveller")
    # in the order of the template a designer fills in (docs/games/apiacere.md): the setup
    # sheet, the board, the player board, the card list, the tiles and the die
    card_files = (
        "setup", "cities", "rules", "housing", "travel", "proximity", "stacks", "cards",
        "instruments", "bonus_tiles", "royal", "legacy", "variety",
    )  # fmt: skip
    # the cards table: a seat holds a card it drew or took, and plays one it finishes
    card_kinds = (
        CardKind(
            "card", "cards", "Cards",
            held_events=("drawn", "taken"), held_words="drawn or taken",
            completed_events=("played",), completed_words="played (finished)",
        ),
    )  # fmt: skip
    # the report's sections beyond strategy and start order (issue 39): win rate by
    # housing plan, by personal legacy tile, by final-round order
    groupings = (
        Grouping("housing_plan", "Housing plans", "Housing plan", plural="housing plans",
                 stratum=False),
        Grouping("legacy", "Legacy tiles", "Legacy tile", plural="legacy tiles"),
        Grouping("final_round_order", "Final-round order", "Final-round position",
                 plural="final-round positions", stratum=False),
    )  # fmt: skip
    ladder_ratio = ("composed of drawn", "composed", "drawn")

    @property
    def report_notes(self) -> tuple[str, ...]:
        return (
            "Estimated tables (the rulebook's Game Setup sheet, board, player board and card "
            "list are missing; docs/games/apiacere.md): "
            + ", ".join(estimated_tables())
            + ". Every verdict that depends on them is an estimate too.",
        )

    # the decision point's strategy dispatch, and the search's kernels (the game loop calls
    # the search at the decisions of the seats that search)
    dispatch = {
        "simcore.games.apiacere.play.decide_nb": "strategies.apiacere.dispatch_nb",
        "simcore.games.apiacere.play.game_nb": "strategies.apiacere.search_player_nb",
    }

    @property
    def seat_names(self) -> tuple[str, ...]:
        from simcore.games.apiacere.output.transcript import SEAT_NAMES

        return SEAT_NAMES

    def strategies(self) -> Mapping[str, StrategySpec]:
        from strategies.apiacere.registry import STRATEGIES

        return STRATEGIES

    def dispatch_kernels(self, module: str) -> dict[str, Any]:
        if module == "simcore.games.apiacere.play.game_nb":
            from strategies.apiacere.search_player_nb import search_choose_nb, search_mask_nb

            return {"search_choose_nb": search_choose_nb, "search_mask_nb": search_mask_nb}
        from strategies.apiacere.dispatch_nb import choose_nb

        return {"choose_nb": choose_nb}

    def load_cards(self, directory: str | Path | None = None, patches: Sequence[str] = ()) -> Any:
        from simcore.games.apiacere.carddata.load import load_cards

        return load_cards(directory, patches)

    def card_records(self, cards, kind: str) -> list[Mapping[str, Any]]:
        return cards.records[kind]

    def card_entry(self, cards, kind: str, card_id: str) -> tuple[str, Any]:
        from simcore.games.apiacere.carddata.schema import SECTIONS

        if kind not in SECTIONS:
            return card_id, None  # setup.toml and rules.toml: a [table] per key
        return SECTIONS[kind], {"id": card_id}

    def stated_number(self, kind: str, card_id: str, field: tuple[str, ...]) -> str | None:
        from simcore.games.apiacere.stated_numbers import stated_number

        return stated_number(kind, card_id, field)

    def neutral_text(self, cards, kind: str) -> str:
        from simcore.errors import TuttiError

        if kind != "cards":
            raise TuttiError(
                f"cannot ablate {kind!r}: only cards have a neutral stand-in; compare other "
                "entries with tutti whatif --set"
            )
        return (
            "scores nothing: a Perform/Teach card pays 0 florins and 0 keys, a Compose card 0 "
            "black keys (still a card of its instrument), a Variation copies nothing; Tell "
            "Tales and Do Good cannot be ablated (their numbers start at 1)"
        )

    def neutral_patches(self, cards, kind: str, card_id: str) -> list[str]:
        from simcore.errors import TuttiError

        self.neutral_text(cards, kind)  # refuses the kinds that cannot be ablated
        effect = cards.records["cards"][cards.ids["cards"].index(card_id)]["effect"]
        zero = {
            "perform": ("florins", "white"),
            "teach": ("florins", "white"),
            "compose": ("black",),
            "variation": ("same", "lower"),
        }
        if effect not in zero:
            raise TuttiError(
                f"cannot ablate cards.{card_id}: a {effect} card has no neutral stand-in "
                "(its numbers start at 1); compare it with tutti whatif --set"
            )
        return [f"cards.{card_id}.params.{name}=0" for name in zero[effect]]

    def play_batch(
        self, cards, players, seed, seats, first, n_games, params=None, threads=None, into=None
    ):
        from simcore.games.apiacere.play.engine import play_batch

        self.check_players(players)
        return play_batch(cards, players, seed, seats, first, n_games, params, threads, into)

    def result_tables(self, cards, batch, players, seats) -> dict[str, Any]:
        from simcore.games.apiacere.output.results import result_tables

        return result_tables(cards, batch, players, seats)

    def play_game(self, cards, players, seed, seats, params=None):
        from simcore.games.apiacere.play.engine import play_game

        self.check_players(players)
        return play_game(cards, players, seed, seats, params)

    def transcript(self, cards, played, header: list[str]) -> str:
        from simcore.games.apiacere.output.transcript import render_transcript

        return render_transcript(cards, played, header)


GAME = APiacere()
