"""Card data that passes validation never breaks a game (issue 15, item 8).

Property: a shipped card file, mutated (a negative, zero or huge number, a value of
the wrong type, a missing or unknown key, a duplicated card, a dangling reference,
a truncated file), is either refused by the loader, one line per problem, or plays a
short batch of games with no invariant violation and no error. The loader and the
engine are called in-process; the mutated file replaces the shipped one.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from numba.core.errors import TypingError

from simcore.errors import CardDataError, TuttiError
from simcore.games.luthier.carddata import cards as cards_module
from simcore.games.luthier.carddata.cards import DEFAULT_DIR, KINDS, load_cards
from simcore.games.luthier.carddata.cards_rules import RANGES
from simcore.games.luthier.play.engine import kernel_errors, play_batch
from simcore.games.luthier.state.codes import INVARIANT_NAMES
from simcore.games.luthier.state.enums import Rule
from strategies.luthier.registry import parse_seats

KEY_LINE = re.compile(r"^(\s*)([a-z_0-9]+)( = )(.+)$")
NUMBER = re.compile(r"(?<![\w.\"-])-?\d+(?![\w.\"])")
VALUES = ("-1", "0", "1", "2", "3", "7", "13", "99", "100", "1000", "99999", "2147483648")
WRONG = ('"x"', "1.5", "true", "[]", "{}", '"3"', "-0")
PROBLEM = re.compile(r"^[^\n:]+:[^\n:]*:[^\n]*: [^\n]+$")  # file:card-id:field: message


@dataclass(frozen=True)
class Mutation:
    kind: str  # card file
    how: str
    at: int  # which line / number / card (modulo what the file has)
    value: str

    def apply(self, text: str) -> str:
        lines = text.splitlines()
        keyed = [i for i, line in enumerate(lines) if KEY_LINE.match(line)]
        numbered = [(i, m) for i, line in enumerate(lines) for m in NUMBER.finditer(line)]
        if self.how == "number" and numbered:
            i, m = numbered[self.at % len(numbered)]
            lines[i] = lines[i][: m.start()] + self.value + lines[i][m.end() :]
        elif self.how == "value" and keyed:
            i = keyed[self.at % len(keyed)]
            lines[i] = KEY_LINE.sub(rf"\g<1>\g<2>\g<3>{self.value}", lines[i])
        elif self.how == "drop_key" and keyed:
            del lines[keyed[self.at % len(keyed)]]
        elif self.how == "unknown_key" and keyed:
            i = keyed[self.at % len(keyed)]
            lines.insert(i + 1, f"{KEY_LINE.match(lines[i]).group(1)}colour = 3")
        elif self.how == "reference":
            refs = [i for i in keyed if KEY_LINE.match(lines[i]).group(2) in ("instrument", "id")]
            refs += [i for i, line in enumerate(lines) if "spot = " in line]
            if refs:
                i = refs[self.at % len(refs)]
                lines[i] = re.sub(r'"[a-z0-9_-]+"', f'"{self.value}"', lines[i], count=1)
        elif self.how in ("duplicate", "drop_card"):  # a card or table twice, or not at all
            starts = [i for i, line in enumerate(lines) if line.startswith("[")] + [len(lines)]
            if len(starts) > 1:
                k = self.at % (len(starts) - 1)
                block = lines[starts[k] : starts[k + 1]]
                if self.how == "duplicate":
                    lines += ["", *block]
                else:
                    del lines[starts[k] : starts[k + 1]]
        elif self.how == "rule":  # rules.toml: the value of rule number `at`
            name = list(Rule)[self.at % len(Rule)].name.lower()
            return re.sub(rf"(\[{name}\]\nvalue = )\S+", rf"\g<1>{self.value}", text)
        elif self.how == "truncate":
            return text[: self.at % (len(text) + 1)]
        return "\n".join(lines) + "\n"


def mutations(kinds=KINDS) -> st.SearchStrategy[Mutation]:
    return st.builds(
        Mutation,
        kind=st.sampled_from(kinds),
        how=st.sampled_from(
            ("number", "value", "drop_key", "unknown_key", "reference", "duplicate", "drop_card")
            + ("truncate",)
        ),
        at=st.integers(0, 10_000),
        value=st.sampled_from(VALUES + WRONG + ("nope", "violin", "cello", "r1")),
    )


def load_mutated(m: Mutation):
    """The card set with `m` applied to one shipped file (CardDataError if refused)."""
    with tempfile.TemporaryDirectory() as tmp:
        for kind in KINDS:
            text = (DEFAULT_DIR / f"{kind}.toml").read_text(encoding="utf-8")
            out = m.apply(text) if kind == m.kind else text
            (Path(tmp) / f"{kind}.toml").write_text(out, encoding="utf-8")
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(cards_module, "DEFAULT_DIR", Path(tmp))
            return load_cards(None)


def refused_or_plays(m: Mutation, players: int, strategy: str, games: int) -> str:
    try:
        card_set = load_mutated(m)
    except CardDataError as err:
        assert err.problems, m
        bad = [p for p in err.problems if not PROBLEM.match(p)]
        assert bad == [], (m, bad)  # one line each, naming file, card and field
        return "refused"
    except TuttiError as err:
        assert "\n" not in str(err), m
        return "refused"
    batch = play_batch(card_set, players, 7, parse_seats(strategy, players), 0, games)
    seen = int(np.bitwise_or.reduce(batch.games["violations"]))
    broken = [name for bit, name in INVARIANT_NAMES.items() if seen & bit]
    assert broken == [], (m, broken)
    return "played"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(m=mutations(), players=st.sampled_from((2, 3, 4)))
def test_mutated_card_data_is_refused_or_plays(m: Mutation, players: int) -> None:
    refused_or_plays(m, players, "random", games=3)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rule=st.sampled_from(list(Rule)),
    value=st.sampled_from(VALUES),
    players=st.sampled_from((2, 3, 4)),
)
def test_every_rule_number_in_range_plays(rule: Rule, value: str, players: int) -> None:
    """rules.toml: any value inside a rule's range plays; any outside is refused."""
    lo, hi = RANGES[rule]
    m = Mutation("rules", "rule", list(Rule).index(rule), value)
    outcome = refused_or_plays(m, players, "balanced", games=2)
    assert outcome == ("played" if lo <= int(value) <= hi else "refused"), (rule, value)


@pytest.mark.parametrize(("rule", "value"), [("conversion_rate", "0"), ("rounds", "0")])
def test_the_two_holes_the_fuzzing_found_are_closed(rule: str, value: str) -> None:
    """Both passed validation and then broke every game (a division by zero; no rounds)."""
    at = list(Rule).index(Rule[rule.upper()])
    with pytest.raises(CardDataError) as err:
        load_mutated(Mutation("rules", "rule", at, value))
    assert err.value.problems == [
        f"simcore/games/luthier/data/rules.toml:{rule}:value: must be >= 1, got 0"
    ]


def test_a_card_set_the_engine_cannot_hold_is_refused_by_the_loader(tmp_path: Path) -> None:
    """Found by this fuzzing: `copies = 99` passed validation; the run then refused it."""
    (tmp_path / "instruments.toml").write_text('[[instrument]]\nid = "violin"\ncopies = 99\n')
    with pytest.raises(CardDataError) as err:
        load_cards(tmp_path)
    assert err.value.problems == [
        f"{tmp_path}/instruments.toml:-:-: card data has 134 instrument copies; "
        "the engine holds at most 96"
    ]


def test_a_kernel_error_names_the_card_data(cards) -> None:
    """Whatever a kernel raises becomes one TuttiError line that blames the card data."""
    with pytest.raises(TuttiError) as err, kernel_errors(cards):
        raise SystemError("division by zero\n(numba traceback)")
    assert str(err.value) == (
        "the engine failed while playing (SystemError: division by zero); the likely cause "
        "is the card data (the shipped card set): check its numbers against "
        "docs/games/luthier/card-data.md"
    )
    assert isinstance(err.value.__cause__, SystemError)
    with pytest.raises(TypingError), kernel_errors(cards):  # compiling: not the card data
        raise TypingError("a strategy module does not type")


@pytest.mark.slow
@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    m=mutations(),
    players=st.sampled_from((2, 3, 4)),
    strategy=st.sampled_from(("random", "balanced")),
)
def test_many_mutations_are_refused_or_play(m: Mutation, players: int, strategy: str) -> None:
    refused_or_plays(m, players, strategy, games=8)
