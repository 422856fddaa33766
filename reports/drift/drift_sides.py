"""What the two sides of a drift comparison must share, and what the user may let differ.

Drift measures what a change of the cards (or of the engine under the same rules) does
to win rates, so both sides must be the same game with the same player count (always
refused otherwise), and played by the same players under the same rules: different
strategies, strategy parameters, rules versions or user strategy modules move win rates
by themselves. Those are refused in one line naming each difference, unless the user
lets them differ (`--allow-different strategies,rules`); then the comparison goes on
and its notes say what differed. Different card data is never refused: it is what drift
is for. Different master seeds only make the comparison unpaired.
"""

from __future__ import annotations

from simcore.errors import TuttiError
from simcore.runs.manifest import RunConfig

# what --allow-different takes: name -> what it lets differ
ALLOWABLE = {
    "strategies": "the seats' strategies",
    "params": "the strategies' parameters (the same strategy in a seat)",
    "rules": "the rules version",
    "strategy-module": "the user strategy module (--strategy-module)",
}


def parse_allowed(text: str | None) -> frozenset[str]:
    """The names in an `--allow-different` comma list; an unknown one is refused."""
    if text is None:
        return frozenset()
    names = [n.strip() for n in text.split(",") if n.strip()]
    for name in names:
        if name not in ALLOWABLE:
            hint = (
                " (different cards are always compared: that is what drift is for)"
                if name in ("cards", "card-data", "card_data")
                else ""
            )
            raise TuttiError(
                f"--allow-different {text}: {name!r} is not one of {', '.join(ALLOWABLE)}{hint}"
            )
    if not names:
        raise TuttiError(f"--allow-different {text!r}: expected a comma list of "
                         f"{', '.join(ALLOWABLE)}")  # fmt: skip
    return frozenset(names)


def differences(base: RunConfig, cand: RunConfig) -> dict[str, str]:
    """name (as `--allow-different` spells it) -> the difference in words, for each way the
    two configurations' players or rules differ."""
    found = {}
    if base.strategies != cand.strategies:
        found["strategies"] = (
            f"strategies ({','.join(base.strategies)} and {','.join(cand.strategies)})"
        )
    seats = [
        p + 1
        for p in range(min(len(base.strategies), len(cand.strategies)))
        if base.strategies[p] == cand.strategies[p] and _params(base, p) != _params(cand, p)
    ]
    if seats:
        which = ", ".join(f"{p} ({base.strategies[p - 1]})" for p in seats)
        found["params"] = f"strategy parameters (seat{'s' if len(seats) > 1 else ''} {which})"
    if base.rules_version != cand.rules_version:
        found["rules"] = f"rules versions ({base.rules_version} and {cand.rules_version})"
    if base.strategy_module_hash != cand.strategy_module_hash:
        found["strategy-module"] = f"user strategy modules ({_module(base)} and {_module(cand)})"
    return found


def _params(config: RunConfig, p: int) -> dict[str, float]:
    names = config.param_names[p] if p < len(config.param_names) else []
    values = config.params[p] if p < len(config.params) else []
    return dict(zip(names, values, strict=False))


def _module(config: RunConfig) -> str:
    if config.strategy_module_hash is None:
        return "none"
    return f"{config.strategy_module} {config.strategy_module_hash[:8]}"


def check_comparable(
    base: RunConfig,
    cand: RunConfig,
    base_name: str,
    cand_name: str,
    allowed: frozenset[str] = frozenset(),
) -> list[str]:
    """Refuse (one line) sides of two games or player counts, and sides that differ in
    players or rules beyond `allowed`; the notes that say what `allowed` let differ."""
    if base.game != cand.game:
        raise TuttiError(
            f"{base_name} is a {base.game!r} run and {cand_name} a {cand.game!r} one: "
            "drift compares two runs of the same game"
        )
    if base.players != cand.players:
        raise TuttiError(
            f"{base_name} has {base.players} players and {cand_name} {cand.players}: "
            "win rates of different player counts are not comparable"
        )
    found = differences(base, cand)
    refused = [name for name in found if name not in allowed]
    if refused:
        texts = [found[name] for name in refused]
        listed = ", ".join(texts[:-1]) + " and " + texts[-1] if len(texts) > 1 else texts[0]
        raise TuttiError(
            f"{base_name} and {cand_name} were played with different {listed}: their win "
            "rates would differ by that as well as by the cards; pass --allow-different "
            f"{','.join(refused)} to compare them anyway"
        )
    return [
        f"Compared although the runs differ in {found[name]} (--allow-different {name})."
        for name in found
    ]
