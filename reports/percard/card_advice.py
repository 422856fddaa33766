"""From a card finding to the value to set: a suggested range for the card's main number
and the one command that settles it, built with the run's own options.

    advisor = Advisor(report)            # loads the run's cards once (no games, no numba)
    advisor.advise(row)                  # a flagged or unflagged card row of the report
    advisor.advise(row, dead=True)       # a dead card (offered, never taken)

The *main number* of a card is the first number its kind has of `MAIN_FIELDS` (an
instrument's prestige, a goal's top-level prestige, a family's start money, ...). For all
of them more is stronger, so:

- a card flagged "stronger" gets the range max(0, current - k) .. current, a "weaker" one
  current .. current + k, with k = ceil(|adjusted Δ| / STEP_POINTS) steps (one step of the
  number per STEP_POINTS win-rate points of effect, at least one). The command is
  `tutti balance --vary KIND.ID.FIELD=LO..HI --objective card:KIND.ID` with the run's
  players, strategies, seed and cards: it searches the range for the value whose adjusted
  effect is nearest 0 and checks it against the current value on fresh games.
- a dead card (offered, almost never taken) has no effect to size: it gets current + 1 ..
  current + DEAD_STEPS and `tutti sweep KIND.ID.FIELD --values ...`, which shows what each
  value does to the card and the game.
- an unflagged card: keep the current value; the command is the same `balance` over
  current ± 1, which answers "keep" unless a neighbour does better.

A kind that `MAIN_FIELDS` does not know (another game's: Maestro's rows) takes the first
number among its fields (`card_fields`: a row's `value`); where no other value of it
loads (Maestro's tiles, as many as the rows' spaces) there is no advice. A number that a
rules switch alone reads (`reports.experiments.rule_notes`: a row's printed value, read only under
scoring = printed) gets, under other rules, the `tutti whatif` that plays it under that
switch.

A range the card rules refuse (a goal level's prestige below the level before) is
narrowed toward the current value until both ends load. A number the rulebook states
(`stated_number`) is said to be stated, and the `balance` command carries
`--allow-stated` (balancing a stated number is for a designer's own game).

`--confirm` results (the row's `ablation`) replace the advice they settle: "not
confirmed" keeps the current value; "confirmed" says so beside the range.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reports.experiments.rule_notes import read_only_under
from reports.percard import adjusted
from reports.run.commands import shell, strategies_word
from simcore import games
from simcore.errors import TuttiError

Report = dict[str, Any]
Row = dict[str, Any]

# one step of the main number per STEP_POINTS of adjusted effect: a range wide enough for a
# slope of 1 win-rate point per step (a planted violin measured about 1.2 per prestige point,
# docs/games/luthier/card-data.md "Refit 5"; 2 points per step left the planted
# violin's range at 5..12, short of its stated 2)
STEP_POINTS = 0.01
DEAD_STEPS = 3  # a dead card's sweep: current + 1 .. current + DEAD_STEPS
# card file kind -> the fields tried for its main number, first number found wins; "*":
# the first key of a table (a family's start bundle without money)
MAIN_FIELDS: dict[str, tuple[tuple[str, ...], ...]] = {
    "instruments": (("prestige",),),
    "repairs": (("prestige",),),
    "patrons": (("prestige",),),
    "performances": (("prestige", "2"), ("money", "2")),
    "goals": (
        ("levels", "2", "prestige"),
        ("levels", "1", "prestige"),
        ("levels", "0", "prestige"),
    ),
    "families": (("start", "money"), ("start", "*")),
    "specialty": (("amount",), ("gain", "*")),
    "awards": (("levels", "2", "prestige"),),
}
# where a card has none of its MAIN_FIELDS, the field that counts as 0 when missing (a
# family tile with an empty start bundle): `--set` adds it, `balance` cannot vary it
MISSING_ZERO: dict[str, tuple[str, ...]] = {"families": ("start", "money")}
# a card with no number of its own (a specialty worker whose ability is free_tier): the
# ability with a number to try instead, at amount 1
NUMBERED_ABILITY = {"specialty": "prestige"}


@dataclass(frozen=True)
class Main:
    """A card's main number: where it is, its value, whether it is whole."""

    field: tuple[str, ...]
    value: float
    integer: bool
    missing: bool = False  # not in the card (MISSING_ZERO): 0

    @property
    def name(self) -> str:
        return ".".join(self.field)


def _at(record: Any, field: tuple[str, ...]) -> tuple[tuple[str, ...], Any]:
    """(the concrete field, its value) of `record` at `field` ("*": a table's first key)."""
    value, path = record, list[str]()
    for key in field:
        if key == "*" and isinstance(value, dict) and value:
            key = next(iter(value))
        if isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        elif isinstance(value, dict) and key in value:
            value = value[key]
        else:
            return tuple(path), None
        path.append(key)
    return tuple(path), value


def main_number(record: Any, file_kind: str) -> Main | None:
    """The card's main number (`MAIN_FIELDS`), or None where its kind has none."""
    for field in MAIN_FIELDS.get(file_kind, ()):
        path, value = _at(record, field)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return Main(path, float(value), isinstance(value, int))
    if file_kind in MISSING_ZERO:
        return Main(MISSING_ZERO[file_kind], 0.0, True, missing=True)
    return None


def first_number(record: Any, fields: tuple[str, ...]) -> Main | None:
    """A card's first whole or decimal top-level field in `fields` order (a kind that
    `MAIN_FIELDS` does not know: Maestro's rows, `value`), or None."""
    for name in fields:
        value = record.get(name) if isinstance(record, dict) else None
        if isinstance(value, int | float) and not isinstance(value, bool):
            return Main((name,), float(value), isinstance(value, int))
    return None


def _num(x: float, integer: bool) -> str:
    return str(int(round(x))) if integer else f"{x:g}"


def step_count(adj_diff: float | None) -> int:
    """k: the steps of the main number an adjusted effect asks for (at least 1)."""
    if adj_diff is None:
        return 1
    return max(1, math.ceil(round(abs(adj_diff) / STEP_POINTS, 9)))


class Advisor:
    """The advice for a report's card rows; loads the run's cards once."""

    def __init__(self, report: Report) -> None:
        self.report = report
        run = report["run"]
        self.game = games.get(run["game"])
        self.cards_note = None
        try:
            cards_dir = Path(run["cards_dir"]) if run["cards_dir"] else None
            self.cards = self.game.load_cards(cards_dir)
        except TuttiError:
            self.cards = self.game.load_cards(None)
            self.cards_note = (
                f"the run's card folder {run['cards_dir']} no longer loads: numbers from "
                "the shipped cards"
            )
        self.files = dict(self.game.card_roles.files)  # table kind -> file kind

    # ---------------------------------------------------------------- commands

    def _run_words(self) -> list[object]:
        run = self.report["run"]
        words: list[object] = ["--players", run["players"], "--seed", run["seed"]]
        words += ["--strategies", strategies_word([s["strategy"] for s in run["seats"]])]
        if run["cards_dir"]:
            words += ["--cards", run["cards_dir"]]
        if run["game"] != games.get().name:
            words += ["--game", run["game"]]
        return words

    def balance_command(self, target: str, lo: str, hi: str, stated: bool) -> str:
        """`tutti balance` over LO..HI of `target` (KIND.ID.FIELD) for the card's effect."""
        card = ".".join(target.split(".")[:2])
        words: list[object] = ["tutti", "balance", "--vary", f"{target}={lo}..{hi}"]
        words += ["--objective", f"card:{card}", *self._run_words()]
        if stated:
            words.append("--allow-stated")
        return shell(*words)

    def sweep_command(self, target: str, values: list[str]) -> str:
        words: list[object] = ["tutti", "sweep", target, "--values", ",".join(values)]
        return shell(*words, *self._run_words())

    def whatif_command(self, patches: list[str]) -> str:
        words: list[object] = ["tutti", "whatif"]
        for patch in patches:
            words += ["--set", patch]
        return shell(*words, *self._run_words())

    def _numberless(
        self, file_kind: str, card_id: str, record: Any, verdict: str | None
    ) -> dict[str, Any] | None:
        """A card with no number of its own: the `whatif` giving it NUMBERED_ABILITY."""
        ability = NUMBERED_ABILITY.get(file_kind)
        if ability is None:
            return None
        patches = [f"{file_kind}.{card_id}.ability={ability}", f"{file_kind}.{card_id}.amount=1"]
        command = self.whatif_command(patches)
        text = (
            f"it has no number of its own (ability {record.get('ability')}); try it with the "
            f"{ability} ability at amount 1"
        )
        return {
            "target": f"{file_kind}.{card_id}.ability",
            "field": "ability",
            "current": str(record.get("ability")),
            "action": "change",
            "low": None,
            "high": None,
            "steps": None,
            "stated": None,
            "verdict": verdict,
            "command": command,
            "sentence": text,
            "text": f"{text}: `{command}`",
        }

    def _fields(self, file_kind: str) -> tuple[str, ...]:
        try:
            return tuple(self.game.card_fields(file_kind))
        except TuttiError:
            return ()

    def _gate(self, file_kind: str, main: Main) -> tuple[str, str, str] | None:
        """The rules switch that alone reads the number, where the run's rules are another
        (reports.experiments.rule_notes: Maestro's printed row values under scoring = appraisal)."""
        gate = read_only_under(self.game, self.cards, file_kind, main.name)
        return gate if gate is not None and gate[1] != gate[2] else None

    def _gated(self, target, main, now, low, high, gate, verdict) -> dict[str, Any]:
        """A number the run's rules do not read: the `whatif` that plays it under the
        rules switch that does, at the range's far end."""
        rule, option, value = gate
        far = high if float(high) != main.value else low
        command = self.whatif_command([f"rules.{rule}.value={option}", f"{target}={far}"])
        text = (
            f"its {main.name} (now {now}) counts only under rules {rule} = {option} (this "
            f"run: {value}); try {low}..{high} there, a value at a time (here {far})"
        )
        return {
            "target": target,
            "field": main.name,
            "current": now,
            "action": "change",
            "low": low,
            "high": high,
            "steps": None,
            "stated": None,
            "verdict": verdict,
            "command": command,
            "sentence": text,
            "text": f"{text}: `{command}`",
        }

    # ---------------------------------------------------------------- ranges

    def _loads(self, file_kind: str, card_id: str, main: Main, value: float) -> bool:
        patch = f"{file_kind}.{card_id}.{main.name}={_num(value, main.integer)}"
        try:
            self.game.load_cards(
                Path(self.report["run"]["cards_dir"]) if self.report["run"]["cards_dir"] else None,
                [patch],
            )
        except TuttiError:
            return False
        return True

    def _narrow(self, file_kind: str, card_id: str, main: Main, lo: float, hi: float):
        """LO..HI narrowed toward the current value until both ends load."""
        if self.cards_note:
            return lo, hi
        while lo < main.value and not self._loads(file_kind, card_id, main, lo):
            lo += 1
        while hi > main.value and not self._loads(file_kind, card_id, main, hi):
            hi -= 1
        return lo, hi

    # ---------------------------------------------------------------- advice

    def advise(self, row: Row, dead: bool = False) -> dict[str, Any] | None:
        """The advice for one card row (`dead`: a dead card): the suggested range, the
        command, a sentence; None for a card whose kind has no main number."""
        file_kind: str = self.files.get(row["kind"]) or row["kind"]
        card_id = row["card_id"]
        try:
            ids = self.game.card_ids(self.cards, file_kind)
        except TuttiError:
            return None
        if card_id not in ids:
            return None
        record = self.game.card_records(self.cards, file_kind)[ids.index(card_id)]
        main = main_number(record, file_kind)
        verdict = (row.get("ablation") or {}).get("verdict")
        generic = main is None and file_kind not in NUMBERED_ABILITY
        if generic:
            main = first_number(record, self._fields(file_kind))
        if main is None:
            return self._numberless(file_kind, card_id, record, verdict)
        target = f"{file_kind}.{card_id}.{main.name}"
        stated = self.game.stated_number(file_kind, card_id, main.field)
        now = _num(main.value, main.integer)
        flag = row.get("flag")
        k = step_count(row.get("adj_diff"))
        if dead:
            action, lo, hi = "raise", main.value + 1, main.value + DEAD_STEPS
        elif verdict == "not confirmed" or flag not in ("stronger", "weaker"):
            action, lo, hi = "keep", max(0.0, main.value - 1), main.value + 1
        elif flag == "stronger":
            action, lo, hi = "lower", max(0.0, main.value - k), main.value
        else:
            action, lo, hi = "raise", main.value, main.value + k
        lo, hi = self._narrow(file_kind, card_id, main, lo, hi)
        if lo > hi or (generic and lo == hi == main.value):
            return None  # no other value loads (Maestro's tiles: as many as the rows' spaces)
        low, high = _num(lo, main.integer), _num(hi, main.integer)
        gate = self._gate(file_kind, main)
        if gate is not None:
            return self._gated(target, main, now, low, high, gate, verdict)
        if dead or main.missing:  # `balance` varies only a number the card has
            values = []
            x = lo
            while x <= hi + 1e-9:
                if dead or x != main.value:
                    values.append(_num(x, main.integer))
                x += 1
            command = self.sweep_command(target, values or [low])
        else:
            command = self.balance_command(target, low, high, stated is not None)
        where = f"its {main.name} (now {now})"
        if action == "keep":
            why = (
                "the ablation did not confirm the effect"
                if verdict == "not confirmed"
                else f"it is {flag}"
            )
            text = f"keep {where}: {why}; `balance` over {low}..{high} answers keep or a value"
        elif dead:
            text = f"try {where} raised to {low}..{high}, a value at a time"
        else:
            text = f"set {where} in {low}..{high}" + (
                " (the ablation confirmed the effect)" if verdict == "confirmed" else ""
            )
        if stated:
            text += (
                f"; the rulebook states this number ({stated}): change it only for your own game"
            )
        if self.cards_note:
            text += f"; {self.cards_note}"
        return {
            "target": target,
            "field": main.name,
            "current": now,
            "action": action,
            "low": low,
            "high": high,
            "steps": None if dead or action == "keep" else k,
            "stated": stated,
            "verdict": verdict,
            "command": command,
            "sentence": text,
            "text": f"{text}: `{command}`",
        }


def advise_rows(report: Report, rows: list[Row], dead: bool = False) -> None:
    """Write `advice` into each of `rows` (None where the kind has no main number)."""
    if not rows:
        return
    advisor = Advisor(report)
    for r in rows:
        r["advice"] = advisor.advise(r, dead)


def effect_words(row: Row) -> str:
    """The adjusted effect with its interval and the raw difference, both labelled: the
    words of every command (`reports.percard.adjusted.effect_words`)."""
    return adjusted.effect_words(
        row.get("adj_diff"), row.get("adj_diff_low"), row.get("adj_diff_high"), row.get("diff")
    )
