"""Setup (spec 1.2.1): the shuffles, the first player, the vocation picks and the draft."""

from __future__ import annotations

from simcore.games.ewmh.codes import Count, Rule, VocationCopies
from simcore.games.ewmh.rules.decks_nb import give_card_nb, pop_effect_nb, refill_array_nb
from simcore.games.ewmh.rules.log_nb import log_nb
from simcore.games.ewmh.sizes import MAX_COMPOSITIONS, MAX_EFFECT_CARDS, MAX_PLAYERS
from simcore.games.ewmh.state.codes import Ev, Stage
from simcore.games.ewmh.state.dtypes import MAX_DRAFT, CompState, Loc, Stream
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import randint_nb, seed_streams_nb, shuffle_nb


@kernel
def n_vocations_nb(cards):
    """Vocations in the data (vocations.toml)."""
    most = 0
    for a in range(cards.counts[Count.ABILITIES]):
        most = max(most, int(cards.ability_vocation[a]))
    return most + 1


@kernel
def setup_nb(cards, g, s, w, n_players, game_seed, index):
    """A fresh game from its seed alone: both decks shuffled, every pawn on Start, a random
    first player (ruling EW-5), vocation copies (ruling EW-3); the first player picks."""
    g.index = index
    g.seed = game_seed
    g.n_players = n_players
    seed_streams_nb(game_seed, g.rng)
    g.n_cards = cards.counts[Count.CARDS]
    g.n_comps = cards.counts[Count.COMPOSITIONS]
    for c in range(MAX_EFFECT_CARDS):
        g.card_loc[c] = Loc.NONE
        g.card_flipped[c] = 0
    for c in range(g.n_cards):
        g.deck[c] = c
        g.card_loc[c] = Loc.DECK
    g.deck_n = g.n_cards
    shuffle_nb(g.rng, Stream.SETUP, g.deck, g.deck_n)
    for k in range(MAX_COMPOSITIONS):
        g.comp_state[k] = CompState.NONE
        g.comp_owner[k] = -1
        g.comp_age[k] = -1
    for k in range(g.n_comps):
        g.comp_deck[k] = k
        g.comp_state[k] = CompState.DECK
    g.comp_deck_n = g.n_comps
    shuffle_nb(g.rng, Stream.SETUP, g.comp_deck, g.comp_deck_n)
    g.array[:] = -1
    g.packet[:, :] = -1
    g.first = randint_nb(g.rng, Stream.SETUP, n_players)
    g.current = -1
    g.medici = -1
    g.paying = -1
    g.concert_step = -1
    n_voc = n_vocations_nb(cards)
    copies = n_players
    if cards.rules[Rule.VOCATION_COPIES] == VocationCopies.BALANCED:
        copies = (n_players + n_voc - 1) // n_voc  # ceil(N / 3) each (ruling EW-3)
    for v in range(n_voc):
        g.voc_left[v] = copies
    for p in range(min(n_players, MAX_PLAYERS)):
        s[p].start_pos = (p - g.first + n_players) % n_players
        s[p].vocation = -1
    log_nb(g, w, g.first, Ev.FIRST, g.first, 0, 0, 0)
    g.stage = Stage.VOCATION
    g.actor = g.first
    g.pick_step = 0


@kernel
def pick_vocation_nb(cards, g, s, w, p, v):
    """Seat p takes vocation v; the next pick is the seat to its right (rulebook: "The
    player to her right picks next"; seats are in turn order to the left, ruling EW-4)."""
    s[p].vocation = v
    g.voc_left[v] -= 1
    log_nb(g, w, p, Ev.VOCATION, v, 0, 0, 0)
    g.pick_step += 1
    n = g.n_players
    if g.pick_step < n:
        g.actor = (g.first - g.pick_step + n) % n
    else:
        deal_draft_nb(cards, g, s, w)


@kernel
def deal_draft_nb(cards, g, s, w):
    """Each seat draws draft_cards effect cards into its packet (rulebook: To begin)."""
    n_draft = min(int(cards.rules[Rule.DRAFT_CARDS]), MAX_DRAFT)
    for i in range(g.n_players):
        p = (g.first + i) % g.n_players
        for j in range(n_draft):
            c = pop_effect_nb(g)
            if c >= 0:
                g.packet[p, j] = c
                g.card_loc[c] = Loc.PACKET
    g.draft_round = 0
    g.pick_step = 0
    g.stage = Stage.DRAFT
    g.actor = g.first
    if n_draft == 0 or packet_size_nb(g, g.first) == 0:
        finish_setup_nb(cards, g, s, w)


@kernel
def packet_size_nb(g, p):
    """Cards in seat p's draft packet."""
    n = 0
    for j in range(MAX_DRAFT):
        if g.packet[p, j] >= 0:
            n += 1
    return n


@kernel
def draft_keep_nb(cards, g, s, w, p, c):
    """Seat p keeps card c of its packet (fresh). When every seat has kept one, each packet
    passes to the left (rulebook: "passes the remaining 2 cards to the player on her
    left"); the engine asks the seats in turn order from the first (spec 1.2.1 step 4)."""
    for j in range(MAX_DRAFT):
        if g.packet[p, j] == c:
            g.packet[p, j] = -1
    if c >= 0:  # -1: an empty packet (a deck too small for the draft) keeps nothing
        give_card_nb(g, c, p)
        log_nb(g, w, p, Ev.DRAFT, c, g.draft_round, 0, 0)
    g.pick_step += 1
    n = g.n_players
    if g.pick_step < n:
        g.actor = (g.first + g.pick_step) % n
        return
    last = g.packet[n - 1].copy()
    for q in range(n - 1, 0, -1):
        g.packet[q] = g.packet[q - 1]
    g.packet[0] = last
    g.draft_round += 1
    g.pick_step = 0
    g.actor = g.first
    if packet_size_nb(g, g.first) == 0:
        finish_setup_nb(cards, g, s, w)


@kernel
def finish_setup_nb(cards, g, s, w):
    """The array of 4 from the deck (rulebook: Setup, "take 4 cards from the Effect
    deck"); the first player takes the first turn."""
    for q in range(g.n_players):
        for j in range(MAX_DRAFT):
            c = g.packet[q, j]
            if c >= 0:  # a packet the draft left (uneven deck): back to the deck's top
                g.packet[q, j] = -1
                g.deck[g.deck_n] = c
                g.deck_n += 1
                g.card_loc[c] = Loc.DECK
    refill_array_nb(cards, g)
    g.current = g.first
    g.stage = Stage.TURN
