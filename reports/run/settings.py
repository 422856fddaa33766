"""The report's knobs and thresholds, stated once and printed in the report."""

from __future__ import annotations

from dataclasses import asdict, dataclass

DEFAULT_MIN_SAMPLE = 30
DEFAULT_MARGIN = 0.02  # 2 win-rate points
CONFIRM_GAMES = 2000  # games per card for `tutti report --confirm` (as `tutti ablate`)


@dataclass(frozen=True)
class Settings:
    min_sample: int = DEFAULT_MIN_SAMPLE  # fewer seat-games than this: "too few games", untested
    false_discovery_rate: float = 0.05  # Benjamini-Hochberg level for flagging cards
    margin: float = DEFAULT_MARGIN  # a flagged card's interval lies beyond +-margin (win rate)
    max_half_width: float = 0.10  # a 95% interval wider than +-10 points is "too uncertain"
    examples: int = 3  # example games per flagged card
    few_games: int = 1_000  # below this many games the whole report carries a warning

    def to_json(self) -> dict:
        return asdict(self)
