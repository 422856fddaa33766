"""Game and player setup (rulebook pp.4-6) for 2, 3 and 4 players."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.actions.keep_nb import keep_one_instrument_nb
from simcore.games.luthier.output.log_nb import card_event_nb, log_nb
from simcore.games.luthier.play.decide_nb import decide_card_nb, set_opt_nb
from simcore.games.luthier.rules.awards_nb import BLOCKED
from simcore.games.luthier.rules.families_nb import family_ability_nb
from simcore.games.luthier.rules.patrons_nb import place_patron_nb
from simcore.games.luthier.rules.resources_nb import gain_bundle_nb
from simcore.games.luthier.rules.rows_nb import discard_nb, draw_nb, refill_rows_nb
from simcore.games.luthier.state.codes import CardEvent, CardKind, Ev, Opt, Why
from simcore.games.luthier.state.dtypes import (
    MAX_AWARDS,
    MAX_DECK,
    MAX_PLAYERS,
    MAX_SMALL_DECK,
    NEUTRAL,
    Phase,
    Stream,
)
from simcore.games.luthier.state.enums import CardRow, FamilyAbility, PatronDeck, Rule, Source
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import randint_nb, seed_streams_nb, shuffle_nb
from simcore.kernels.stack_nb import stack_empty, stack_empty_2d


@kernel
def clear_state_nb(cards, g, s, n_players):
    """Set the sentinels (-1) and starting values of a zeroed game and its seats."""
    g.n_players = n_players
    g.round_no = 0
    g.phase = Phase.SETUP
    g.turn_order.fill(-1)
    g.decks.fill(-1)
    g.discs.fill(-1)
    g.market_deck.fill(-1)
    g.market_card = -1
    g.royal_deck.fill(-1)
    g.specialty_deck.fill(-1)
    g.family_pool.fill(-1)
    g.goal_pool.fill(-1)
    g.rows.fill(-1)
    g.awards.fill(-1)
    g.award_claimed.fill(-1)
    g.chair_seat.fill(-1)
    g.chair_kind.fill(-1)
    g.perf_card = -1
    for p in range(s.shape[0]):
        s[p].family = -1
        s[p].family_dealt.fill(-1)
        s[p].goals_dealt.fill(-1)
        s[p].goals.fill(-1)
        s[p].chip_specialty.fill(-1)
        s[p].hand.fill(-1)
        s[p].rough_bench.fill(-1)
        s[p].finish_bench.fill(-1)
        s[p].patrons.fill(-1)
        s[p].completed.fill(-1)
        s[p].storage = cards.rules[Rule.STORAGE]
        s[p].award_markers = 7  # extra storage, royal patron, purple die
        s[p].start_pos = -1
        s[p].rank = -1
        if p < n_players:
            s[p].chip_owned[0] = 1  # workers 1, 3 and 5 at the start (p.6)
            s[p].chip_owned[2] = 1
            s[p].chip_owned[4] = 1


@kernel
def fill_deck_nb(g, row, ids, n):
    """Shuffle ids[:n] with the setup stream and put them on top of CardRow `row`'s deck."""
    shuffle_nb(g.rng, Stream.SETUP, ids, n)
    for i in range(n):
        g.decks[row, g.deck_n[row]] = ids[i]
        g.deck_n[row] += 1


@kernel
def build_decks_nb(cards, g):
    """Shuffle the four card-row decks; patron I goes on top of patron II (setup step 3)."""
    buf = stack_empty(MAX_DECK, np.int16)
    for deck in (PatronDeck.II, PatronDeck.I):
        n = 0
        for c in range(cards.n_patron):
            if cards.patron_deck[c] == deck and n < MAX_DECK:
                buf[n] = c
                n += 1
        fill_deck_nb(g, CardRow.PATRONS, buf, n)
    n = 0
    for c in range(cards.n_inst):
        for _ in range(cards.inst_copies[c]):
            if n < MAX_DECK:
                buf[n] = c
                n += 1
    fill_deck_nb(g, CardRow.INSTRUMENTS, buf, n)
    n = min(cards.n_perf, MAX_DECK)
    for c in range(n):
        buf[c] = c
    fill_deck_nb(g, CardRow.PERFORMANCES, buf, n)
    n = min(cards.n_repair, MAX_DECK)
    for c in range(n):
        buf[c] = c
    fill_deck_nb(g, CardRow.REPAIRS, buf, n)


@kernel
def shuffled_ids_nb(g, n_cards, out):
    """out[:n] = a shuffled 0..n_cards-1 (setup stream); returns n = min(n_cards, len(out))."""
    ids = stack_empty(MAX_DECK, np.int16)  # no card table has more rows (table.MAX_ROWS)
    for i in range(n_cards):
        ids[i] = i
    shuffle_nb(g.rng, Stream.SETUP, ids, n_cards)
    n = min(n_cards, out.shape[0])
    for i in range(n):
        out[i] = ids[i]
    return n


@kernel
def remove_from_deck_nb(g, row, c):
    """Take one copy of card c out of CardRow `row`'s draw deck (if any is there)."""
    n = g.deck_n[row]
    for i in range(n):
        if g.decks[row, i] == c:
            for j in range(i, n - 1):
                g.decks[row, j] = g.decks[row, j + 1]
            g.decks[row, n - 1] = -1
            g.deck_n[row] = n - 1
            return


@kernel
def two_player_setup_nb(cards, g, w):
    """Two-player setup (p.5, ruling 16): a random orchestra setup card puts neutral tokens
    in first chairs (one card of each instrument so placed leaves the deck, which is then
    reshuffled) and blocks one level on each of the three award tiles."""
    n_cards = cards.n_setup
    if n_cards == 0:
        return
    card = randint_nb(g.rng, Stream.SETUP, n_cards)
    log_nb(g, w, -1, Ev.SETUP2P, card)
    for k in range(cards.setup_tokens.shape[1]):
        spot = cards.setup_tokens[card, k, 0]
        kind = cards.setup_tokens[card, k, 1]
        if spot < 0:
            continue
        g.tokens[spot, NEUTRAL, kind] += 1
        g.chair_seat[spot] = NEUTRAL
        g.chair_kind[spot] = kind
        if kind == 0:  # an instrument token
            remove_from_deck_nb(g, CardRow.INSTRUMENTS, cards.spot_instrument[spot])
    row = CardRow.INSTRUMENTS
    shuffle_nb(g.rng, Stream.SETUP, g.decks[row], g.deck_n[row])
    for t in range(min(3, MAX_AWARDS)):
        if g.awards[t] >= 0:
            g.award_claimed[t, cards.setup_blocked[card, t]] = BLOCKED


@kernel
def setup_board_nb(cards, g, w):
    """Awards, decks, card rows, market deck, royal and specialty decks (pp.4-5)."""
    n_players = g.n_players
    # public award tiles: 4 with 4 players, 3 otherwise
    k = cards.rules[Rule.AWARDS_IN_PLAY_FOUR if n_players == 4 else Rule.AWARDS_IN_PLAY_SMALL]
    # scratch for the award tiles, then the market, royal and specialty cards: no card
    # table has more than MAX_DECK rows (table.MAX_ROWS)
    buf = stack_empty(MAX_DECK, np.int16)
    shuffled_ids_nb(g, cards.n_award, buf)
    for i in range(min(k, MAX_AWARDS)):
        g.awards[i] = buf[i]
    log_nb(g, w, -1, Ev.AWARDS, g.awards[0], g.awards[1], g.awards[2], g.awards[3])
    build_decks_nb(cards, g)
    if n_players == 2:
        two_player_setup_nb(cards, g, w)
    refill_rows_nb(cards, g, w)
    # market: M1 for round 1, the rest shuffled beneath it; top of deck = end of array
    n_market = cards.n_market
    n = 0
    for c in range(n_market):
        if c != cards.market_round1:
            buf[n] = c
            n += 1
    shuffle_nb(g.rng, Stream.SETUP, buf, n)
    n = min(n, g.market_deck.shape[0])
    for i in range(n):
        g.market_deck[i] = buf[i]
    g.market_deck_n = n
    g.market_card = cards.market_round1
    # royal patrons and the three specialty decks: players + 1 cards each
    keep = min(n_players + 1, MAX_SMALL_DECK)
    n = 0
    for c in range(cards.n_patron):
        if cards.patron_deck[c] == PatronDeck.ROYAL:
            buf[n] = c
            n += 1
    shuffle_nb(g.rng, Stream.SETUP, buf, n)
    for i in range(min(keep, n)):
        g.royal_deck[i] = buf[i]
    g.royal_deck_n = min(keep, n)
    for d in range(3):
        n = 0
        for c in range(cards.n_specialty):
            if cards.specialty_deck[c] == d:
                buf[n] = c
                n += 1
        shuffle_nb(g.rng, Stream.SETUP, buf, n)
        for i in range(min(keep, n)):
            g.specialty_deck[d, i] = buf[i]
        g.specialty_deck_n[d] = min(keep, n)
    g.family_pool_n = shuffled_ids_nb(g, cards.n_family, g.family_pool)
    g.goal_pool_n = shuffled_ids_nb(g, cards.n_goal, g.goal_pool)


@kernel
def take_pool_nb(pool, n):
    """Pop the last id of a pool whose size is n (caller decrements)."""
    c = pool[n - 1]
    pool[n - 1] = -1
    return c


@kernel
def choose_family_nb(cards, g, s, w, p):
    """Keep 1 of the 2 dealt family tiles and take its starting resources (p.6 step 5)."""
    n = 0
    for i in range(2):
        if s[p].family_dealt[i] >= 0:
            n = set_opt_nb(w.opts, n, Opt.KEEP_FAMILY, s[p].family_dealt[i])
    k = decide_card_nb(cards, g, s, w.opts, w.params, p, n)
    f = w.opts[k, 1]
    s[p].family = f
    log_nb(g, w, p, Ev.KEEP_FAMILY, f)
    card_event_nb(g, w, p, CardKind.FAMILY, f, CardEvent.KEPT, 0)
    gain_bundle_nb(cards, g, s, w, p, cards.family_start[f], Source.OTHER, Why.SETUP)


@kernel
def choose_goals_nb(cards, g, s, w, p):
    """Keep GOALS_KEPT of the dealt personal goals (one more with the EXTRA_GOAL family
    ability), one decision per goal kept."""
    kept = 0
    n_keep = cards.rules[Rule.GOALS_KEPT]
    if cards.family_ability[s[p].family] == FamilyAbility.EXTRA_GOAL:
        n_keep += 1  # a family tile's starting ability (ruling 14)
    for _ in range(min(n_keep, 4)):
        n = 0
        for i in range(4):
            c = s[p].goals_dealt[i]
            if c < 0:
                continue
            taken = False
            for j in range(kept):
                if s[p].goals[j] == c:
                    taken = True
            if not taken:
                n = set_opt_nb(w.opts, n, Opt.KEEP_GOAL, c)
        if n == 0:
            break
        k = decide_card_nb(cards, g, s, w.opts, w.params, p, n)
        s[p].goals[kept] = w.opts[k, 1]
        kept += 1
        log_nb(g, w, p, Ev.KEEP_GOAL, w.opts[k, 1])
        card_event_nb(g, w, p, CardKind.GOAL, w.opts[k, 1], CardEvent.KEPT, 0)


@kernel
def choose_instrument_nb(cards, g, s, w, p, dealt):
    """Keep 1 of the 2 dealt instrument cards; the other goes under the deck (p.6)."""
    kept = keep_one_instrument_nb(cards, g, s, w, p, dealt, Opt.KEEP_INSTRUMENT)
    if kept < 0:
        return
    log_nb(g, w, p, Ev.KEEP_INSTRUMENT, kept)
    card_event_nb(g, w, p, CardKind.INSTRUMENT, kept, CardEvent.KEPT, 0)


@kernel
def choose_patron_nb(cards, g, s, w, p, dealt):
    """Keep 1 of the 2 dealt patrons in a slot of choice with its bonus; discard the other."""
    n = 0
    for c in dealt:
        if c >= 0:
            for slot in range(3):
                n = set_opt_nb(w.opts, n, Opt.KEEP_PATRON, c, slot)
    if n == 0:
        return
    k = decide_card_nb(cards, g, s, w.opts, w.params, p, n)
    kept = w.opts[k, 1]
    skipped = False
    for c in dealt:
        if c < 0:
            continue
        if c == kept and not skipped:
            skipped = True
        else:
            discard_nb(g, CardRow.PATRONS, c)
    s[p].patrons_taken[cards.patron_type[kept]] += 1
    card_event_nb(g, w, p, CardKind.PATRON, kept, CardEvent.KEPT, 0)
    place_patron_nb(cards, g, s, w, p, kept, w.opts[k, 2])


@kernel
def set_turn_order_nb(cards, g, s):
    """Turn order by the family tiles' numbers, lowest first (p.6 step 6)."""
    n = g.n_players
    for p in range(n):
        g.turn_order[p] = p
    for i in range(1, n):  # insertion sort on the tile numbers
        q = g.turn_order[i]
        key = cards.family_turn_order[s[q].family]
        j = i
        while j > 0 and cards.family_turn_order[s[g.turn_order[j - 1]].family] > key:
            g.turn_order[j] = g.turn_order[j - 1]
            j -= 1
        g.turn_order[j] = q
    for pos in range(n):
        s[g.turn_order[pos]].start_pos = pos


@kernel
def setup_game_nb(cards, g, s, w, n_players, game_seed, index):
    """Set up game `index` from its seed: board, each seat's deal and choices, turn order."""
    g.index = index
    g.seed = game_seed
    seed_streams_nb(game_seed, g.rng)
    clear_state_nb(cards, g, s, n_players)
    setup_board_nb(cards, g, w)
    dealt_inst = stack_empty_2d(MAX_PLAYERS, 2, np.int16)
    dealt_pat = stack_empty_2d(MAX_PLAYERS, 2, np.int16)
    for p in range(n_players):
        for i in range(2):
            dealt_inst[p, i] = draw_nb(g, CardRow.INSTRUMENTS)
        for i in range(2):
            dealt_pat[p, i] = draw_nb(g, CardRow.PATRONS)
        for i in range(2):
            if g.family_pool_n > 0:
                s[p].family_dealt[i] = take_pool_nb(g.family_pool, g.family_pool_n)
                g.family_pool_n -= 1
        for i in range(4):
            if g.goal_pool_n > 0:
                s[p].goals_dealt[i] = take_pool_nb(g.goal_pool, g.goal_pool_n)
                g.goal_pool_n -= 1
        log_nb(
            g,
            w,
            p,
            Ev.DEAL_CARDS,
            dealt_inst[p, 0],
            dealt_inst[p, 1],
            dealt_pat[p, 0],
            dealt_pat[p, 1],
        )
        log_nb(g, w, p, Ev.DEAL_FAMILIES, s[p].family_dealt[0], s[p].family_dealt[1])
        log_nb(
            g,
            w,
            p,
            Ev.DEAL_GOALS,
            s[p].goals_dealt[0],
            s[p].goals_dealt[1],
            s[p].goals_dealt[2],
            s[p].goals_dealt[3],
        )
        for i in range(2):
            card_event_nb(g, w, p, CardKind.INSTRUMENT, dealt_inst[p, i], CardEvent.DEALT, 0)
            card_event_nb(g, w, p, CardKind.PATRON, dealt_pat[p, i], CardEvent.DEALT, 0)
            card_event_nb(g, w, p, CardKind.FAMILY, s[p].family_dealt[i], CardEvent.DEALT, 0)
        for i in range(4):
            card_event_nb(g, w, p, CardKind.GOAL, s[p].goals_dealt[i], CardEvent.DEALT, 0)
    for p in range(n_players):
        choose_family_nb(cards, g, s, w, p)
        choose_goals_nb(cards, g, s, w, p)
        choose_instrument_nb(cards, g, s, w, p, dealt_inst[p])
        choose_patron_nb(cards, g, s, w, p, dealt_pat[p])
    set_turn_order_nb(cards, g, s)
    for pos in range(n_players):
        family_ability_nb(cards, g, s, w, g.turn_order[pos])
    log_nb(
        g, w, -1, Ev.TURN_ORDER, g.turn_order[0], g.turn_order[1], g.turn_order[2], g.turn_order[3]
    )
