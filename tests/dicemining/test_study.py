"""The measurement modules behind docs/games/dicemining.md's figures: the study's variants
change what they say, and the soundness check counts what it says (a few games)."""

from __future__ import annotations

from simcore.games.dicemining.game import GAME
from simcore.games.dicemining.state.codes import Face
from simcore.games.dicemining.state.dtypes import MAX_CARD_EVENTS
from strategies.dicemining.study import variants
from strategies.dicemining.targets import soundness


def test_the_sweep_changes_the_artifacts_and_the_patron_points():
    shipped = GAME.load_cards()
    found = variants(shipped)
    assert list(found) == [
        "shipped", "4 artifacts", "2 artifacts", "patron VP x0.8", "patron VP x1.25",
    ]  # fmt: skip
    for name, artifacts in (("shipped", 6), ("4 artifacts", 4), ("2 artifacts", 2)):
        t = GAME.load_cards(patches=found[name]).table
        assert (t.die_faces[: t.n_dice] == Face.ARTIFACT).sum() == artifacts
        assert (t.die_faces[: t.n_dice] == Face.ORC).sum() == t.n_dice  # one Orc a die
    low = GAME.load_cards(patches=found["patron VP x0.8"])
    defender = low.record("patrons", "defender")
    assert defender["vp"] == round(11 * 0.8)
    tale = low.record("patrons", "tale_smith")  # cumulative: no printed VP to scale
    assert tale == shipped.record("patrons", "tale_smith")


def test_soundness_counts_violations_the_cap_and_card_events():
    bad, cap, most = soundness(GAME.load_cards(), ["random"] * 2, 2, 30)
    assert bad == 0 and 0.5 < cap <= 1.0 and 0 < most <= MAX_CARD_EVENTS
