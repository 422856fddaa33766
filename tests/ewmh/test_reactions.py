"""Phase (c): the reaction windows (ruling EW-25), Absolution's negation, Josquin's
doubling and Rondeaux on a Music of the Spheres die, each on a hand-made state; the order
of asking; a game copied at a reaction decision resumes alike; random games react."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.games.ewmh.codes import Tile
from simcore.games.ewmh.game import GAME
from simcore.games.ewmh.play.resume_nb import advance_nb, apply_top_nb
from simcore.games.ewmh.rules.effects_nb import spheres_success_nb
from simcore.games.ewmh.rules.options_nb import list_options_nb
from simcore.games.ewmh.rules.setup_nb import setup_nb
from simcore.games.ewmh.rules.trigger_nb import open_roll_windows_nb
from simcore.games.ewmh.rules.turn_nb import settle_roll_nb
from simcore.games.ewmh.sizes import MAX_PLAYERS
from simcore.games.ewmh.state.codes import Ev, Opt, Stage, Trigger
from simcore.games.ewmh.state.dtypes import Loc, new_state
from simcore.games.ewmh.state.work import new_work
from tests.ewmh.state import (
    blank_game,
    give_comp,
    give_design,
    hand,
    hand_comps,
    options,
    row,
    take,
)

CHURCH, COURT, COUNTRYSIDE = 0, 1, 2
ALL = (1 << MAX_PLAYERS) - 1
PASS = row(Opt.PASS)


def ability(cards, ability_id):
    return cards.index("abilities", ability_id)


def friends(cards):
    """Court's Friends in High Places: move any pawn 1-2 spaces (either way, face B)."""
    return ability(cards, "court_friends_in_high_places")


def settle(cards, games, seats, w):
    """Let the seats with nothing to react with pass (a window's single option) until a
    seat must choose or the window is over; returns the seat to act."""
    t = cards.tables
    g = games[0]
    while g.stage == Stage.REACT and list_options_nb(t, g, seats[0], w) == 1:
        apply_top_nb(t, g, seats[0], w, int(g.actor), 0)
    return int(g.actor)


def court(cards, n=4, **kw):
    """A blank game of Court players: nobody holds Absolution."""
    return blank_game(cards, n, vocations=[COURT] * n, **kw)


def blank_at(cards, least):
    """The first position from `least` on whose tile is blank."""
    t = cards.tables
    for pos in range(least, len(t.path) - 1):
        if t.path[pos] >= 0 and t.tile_kind[t.path[pos]] == Tile.BLANK:
            return pos
    raise AssertionError("no blank tile")


def tile_at(cards, kind, steps=None):
    """The first path position whose tile is of `kind` (and `steps`, for a move tile)."""
    t = cards.tables
    for pos in range(1, len(t.path) - 1):
        e = t.path[pos]
        if e >= 0 and t.tile_kind[e] == kind and (steps is None or t.tile_params[e, 0] == steps):
            return pos
    raise AssertionError("no such tile")


# -- Sustain, Council of Trent, Machaut ------------------------------------------------


def test_sustain_moves_five_when_another_pawn_passes_it(ecards):
    """Ruling EW-32: from behind to strictly ahead, by any movement; +5, no tile."""
    games, seats, w = court(ecards)
    g, s = games[0], seats[0]
    c = give_design(ecards, g, "sustain", 1)
    s[0].pos, s[1].pos = 2, 3
    move = friends(ecards)
    take(ecards, games, seats, w, row(Opt.VOC, move, 0, 2))  # seat 0: 2 -> 4
    assert settle(ecards, games, seats, w) == 1 and g.stage == Stage.REACT
    assert g.win == Trigger.PASSED
    assert options(ecards, games, seats, w) == [PASS, row(Opt.REACT, c)]
    take(ecards, games, seats, w, row(Opt.REACT, c))
    assert s[1].pos == 8 and g.card_flipped[c] == 1
    assert settle(ecards, games, seats, w) == 0 and g.stage == Stage.PHASE


def test_sustain_is_not_offered_to_a_pawn_not_passed_or_flipped(ecards):
    games, seats, w = court(ecards)
    g, s = games[0], seats[0]
    c = give_design(ecards, g, "sustain", 1)
    s[0].pos, s[1].pos = 2, 4  # 2 -> 4 ends on seat 1's tile: not "ahead"
    take(ecards, games, seats, w, row(Opt.VOC, friends(ecards), 0, 2))
    assert settle(ecards, games, seats, w) == 0 and g.stage == Stage.PHASE
    g.card_flipped[c] = 1  # a reaction must be fresh (ruling EW-25)
    s[0].pos, s[1].pos = 0, 1
    s[0].voc_flipped = 0
    take(ecards, games, seats, w, row(Opt.VOC, friends(ecards), 0, 2))
    assert settle(ecards, games, seats, w) == 0 and s[1].pos == 1


def test_council_of_trent_inverts_another_players_die_move_before_it_is_made(ecards):
    """Ruling EW-25: spent "at any time" after another player's roll, before the move;
    a spend card is spent on either face (rulebook: Effect cards)."""
    games, seats, w = court(ecards)
    g, s = games[0], seats[0]
    c = give_design(ecards, g, "council_of_trent", 2, flipped=1)
    to = blank_at(ecards, 1)
    s[0].pos = to + 4
    open_roll_windows_nb(g, 0, 4)
    assert settle(ecards, games, seats, w) == 2 and g.win == Trigger.INVERT
    assert options(ecards, games, seats, w) == [PASS, row(Opt.REACT, c)]
    take(ecards, games, seats, w, row(Opt.REACT, c))
    settle(ecards, games, seats, w)
    assert s[0].pos == to and g.card_loc[c] == Loc.DISCARD and s[2].spends == 1


def test_council_of_trent_is_not_offered_on_the_holders_own_roll(ecards):
    games, seats, w = court(ecards)
    g, s = games[0], seats[0]
    give_design(ecards, g, "council_of_trent", 0)
    to = blank_at(ecards, 4)
    s[0].pos = to - 4
    open_roll_windows_nb(g, 0, 4)
    assert settle(ecards, games, seats, w) == 0 and s[0].pos == to and g.stage == Stage.PHASE


def test_machaut_turns_a_short_forward_die_move_into_six(ecards):
    """The card: "If a roll ... would cause you to move 2 or fewer tiles forward, you may
    flip this card to move forward 6 spaces instead"; its tile is where the move ends
    (ruling EW-14)."""
    games, seats, w = court(ecards)
    g, s = games[0], seats[0]
    c = give_design(ecards, g, "machaut", 0)
    to = blank_at(ecards, 6)
    s[0].pos = to - 6
    open_roll_windows_nb(g, 0, 2)
    assert settle(ecards, games, seats, w) == 0 and g.win == Trigger.MACHAUT
    assert options(ecards, games, seats, w) == [PASS, row(Opt.REACT, c)]
    take(ecards, games, seats, w, row(Opt.REACT, c))
    settle(ecards, games, seats, w)
    assert s[0].pos == to and g.stage == Stage.PHASE
    games, seats, w = court(ecards)
    g, s = games[0], seats[0]
    give_design(ecards, g, "machaut", 0)
    to = blank_at(ecards, 3)
    s[0].pos = to - 3
    open_roll_windows_nb(g, 0, 3)  # more than 2: not offered
    assert settle(ecards, games, seats, w) == 0 and g.stage == Stage.PHASE and s[0].pos == to


def test_council_of_trent_comes_before_machaut_and_a_backward_move_is_not_short(ecards):
    """Spec 1.2.2 step 3: the modifiers in order Council of Trent, then Machaut."""
    games, seats, w = court(ecards)
    g, s = games[0], seats[0]
    give_design(ecards, g, "machaut", 0)
    council = give_design(ecards, g, "council_of_trent", 3)
    to = blank_at(ecards, 1)
    s[0].pos = to + 1
    open_roll_windows_nb(g, 0, 1)
    assert settle(ecards, games, seats, w) == 3
    take(ecards, games, seats, w, row(Opt.REACT, council))
    assert settle(ecards, games, seats, w) == 0 and s[0].pos == to  # no Machaut offered
    assert g.stage == Stage.PHASE


# -- Hildegard, Perotin, Charlemagne, Nevell -------------------------------------------


def test_divine_trance_draws_two_more_after_an_own_draw_and_does_not_retrigger(ecards):
    """Ruling EW-42: any own composition draw; flipped, it does not react to its own."""
    games, seats, w = court(ecards)
    g = games[0]
    trance = give_design(ecards, g, "hildegard_trance", 0)
    guido = give_design(ecards, g, "guido", 0)
    take(ecards, games, seats, w, row(Opt.FLIP, guido))
    settle(ecards, games, seats, w)
    assert g.stage == Stage.REACT and g.win == Trigger.DRAW
    take(ecards, games, seats, w, row(Opt.REACT, trance))
    assert settle(ecards, games, seats, w) == 0 and g.stage == Stage.PHASE
    assert len(hand_comps(g, 0)) == 4


def test_perotin_draws_when_another_player_uses_a_vocation(ecards):
    """Ruling EW-41; face A ("uses"), the default, includes Absolution (ruling EW-2)."""
    games, seats, w = blank_game(ecards, vocations=[CHURCH, COURT, COURT, COURT])
    g = games[0]
    perotin = give_design(ecards, g, "perotin", 2)
    take(ecards, games, seats, w, row(Opt.VOC, ability(ecards, "church_sacred_art")))
    assert settle(ecards, games, seats, w) == 2 and g.win == Trigger.VOCATION
    take(ecards, games, seats, w, row(Opt.REACT, perotin))
    settle(ecards, games, seats, w)
    assert len(hand_comps(g, 2)) == 1 and len(hand_comps(g, 0)) == 1


def test_perotin_reacts_to_absolution_on_face_a(ecards):
    """Rulings EW-41 ("Absolution included") and EW-2 (face A: "uses their Vocation")."""
    games, seats, w = blank_game(ecards, vocations=[COURT, CHURCH, COURT, COURT])
    g = games[0]
    perotin = give_design(ecards, g, "perotin", 2)
    take(ecards, games, seats, w, row(Opt.FLIP, give_design(ecards, g, "guido", 0)))
    take(ecards, games, seats, w, row(Opt.ABSOLVE, ability(ecards, "church_absolution"), 0))
    assert settle(ecards, games, seats, w) == 2 and g.win == Trigger.VOCATION
    assert g.win_src == 1 and g.win_a == 1
    take(ecards, games, seats, w, row(Opt.REACT, perotin))
    settle(ecards, games, seats, w)
    assert len(hand_comps(g, 2)) == 1 and hand_comps(g, 0) == []


def test_perotin_does_not_react_to_its_holders_own_vocation(ecards):
    games, seats, w = blank_game(ecards, vocations=[CHURCH, COURT, COURT, COURT])
    give_design(ecards, games[0], "perotin", 0)
    take(ecards, games, seats, w, row(Opt.VOC, ability(ecards, "church_sacred_art")))
    assert settle(ecards, games, seats, w) == 0 and games[0].stage == Stage.PHASE


def test_charlemagne_copies_another_players_tile_benefit_but_not_a_move_back(ecards):
    """Ruling EW-39: the benefit of a tile another player's die move triggers; a move
    back is not a benefit."""
    games, seats, w = court(ecards)
    g, s = games[0], seats[0]
    c = give_design(ecards, g, "charlemagne", 1)
    pos = tile_at(ecards, Tile.DRAW_COMPOSITION)
    n = int(ecards.tables.tile_params[ecards.tables.path[pos], 0])
    s[0].pos = pos - 3
    open_roll_windows_nb(g, 0, 3)
    assert settle(ecards, games, seats, w) == 1 and g.win == Trigger.TILE
    assert options(ecards, games, seats, w) == [PASS, row(Opt.REACT, c)]
    take(ecards, games, seats, w, row(Opt.REACT, c))
    settle(ecards, games, seats, w)
    assert len(hand_comps(g, 1)) == n and len(hand_comps(g, 0)) == n
    g.card_flipped[c] = 0
    back = tile_at(ecards, Tile.MOVE, -2)
    s[0].pos = back - 2
    open_roll_windows_nb(g, 0, 2)
    assert settle(ecards, games, seats, w) == 0 and s[0].pos == back - 2


def test_nevell_steals_from_the_player_whose_effect_moved_her(ecards):
    """Ruling EW-40: another player's effect changes your position; face A: an effect card
    of theirs (your choice) or a random unpublished composition (ruling EW-2)."""
    games, seats, w = court(ecards)
    g, s = games[0], seats[0]
    nevell = give_design(ecards, g, "elizabeth_nevell", 1)
    guido = give_design(ecards, g, "guido", 0)
    give_comp(ecards, g, "mass", 0)
    s[1].pos = 5
    move = friends(ecards)
    take(ecards, games, seats, w, row(Opt.VOC, move, 1, 1))
    assert settle(ecards, games, seats, w) == 1 and g.win == Trigger.MOVED
    assert options(ecards, games, seats, w) == [
        PASS,
        row(Opt.REACT, nevell, 0, guido),
        row(Opt.REACT, nevell, 0, -1),
    ]
    take(ecards, games, seats, w, row(Opt.REACT, nevell, 0, guido))
    settle(ecards, games, seats, w)
    assert g.card_loc[guido] == 1 and g.card_flipped[guido] == 0  # enters fresh (EW-44)


def test_nevell_does_not_react_to_her_holders_own_moves(ecards):
    games, seats, w = court(ecards)
    g = games[0]
    give_design(ecards, g, "elizabeth_nevell", 0)
    give_design(ecards, g, "guido", 1)
    take(ecards, games, seats, w, row(Opt.VOC, friends(ecards), 0, 1))
    assert settle(ecards, games, seats, w) == 0 and g.stage == Stage.PHASE


# -- Guild License ----------------------------------------------------------------------


def test_guild_license_prevents_a_steal_and_a_discard_by_another_player(ecards):
    """Ruling EW-38: the holder's own card or composition, against another player's
    effect; Royal Annex's +3 still moves its victim."""
    games, seats, w = court(ecards)
    g, s = games[0], seats[0]
    license_ = give_design(ecards, g, "guild_license", 1)
    k = give_comp(ecards, g, "mass", 1)
    plag = give_design(ecards, g, "plagiarize", 0)
    take(ecards, games, seats, w, row(Opt.SPEND, plag, 1))
    assert g.stage == Stage.GUARD and g.actor == 1
    assert options(ecards, games, seats, w) == [PASS, row(Opt.REACT, license_, 0)]
    take(ecards, games, seats, w, row(Opt.REACT, license_, 0))
    settle(ecards, games, seats, w)
    assert hand_comps(g, 1) == [k] and g.card_loc[plag] == Loc.DISCARD
    g.card_flipped[license_] = 0
    annex = give_design(ecards, g, "royal_annex", 0)
    take(ecards, games, seats, w, row(Opt.SPEND, annex, 1, license_))
    take(ecards, games, seats, w, row(Opt.REACT, license_, 0))
    settle(ecards, games, seats, w)
    assert g.card_loc[license_] == 1 and s[1].pos == 3


def test_guild_license_passed_lets_the_steal_happen(ecards):
    games, seats, w = court(ecards)
    g = games[0]
    give_design(ecards, g, "guild_license", 1)
    k = give_comp(ecards, g, "mass", 1)
    plag = give_design(ecards, g, "plagiarize", 0)
    take(ecards, games, seats, w, row(Opt.SPEND, plag, 1))
    take(ecards, games, seats, w, PASS)
    assert hand_comps(g, 0) == [k]


# -- Absolution -------------------------------------------------------------------------


def test_absolution_negates_a_flip_which_stays_flipped(ecards):
    """Ruling EW-25: another player's activated effect; a negated flip stays flipped."""
    games, seats, w = blank_game(ecards, vocations=[COURT, CHURCH, COURT, COURT])
    g, s = games[0], seats[0]
    guido = give_design(ecards, g, "guido", 0)
    take(ecards, games, seats, w, row(Opt.FLIP, guido))
    assert g.stage == Stage.ABSOLVE and g.actor == 1
    absolution = ability(ecards, "church_absolution")
    assert options(ecards, games, seats, w) == [PASS, row(Opt.ABSOLVE, absolution, 0)]
    take(ecards, games, seats, w, row(Opt.ABSOLVE, absolution, 0))
    settle(ecards, games, seats, w)
    assert hand_comps(g, 0) == [] and g.card_flipped[guido] == 1 and s[1].voc_flipped == 1
    assert g.stage == Stage.PHASE


def test_a_negated_spend_card_is_still_discarded(ecards):
    games, seats, w = blank_game(ecards, vocations=[COURT, CHURCH, COURT, COURT])
    g = games[0]
    k = give_comp(ecards, g, "mass", 1)
    plag = give_design(ecards, g, "plagiarize", 0)
    take(ecards, games, seats, w, row(Opt.SPEND, plag, 1))
    take(ecards, games, seats, w, row(Opt.ABSOLVE, ability(ecards, "church_absolution"), 0))
    assert hand_comps(g, 1) == [k] and g.card_loc[plag] == Loc.DISCARD


def test_absolution_negates_a_reaction_and_guild_license(ecards):
    """Ruling EW-25: "including a reaction"; Guild License is one (ruling EW-38)."""
    games, seats, w = blank_game(ecards, vocations=[COURT, COURT, CHURCH, COURT])
    g, s = games[0], seats[0]
    sustain = give_design(ecards, g, "sustain", 1)
    s[0].pos, s[1].pos = 2, 3
    take(ecards, games, seats, w, row(Opt.VOC, friends(ecards), 0, 2))
    take(ecards, games, seats, w, PASS)  # seat 2 lets Friends in High Places be
    assert settle(ecards, games, seats, w) == 1
    take(ecards, games, seats, w, row(Opt.REACT, sustain))
    assert g.stage == Stage.ABSOLVE and g.actor == 2
    take(ecards, games, seats, w, row(Opt.ABSOLVE, ability(ecards, "church_absolution"), 1))
    settle(ecards, games, seats, w)
    assert s[1].pos == 3 and g.card_flipped[sustain] == 1
    games, seats, w = blank_game(ecards, vocations=[CHURCH, COURT, COURT, COURT])
    g = games[0]
    license_ = give_design(ecards, g, "guild_license", 1)
    k = give_comp(ecards, g, "mass", 1)
    plag = give_design(ecards, g, "plagiarize", 0)
    take(ecards, games, seats, w, row(Opt.SPEND, plag, 1))
    take(ecards, games, seats, w, row(Opt.REACT, license_, 0))
    assert g.stage == Stage.ABSOLVE and g.actor == 0  # the Plagiarist negates the License
    take(ecards, games, seats, w, row(Opt.ABSOLVE, ability(ecards, "church_absolution"), 1))
    assert hand_comps(g, 0) == [k]


def test_absolution_is_never_offered_against_its_own_players_activation(ecards):
    games, seats, w = blank_game(ecards, vocations=[CHURCH, COURT, COURT, COURT])
    g = games[0]
    take(ecards, games, seats, w, row(Opt.FLIP, give_design(ecards, g, "guido", 0)))
    settle(ecards, games, seats, w)
    assert g.stage == Stage.PHASE and len(hand_comps(g, 0)) == 2


def test_absolution_is_asked_in_turn_order_from_the_active_player(ecards):
    """Ruling EW-25: "seats in turn order from the active player"."""
    games, seats, w = blank_game(ecards, 5, vocations=[CHURCH] * 5)
    g = games[0]
    g.current = g.actor = 3
    guido = give_design(ecards, g, "guido", 3)
    take(ecards, games, seats, w, row(Opt.FLIP, guido))
    asked = []
    while g.stage == Stage.ABSOLVE:
        asked.append(int(g.actor))
        take(ecards, games, seats, w, PASS)
    assert asked == [4, 0, 1, 2] and len(hand_comps(g, 3)) == 2


# -- Josquin ----------------------------------------------------------------------------


def test_josquin_doubles_the_numbers_of_the_next_ability_this_turn(ecards):
    """Ruling EW-26: draw 2 -> 4, back 4 -> 8; once, this turn."""
    games, seats, w = court(ecards)
    g, s = games[0], seats[0]
    josquin = give_design(ecards, g, "josquin", 0)
    take(ecards, games, seats, w, row(Opt.FLIP, josquin))
    assert g.pending_double == 2
    s[0].pos = 10
    take(ecards, games, seats, w, row(Opt.FLIP, give_design(ecards, g, "gesualdo", 0)))
    settle(ecards, games, seats, w)
    assert s[0].pos == 2 and len(hand_comps(g, 0)) == 4 and g.pending_double == 0
    take(ecards, games, seats, w, row(Opt.FLIP, give_design(ecards, g, "guido", 0)))
    settle(ecards, games, seats, w)
    assert len(hand_comps(g, 0)) == 6  # the next one is not doubled


def test_josquin_runs_plagiarize_twice(ecards):
    games, seats, w = court(ecards)
    g = games[0]
    take(ecards, games, seats, w, row(Opt.FLIP, give_design(ecards, g, "josquin", 0)))
    ks = [give_comp(ecards, g, "mass", 1, i) for i in range(3)]
    take(ecards, games, seats, w, row(Opt.SPEND, give_design(ecards, g, "plagiarize", 0), 1))
    assert len(hand_comps(g, 0)) == 2 and len(hand_comps(g, 1)) == 1
    assert sorted(hand_comps(g, 0) + hand_comps(g, 1)) == ks


def test_josquin_lapses_at_the_end_of_the_turn(ecards):
    games, seats, w = court(ecards)
    g = games[0]
    take(ecards, games, seats, w, row(Opt.FLIP, give_design(ecards, g, "josquin", 0)))
    g.rolled = 1
    take(ecards, games, seats, w, row(Opt.END))
    assert g.stage == Stage.TURN and g.pending_double == 2
    advance_nb(ecards.tables, g, seats[0], w, ALL)
    assert g.current == 1 and g.pending_double == 0  # "this turn" (ruling EW-26)


def test_a_negated_josquin_doubles_nothing(ecards):
    games, seats, w = blank_game(ecards, vocations=[COURT, CHURCH, COURT, COURT])
    g = games[0]
    take(ecards, games, seats, w, row(Opt.FLIP, give_design(ecards, g, "josquin", 0)))
    take(ecards, games, seats, w, row(Opt.ABSOLVE, ability(ecards, "church_absolution"), 0))
    assert g.pending_double == 0


# -- Rondeaux on a Music of the Spheres die ---------------------------------------------


def test_rondeaux_rerolls_one_music_of_the_spheres_die_and_either_result_is_used(ecards):
    """Rulings EW-27 (2d6; an octave, fourth or fifth draws 2) and EW-28 (Rondeaux
    rerolls the holder's own die, movement or Spheres)."""
    games, seats, w = court(ecards)
    g = games[0]
    spheres = give_design(ecards, g, "music_of_the_spheres", 0)
    rondeaux = give_design(ecards, g, "rondeaux", 0)
    take(ecards, games, seats, w, row(Opt.FLIP, spheres))
    assert g.stage == Stage.SPHERES
    assert options(ecards, games, seats, w) == [
        row(Opt.KEEP),
        row(Opt.REROLL, rondeaux, 0),
        row(Opt.REROLL, rondeaux, 1),
    ]
    take(ecards, games, seats, w, row(Opt.REROLL, rondeaux, 0))
    assert g.stage == Stage.SPHERES_PICK and g.card_flipped[rondeaux] == 1
    g.sph_dice[0], g.sph_dice[1], g.sph_new = 5, 2, 4  # 4:2 is an octave, 5:2 nothing
    assert options(ecards, games, seats, w) == [row(Opt.USE, 5), row(Opt.USE, 4)]
    take(ecards, games, seats, w, row(Opt.USE, 4))
    settle(ecards, games, seats, w)
    assert len(hand_comps(g, 0)) == 2 and g.stage == Stage.PHASE


def test_without_rondeaux_the_spheres_dice_stand(ecards):
    games, seats, w = court(ecards)
    g = games[0]
    take(ecards, games, seats, w, row(Opt.FLIP, give_design(ecards, g, "music_of_the_spheres", 0)))
    settle(ecards, games, seats, w)
    assert g.stage == Stage.PHASE and g.sph_n == 2
    hit = len(hand_comps(g, 0)) == 2
    assert hit == spheres_success_nb(int(g.sph_dice[0]), int(g.sph_dice[1]))


# -- whole games ------------------------------------------------------------------------


def fresh(cards, n, seed):
    games, seats = new_state(1)
    w = new_work(n_log=0)
    setup_nb(cards.tables, games[0], seats[0], w, n, seed, 0)
    return games, seats, w


REACTION_STAGES = (Stage.REACT, Stage.ABSOLVE, Stage.GUARD, Stage.SPHERES, Stage.SPHERES_PICK)


def test_a_game_copied_at_a_reaction_decision_resumes_byte_identically(ecards):
    t = ecards.tables
    found = set()
    for seed in range(200):
        games, seats, w = fresh(ecards, 9, seed)
        while True:
            p = advance_nb(t, games[0], seats[0], w, ALL)
            if p < 0:
                break
            stage = int(games[0].stage)
            n = list_options_nb(t, games[0], seats[0], w)
            pick = (seed + games[0].turn) % n
            if stage in REACTION_STAGES and stage not in found:
                found.add(stage)
                copy = (games.copy(), seats.copy())
                apply_top_nb(t, games[0], seats[0], w, p, pick)
                apply_top_nb(t, copy[0][0], copy[1][0], w, p, pick)
                advance_nb(t, games[0], seats[0], w, 0)
                advance_nb(t, copy[0][0], copy[1][0], w, 0)
                assert games.tobytes() == copy[0].tobytes()
                assert seats.tobytes() == copy[1].tobytes()
                break
            apply_top_nb(t, games[0], seats[0], w, p, pick)
        if {Stage.REACT, Stage.ABSOLVE, Stage.GUARD} <= found:
            break
    assert {Stage.REACT, Stage.ABSOLVE, Stage.GUARD} <= found


@pytest.mark.parametrize("n", [2, 4, 9])
def test_random_games_react_and_stay_sound(ecards, n):
    """Random play reacts, negates and guards, and every game ends with no violation."""
    seats = GAME.parse_seats(None, n)
    counts = dict.fromkeys(("REACT", "NEGATE", "PROTECT"), 0)
    for seed in range(60):
        played = GAME.play_game(ecards, n, 500 + seed, seats)
        assert played.game["violations"] == 0
        codes = played.log[:, 2]
        for name in counts:
            counts[name] += int((codes == Ev[name]).sum())
    assert counts["REACT"] > 0 and counts["NEGATE"] > 0
    if n == 9:
        assert counts["PROTECT"] > 0


def test_every_effect_card_is_placed_after_reactions(ecards):
    """Stolen and spent cards stay in exactly one place (checked by the invariants too)."""
    games, seats, w = court(ecards)
    g = games[0]
    nevell = give_design(ecards, g, "elizabeth_nevell", 1)
    guido = give_design(ecards, g, "guido", 0)
    seats[0, 1].pos = 5
    take(ecards, games, seats, w, row(Opt.VOC, friends(ecards), 1, 1))
    settle(ecards, games, seats, w)
    take(ecards, games, seats, w, row(Opt.REACT, nevell, 0, guido))
    settle(ecards, games, seats, w)
    assert sorted(hand(g, 1)) == sorted([nevell, guido]) and hand(g, 0) == []
    locs = np.asarray(g.card_loc[: g.n_cards])
    assert ((locs >= 0) | np.isin(locs, [Loc.DECK, Loc.ARRAY, Loc.DISCARD])).all()


def test_council_of_trent_absolution_and_nevell_are_negative_actions(ecards):
    """Ruling EW-20: Council of Trent, Absolution against another player's card and
    Nevell's steal fail a K1 patron's keep condition (rules/keep_nb.py)."""
    games, seats, w = court(ecards)
    g, s = games[0], seats[0]
    council = give_design(ecards, g, "council_of_trent", 2)
    open_roll_windows_nb(g, 0, 4)
    settle(ecards, games, seats, w)
    take(ecards, games, seats, w, row(Opt.REACT, council))
    assert s[2].negative == 1 and s[0].negative == 0
    games, seats, w = blank_game(ecards, vocations=[COURT, CHURCH, COURT, COURT])
    g, s = games[0], seats[0]
    take(ecards, games, seats, w, row(Opt.FLIP, give_design(ecards, g, "guido", 0)))
    take(ecards, games, seats, w, row(Opt.ABSOLVE, ability(ecards, "church_absolution"), 0))
    assert s[1].negative == 1
    games, seats, w = court(ecards)
    g, s = games[0], seats[0]
    nevell = give_design(ecards, g, "elizabeth_nevell", 1)
    guido = give_design(ecards, g, "guido", 0)
    s[1].pos = 5
    take(ecards, games, seats, w, row(Opt.VOC, friends(ecards), 1, 1))
    settle(ecards, games, seats, w)
    take(ecards, games, seats, w, row(Opt.REACT, nevell, 0, guido))
    assert s[1].negative == 1


def test_philip_doubles_the_die_before_machaut_is_offered(ecards):
    """Spec 1.2.2 step 3: Philip's doubling first, then Council of Trent, then Machaut:
    a 2 doubled is 4, no longer a move of 2 or less."""
    games, seats, w = court(ecards)
    g, s = games[0], seats[0]
    give_design(ecards, g, "machaut", 0)
    s[0].roll_mult = 2
    to = blank_at(ecards, 4)
    s[0].pos = to - 4
    settle_roll_nb(g, s, 0, 2)
    assert settle(ecards, games, seats, w) == 0 and g.stage == Stage.PHASE and s[0].pos == to
