"""The rulebook's worked examples, played through the real flow.

Each example starts from a hand-made table (tests/luthier/state.py) and then runs the
kernels the game itself runs: chips are placed and their location is activated
(`activate_nb`: priority order, the chip owner's choice, the 4+ bonus), rounds start
and end (`start_of_round_nb`, `end_of_round_nb`), and the two-player board is set up
by `setup_board_nb`. No scoring helper is called on a pre-cooked state.

The engine never chooses for a player. Where an example states a player's choice
(Red gives the double bass to Chopin, Blue claims the award), the seat plays the
`balanced` heuristic without noise, which makes that choice; each test then checks
from the transcript events that the choice was indeed made, so a test cannot pass by
testing some other line of play.
"""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.play.round_nb import activate_nb, end_of_round_nb, start_of_round_nb
from simcore.games.luthier.play.setup_nb import clear_state_nb, setup_board_nb
from simcore.games.luthier.rules.awards_nb import BLOCKED
from simcore.games.luthier.rules.metrics_nb import N_METRICS, metrics_nb
from simcore.games.luthier.rules.orchestra_nb import INSTRUMENT_TOKEN
from simcore.games.luthier.rules.patrons_nb import SLOT_MONEY, place_patron_nb
from simcore.games.luthier.state.codes import Ev, ReqCard
from simcore.games.luthier.state.dtypes import MAX_AWARDS, NEUTRAL
from simcore.games.luthier.state.enums import (
    CardRow,
    Era,
    Family,
    Location,
    Metric,
    Source,
    SpecialtyDeck,
    Track,
)
from simcore.games.luthier.state.track_steps import CRAFT_SPECIALTY
from simcore.kernels.rng_nb import seed_streams_nb
from tests.luthier.state import BLUE, RED, Table

EMPTY = -1
SEEDS = range(24)  # dice seeds for the Chopin example: both outcomes occur among them
STORAGE_ONLY = 1  # award-marker bitmask with only the extra-storage marker left


def events(t: Table, code: int) -> list[tuple[int, ...]]:
    """Event rows (seat, a, b, c, d, e) of one code, in order."""
    return [(int(row[1]), *(int(x) for x in row[3:])) for row in t.events() if row[2] == code]


def specialty_workers(t: Table, p: int) -> int:
    """Specialty workers seat p has unlocked, as awards, goals and Handel count them."""
    values = np.zeros(N_METRICS, np.int64)
    metrics_nb(t.cards.table, t.g, t.s, p, values)
    return int(values[Metric.SPECIALTY_WORKERS])


def seeded(cards, seed: int, n_players: int = 4) -> Table:
    t = Table(cards, n_players)
    seed_streams_nb(seed, t.g["rng"])
    return t


# ---------------------------------------------------------------- Completed Patron (p.24)


def romantic_card_for_skill(cards, skill: int) -> int:
    """A romantic performance card that two white dice plus `skill` can leave low or make
    medium, but never high: the example's medium performance and its "too low" case."""
    a = cards.arrays
    white = a.die_white
    lo, hi = skill + 2 * int(white.min()), skill + 2 * int(white.max())
    for c in range(len(cards.ids["performances"])):
        medium, high = (int(x) for x in a.perf_threshold[c])
        if a.perf_era[c] == Era.ROMANTIC and lo < medium <= hi < high:
            return c
    raise AssertionError("no romantic performance card fits the example")


def play_chopin_example(cards, seed: int):
    """Red finishes a double bass for Chopin, waits two rounds, then performs a romantic
    card with a #3 chip. Returns the table and the performance total the dice made."""
    a = cards.arrays
    t = seeded(cards, seed)
    t.plays(RED, noise=0.0)
    red = t.seat(RED)
    chopin = cards.index("patrons", "frederic_chopin")
    bass = cards.index("instruments", "double_bass")
    assert a.patron_era[chopin] == Era.ROMANTIC and a.inst_family[bass] == a.patron_primary[chopin]

    place_patron_nb(*t.args(), RED, chopin, SLOT_MONEY)
    start_of_round_nb(*t.args())  # round 2: the cube moves one step
    assert red["patience"][SLOT_MONEY] == 1

    # "Red has already finished a Double Bass for their patron, Chopin."
    red["finish_bench"][0] = bass
    red["materials"][:] = a.inst_finish[bass]
    t.place(RED, Location.FINISHING, 3)
    activate_nb(*t.args(), RED, Location.FINISHING)
    assert [e[1] for e in events(t, Ev.FINISH)] == [bass]
    assert red["finished"].sum() == 1 and red["finish_bench"].tolist() == [EMPTY, EMPTY]
    # Red gives the double bass to Chopin (a finished instrument goes to a patron only by
    # the player's choice, ruling 21)
    assert events(t, Ev.SATISFY) == [(RED, chopin, 0, ReqCard.INSTRUMENT, Family.STRINGS, 0)]
    assert red["patrons"][SLOT_MONEY] == chopin  # one requirement left: not completed
    assert red["completed_n"] == 0 and events(t, Ev.COMPLETE) == []
    assert red["patience"][SLOT_MONEY] == 0  # meeting a requirement resets the cube (p.11)

    # "Chopin will lose patience with them next round unless they satisfy another
    # requirement": two more starts of round bring the cube to its last step.
    start_of_round_nb(*t.args())
    start_of_round_nb(*t.args())
    assert red["patrons"][SLOT_MONEY] == chopin and red["patience"][SLOT_MONEY] == 2

    # Red performs a romantic card with the #3 chip (no 4+ bonus, no inspiration to add)
    skill = 3
    card = romantic_card_for_skill(cards, skill)
    t.g["rows"][CardRow.PERFORMANCES, 0, 0] = card
    red["inspiration"] = 0
    t.place(RED, Location.PERFORM, skill)
    activate_nb(*t.args(), RED, Location.PERFORM)
    (roll,) = events(t, Ev.ROLL)
    (perform,) = events(t, Ev.PERFORM)
    assert perform[1] == card  # Red took the performance, not an alternate action
    return t, roll[1] + roll[2] + skill


def test_completed_patron_example_chopin_medium_performance(cards):
    """Rulebook p.24 "Completed Patron Example" (Finishing; Completing Patrons), ruling 2.

    Red has finished a double bass for Chopin (his primary requirement: strings) and
    then "manages to complete a romantic performance at a medium level, completing
    Chopin's requirements": +5 prestige and +1 reputation; the card is tucked, its slot
    freed; "from now on, roughing instruments costs Red 1 less material".

    Ruling 21: the performance counts for Chopin without a choice (he is the only patron
    it helps), and the completion names the card that meets each requirement: the double
    bass the primary (strings), the performance the secondary (romantic).
    """
    a = cards.arrays
    chopin = cards.index("patrons", "frederic_chopin")
    played = 0
    for seed in SEEDS:
        t, total = play_chopin_example(cards, seed)
        medium, high = (int(x) for x in a.perf_threshold[events(t, Ev.PERFORM)[0][1]])
        if not medium <= total < high:
            continue
        played += 1
        red = t.seat(RED)
        assert events(t, Ev.PERFORM)[0][3] == 1, seed  # a medium performance
        assert events(t, Ev.COMPLETE) == [(RED, chopin, 5, 0, 0, 0)], seed
        assert events(t, Ev.DESIGNATE) == [
            (RED, chopin, 0, ReqCard.INSTRUMENT, Family.STRINGS, 0),
            (RED, chopin, 1, ReqCard.PERFORMANCE, Era.ROMANTIC, 0),
        ], seed
        assert red["prestige_src"][Source.PATRONS] == 5  # "Red advances 5 on the Prestige Track"
        assert red["tracks"][Track.REPUTATION] == 1  # "and 1 on the Reputation Track"
        assert list(red["completed"][: red["completed_n"]]) == [chopin]
        assert red["patrons"][SLOT_MONEY] == EMPTY  # the slot is free for a new patron

        # "From now on, roughing instruments costs Red 1 less material": a violin (1 animal
        # + 1 wood) is roughed with the wood alone, by a #1 chip (no 5+ bench discount)
        violin = cards.index("instruments", "violin")
        assert a.inst_rough[violin].sum() == 2
        red["rough_bench"][:] = (violin, EMPTY)
        red["finish_bench"][:] = EMPTY
        red["materials"][:] = (0, 1, 0)
        t.place(RED, Location.ROUGHING, 1)
        activate_nb(*t.args(), RED, Location.ROUGHING)
        (rough,) = events(t, Ev.ROUGH)
        assert rough[1] == violin and sum(rough[2:5]) == 1, seed
        assert red["finish_bench"][0] == violin and red["materials"].sum() == 0
    assert played > 0, "no seed made a medium performance"


def test_completed_patron_example_chopin_too_low(cards):
    """Rulebook p.24 "Completed Patron Example": "If their performance had been too low,
    they would not have satisfied the requirement" (rulings 2, 3 and 21: only a medium or
    high performance meets a secondary requirement).

    Chopin stays incomplete, and at the next start of round his patience runs out: he
    leaves, costing 3 prestige for the one unmet requirement (p.11, ruling 1) - the
    double bass still counts for the primary.
    """
    a = cards.arrays
    chopin = cards.index("patrons", "frederic_chopin")
    played = 0
    for seed in SEEDS:
        t, total = play_chopin_example(cards, seed)
        medium = int(a.perf_threshold[events(t, Ev.PERFORM)[0][1], 0])
        if total >= medium:
            continue
        played += 1
        red = t.seat(RED)
        assert events(t, Ev.PERFORM)[0][3] == 0, seed  # a low performance
        assert events(t, Ev.COMPLETE) == [] and red["completed_n"] == 0, seed
        assert red["patrons"][SLOT_MONEY] == chopin
        assert red["prestige_src"][Source.PATRONS] == 0
        assert red["tracks"][Track.REPUTATION] == 0
        before = int(red["prestige"])
        start_of_round_nb(*t.args())
        assert red["patrons"][SLOT_MONEY] == EMPTY, seed  # he lost patience and left
        assert red["prestige_src"][Source.PATIENCE] == -3  # 3 per unmet requirement
        assert red["prestige"] == before - 3
        assert red["completed_n"] == 0
    assert played > 0, "no seed left the performance too low"


# ---------------------------------------------------------------- Specialty Worker (p.15)


def test_specialty_worker_example(cards):
    """Rulebook p.15 "Specialty Worker Example" (Specialty Workers; End of Round step 3),
    rulings 7, 13 and 23.

    "Blue has advanced three times on the craft skill track and unlocked the craft skill
    specialty worker. Because it's the 4th round of the game, they have their #2 worker
    chip and choose to place it on the specialty worker card they've selected. Now
    whenever they place their craft skill specialty worker chip, it will count as 2
    skill and gain the card's benefits if they place [it] at the Repair location."

    Here the three advances are three skill-4+ chips at Repair (each action there is
    followed by +1 craft, ruling 23); the third advance reaches the specialty step
    (ruling 7) and Blue takes the card left in the craft deck, Master restorer (a Repair
    discount). Blue's #1 chip already serves an earlier specialty card, so the chips
    free for the new card are #2, #3 and #5; Blue keeps the strong ones free and
    assigns #2 at the end of the round. Ruling 22: the new worker is unlocked, and counts
    (award T5, goals, Handel), from the end of that round, not from the choice.
    """
    a = cards.arrays
    t = seeded(cards, 4)
    t.plays(BLUE, noise=0.0)
    blue = t.seat(BLUE)
    g = t.g
    g["round_no"] = 4
    blue["chip_owned"][:] = (1, 1, 1, 0, 1)  # round 4: workers 1, 2, 3 and 5
    earlier = cards.index("specialty", "virtuoso")  # a performance card, acts at Perform
    blue["specialty"][0] = earlier
    blue["specialty_n"] = 1
    blue["chip_specialty"][0] = earlier
    restorer = cards.index("specialty", "master_restorer")
    assert a.specialty_location[restorer] == Location.REPAIR
    g["specialty_deck"][SpecialtyDeck.CRAFT, 0] = restorer
    g["specialty_deck_n"][SpecialtyDeck.CRAFT] = 1
    assert CRAFT_SPECIALTY == 3  # "advanced three times ... unlocked the specialty worker"

    # three craft advances: #5, #3 with 1 apprentice and #2 with 2 apprentices at Repair
    for r_id in ("r1", "r9", "r17"):
        k = int(np.argmax(g["rows"][CardRow.REPAIRS, 0] < 0))
        g["rows"][CardRow.REPAIRS, 0, k] = cards.index("repairs", r_id)
    blue["materials"][:] = (3, 3, 3)
    t.place(BLUE, Location.REPAIR, 5)
    t.place(BLUE, Location.REPAIR, 3, apprentices=1)
    t.place(BLUE, Location.REPAIR, 2, apprentices=2)
    activate_nb(*t.args(), BLUE, Location.REPAIR)
    assert [e[2] for e in events(t, Ev.TRACK) if e[1] == Track.CRAFT] == [1, 2, 3]
    assert events(t, Ev.SPECIALTY) == [(BLUE, restorer, 0, 0, 0, 0)]
    assert blue["specialty_pending"] == 1
    assert blue["chip_specialty"][1] == EMPTY  # unlocked only at the end of the round
    assert specialty_workers(t, BLUE) == 1  # ruling 22: the earlier card only, for now

    end_of_round_nb(*t.args())
    assert events(t, Ev.ASSIGN_CHIP) == [(BLUE, 1, restorer, 0, 0, 0)]  # chip #2
    assert blue["chip_specialty"].tolist() == [earlier, restorer, EMPTY, EMPTY, EMPTY]
    assert blue["specialty_pending"] == 0
    assert specialty_workers(t, BLUE) == 2  # counted from the end of the round (ruling 22)

    # round 5: the specialty chip at Repair acts with skill 2 and the card's benefit: a
    # repair of 2 wood costs Blue 1 wood (Blue has no inspiration to replace it)
    start_of_round_nb(*t.args())
    r5 = cards.index("repairs", "r5")
    assert a.repair_cost[r5].tolist() == [0, 2, 0] and a.specialty_amount[restorer] == 1
    g["rows"][CardRow.REPAIRS] = EMPTY
    g["rows"][CardRow.REPAIRS, 0, 0] = r5
    blue["materials"][:] = (0, 1, 0)
    blue["inspiration"] = 0
    first = int(g["log_n"])
    t.place(BLUE, Location.REPAIR, 2)
    activate_nb(*t.args(), BLUE, Location.REPAIR)
    acts = [e for e in events(t, Ev.WORKER_ACTS) if e[1] == Location.REPAIR]
    assert acts[-1] == (BLUE, Location.REPAIR, 1, 2, 0, restorer)  # chip #2, skill 2
    log = t.w.log[first : int(g["log_n"])]
    repairs = [tuple(int(x) for x in row[3:8]) for row in log if row[2] == Ev.REPAIR]
    assert repairs == [(r5, 0, 1, 0, 0)]  # 1 wood paid, not 2

    # round 6: at any other location the same chip is a plain #2
    end_of_round_nb(*t.args())
    start_of_round_nb(*t.args())
    t.place(BLUE, Location.GUILD, 2)
    activate_nb(*t.args(), BLUE, Location.GUILD)
    acts = [e for e in events(t, Ev.WORKER_ACTS) if e[1] == Location.GUILD]
    assert acts == [(BLUE, Location.GUILD, 1, 2, 0, EMPTY)]


# ---------------------------------------------------------------- Public Award (p.22)


def test_public_award_example(cards):
    """Rulebook p.22 "Public Award Example" (Balcony; Public Award Benefits), ruling 15.

    "Blue places their #3 worker at the Balcony in the Planning Phase. When that location
    is selected in the Resolution Phase, Blue claims a public award they have achieved"
    for 1 prestige, and takes the marker from the extra storage: "room for three
    additional material resource cubes" and "a material of their choice at the start of
    each future round". The award here is T1 (romantic patrons completed), whose first
    level Blue reached by completing Chopin. Blue's other two markers went to earlier
    awards (on the other two tiles), so the storage marker is the one left.
    """
    a = cards.arrays
    t = seeded(cards, 22, n_players=3)
    t.plays(BLUE, noise=0.0)
    blue = t.seat(BLUE)
    g = t.g
    t1 = cards.index("awards", "t1")
    g["awards"][:3] = (t1, cards.index("awards", "t8"), cards.index("awards", "t11"))
    g["award_claimed"][1, 0] = BLUE
    g["award_claimed"][2, 0] = BLUE
    blue["n_awards"] = 2
    blue["award_markers"] = STORAGE_ONLY
    blue["completed"][0] = cards.index("patrons", "frederic_chopin")  # a romantic patron
    blue["completed_n"] = 1
    assert a.award_threshold[t1, 0] == 1 and a.award_prestige[t1, 0] == 1
    storage = int(blue["storage"])

    t.place(BLUE, Location.BALCONY, 3)
    activate_nb(*t.args(), BLUE, Location.BALCONY)
    assert events(t, Ev.CLAIM) == [(BLUE, t1, 0, 1, 0, 0)]
    assert events(t, Ev.TRACK) == []  # a #3 chip: no 4+ reputation bonus
    assert g["award_claimed"][0].tolist() == [BLUE, -1, -1]
    assert blue["prestige_src"][Source.AWARDS] == 1 and blue["prestige"] == 1
    assert blue["award_markers"] == 0 and blue["n_awards"] == 3
    assert blue["storage"] == storage + 3 == 12  # 9 + "three additional" (p.8, p.22)

    # the next start of round brings the free material of Blue's choice
    end_of_round_nb(*t.args())
    assert g["turn_order"][0] == BLUE  # the Balcony also sets the next turn order (p.21)
    before = int(blue["materials"].sum())
    start_of_round_nb(*t.args())
    assert int(blue["materials"].sum()) == before + 1


# ---------------------------------------------------------------- Two Player Setup (p.5)


def setup_board(cards, n_players: int, seed: int) -> Table:
    t = seeded(cards, seed, n_players)
    clear_state_nb(cards.table, t.g, t.s, n_players)
    setup_board_nb(cards.table, t.g, t.w)
    return t


def instrument_cards(t: Table) -> np.ndarray:
    """Instrument cards per type still in the game: the draw deck, the discards and the
    face-up row (nothing is dealt yet)."""
    g = t.g
    row = CardRow.INSTRUMENTS
    ids = [
        g["decks"][row, : g["deck_n"][row]],
        g["discs"][row, : g["disc_n"][row]],
        g["rows"][row][g["rows"][row] >= 0],
    ]
    return np.bincount(np.concatenate(ids), minlength=len(t.cards.ids["instruments"]))


def test_two_player_setup(cards):
    """Rulebook p.5 "Two Player Setup", ruling 16: a random Orchestra setup card puts the
    spare colour's tokens in their first chairs, one instrument card per instrument token
    placed leaves the deck, and a spare award marker blocks one level on each of the 3
    public award tiles (filled left to right). With 3 players none of this happens."""
    a = cards.arrays
    copies = a.inst_copies.astype(np.int64)
    drawn = set()
    for seed in range(60):
        t = setup_board(cards, 2, seed)
        g = t.g
        (ev,) = events(t, Ev.SETUP2P)
        card = ev[1]
        drawn.add(card)
        tokens = [(int(sp), int(k)) for sp, k in a.setup_tokens[card] if sp >= 0]
        # neutral tokens, each holding its spot's first chair, and nothing else neutral
        expected = np.zeros_like(g["tokens"][:, NEUTRAL])
        for spot, kind in tokens:
            expected[spot, kind] = 1
            assert (g["chair_seat"][spot], g["chair_kind"][spot]) == (NEUTRAL, kind)
        assert (g["tokens"][:, NEUTRAL] == expected).all(), seed
        assert (g["tokens"][:, :NEUTRAL] == 0).all()  # no player has placed anything
        held = {int(sp) for sp in np.flatnonzero(g["chair_seat"] >= 0)}
        assert held == {spot for spot, _ in tokens}
        # one card of each instrument whose token is placed is out of the game
        removed = np.zeros_like(copies)
        for spot, kind in tokens:
            if kind == INSTRUMENT_TOKEN:
                removed[a.spot_instrument[spot]] += 1
        assert removed.sum() >= 1
        assert (instrument_cards(t) == copies - removed).all(), seed
        # 3 tiles in play, one level blocked on each, as the card says
        assert (g["awards"][:3] >= 0).all() and (g["awards"][3:] == -1).all()
        claimed = g["award_claimed"]
        for tile in range(3):
            blocked = [BLOCKED if lv == a.setup_blocked[card, tile] else -1 for lv in range(3)]
            assert claimed[tile].tolist() == blocked, seed
        assert (claimed[3:MAX_AWARDS] == -1).all()
    assert drawn == set(range(len(cards.ids["setup2p"])))  # every card can come up
    s1 = cards.index("setup2p", "s1")
    # the rulebook's pattern: leftmost tile's middle level, the next tile's rightmost,
    # the final tile's leftmost
    assert a.setup_blocked[s1].tolist() == [1, 2, 0]

    t = setup_board(cards, 3, 0)
    assert events(t, Ev.SETUP2P) == []
    assert (t.g["tokens"] == 0).all() and (t.g["chair_seat"] == -1).all()
    assert (instrument_cards(t) == copies).all()
    assert (t.g["award_claimed"] == -1).all()
