"""Game end and scoring (rulebook: End of game / Objective, Game End & Scoring): keys,
the part of unfinished cards, the overall and the personal legacy tiles, and the ranking
with the tie-break switch of ruling AP-1."""

from __future__ import annotations

from simcore.games.apiacere.codes import Effect, EqualMeasure, Rule, TieBreak
from simcore.games.apiacere.rules.log_nb import log_nb
from simcore.games.apiacere.rules.play_nb import partial_keys_nb
from simcore.games.apiacere.state.codes import End, Ev, Stage, Violation
from simcore.kernels.jit import kernel


@kernel
def keys_nb(s, p):
    """Seat p's white and black keys at the end, unfinished cards' parts included."""
    return s[p].white + s[p].partial_white + s[p].black + s[p].partial_black


@kernel
def popcount_nb(x):
    """Bits set in x >= 0."""
    n = 0
    while x > 0:
        n += x & 1
        x >>= 1
    return n


@kernel
def tile_value_nb(cards, g, s, p, e):
    """Seat p's count for a "most ..." legacy tile of kind e: black keys (parts
    included), royal tiles, florins left, different instruments composed."""
    if e == Effect.MOST_BLACK_KEYS:
        return s[p].black + s[p].partial_black
    if e == Effect.MOST_ROYAL_TILES:
        return s[p].royal_tiles
    if e == Effect.MOST_FLORINS:
        return s[p].florins
    return popcount_nb(s[p].instruments)


@kernel
def equal_measure_qualifies_nb(cards, s, p):
    """Seat p counts for In Equal Measure: always under `totals`; under `one_cube_out`
    not when exactly one of its cubes is on its second run (ruling AP-24)."""
    if cards.rules[Rule.EQUAL_MEASURE] == EqualMeasure.TOTALS:
        return True
    w_out = s[p].white + s[p].partial_white > cards.rules[Rule.WHITE_TRACK]
    b_out = s[p].black + s[p].partial_black > cards.rules[Rule.BLACK_TRACK]
    return w_out == b_out


@kernel
def equal_gap_nb(s, p):
    """|white - black| of seat p's keys at the end, parts included."""
    return abs(s[p].white + s[p].partial_white - s[p].black - s[p].partial_black)


@kernel
def legacy_points_nb(cards, g, s, p, t):
    """Points legacy tile t gives seat p (rulebook: Game End & Scoring, example 14):
    In Equal Measure: the closest white/black gap (every seat on it) the closest points,
    else a gap within `within` the points (ruling AP-24); bonus cards: "two cards on
    bonuses" read as bonus tiles held (an engine reading); a "most ..." tile (estimates):
    its points to every seat with the most, when that most is above 0."""
    e = cards.legacy_effect[t]
    prm = cards.legacy_params[t]
    n = g.n_players
    if e == Effect.IN_EQUAL_MEASURE:
        if not equal_measure_qualifies_nb(cards, s, p):
            return 0
        closest = 1 << 30
        for q in range(n):
            if equal_measure_qualifies_nb(cards, s, q):
                closest = min(closest, equal_gap_nb(s, q))
        gap = equal_gap_nb(s, p)
        if gap == closest:
            return prm[2]
        return prm[1] if gap <= prm[0] else 0
    if e == Effect.BONUS_CARDS:
        return prm[1] if popcount_nb(s[p].bonus) >= prm[0] else 0
    if e == Effect.SINCEREST_FLATTERY:
        return 0  # scored as the copied tile (score_nb)
    most = 0
    for q in range(n):
        most = max(most, tile_value_nb(cards, g, s, q, e))
    if most > 0 and tile_value_nb(cards, g, s, p, e) == most:
        return prm[0]
    return 0


@kernel
def flattery_seat_nb(cards, g, s):
    """The seat whose personal tile is Sincerest Flattery with no copy chosen; -1 = none."""
    for p in range(g.n_players):
        if cards.legacy_effect[s[p].legacy] == Effect.SINCEREST_FLATTERY and s[p].copied < 0:
            return p
    return -1


@kernel
def end_game_nb(cards, g, s, w):
    """The fourth royal event is over: Sincerest Flattery chooses first (rulebook: "before
    anyone reveals"), then the game is scored."""
    g.end_trigger = End.EVENTS
    for k in range(g.n_players):
        s[g.order[k]].final_pos = k
    p = flattery_seat_nb(cards, g, s)
    if p >= 0:
        g.stage = Stage.FLATTERY
        g.actor = p
        g.current = p
    else:
        score_nb(cards, g, s, w)


@kernel
def copy_legacy_nb(cards, g, s, w, p, q):
    """Seat p's Sincerest Flattery copies seat q's personal tile (ruling AP-25)."""
    s[p].copied = q
    log_nb(g, w, p, Ev.COPY, q, 0, 0, 0)
    if flattery_seat_nb(cards, g, s) < 0:
        score_nb(cards, g, s, w)


@kernel
def beats_nb(cards, s, p, q):
    """Seat p ranks above seat q: more points, or equal points and p started the final
    round later (`later`, default) or earlier (`earlier`) than q (ruling AP-1)."""
    if s[p].points != s[q].points:
        return s[p].points > s[q].points
    if cards.rules[Rule.TIE_BREAK] == TieBreak.LATER:
        return s[p].final_pos > s[q].final_pos
    return s[p].final_pos < s[q].final_pos


@kernel
def score_nb(cards, g, s, w):
    """Final points: white and black keys with unfinished cards' parts, the overall tile
    for everyone and each seat's personal (or copied) tile; then ranks, one winner."""
    n = g.n_players
    for p in range(n):
        partial_keys_nb(cards, g, s, p)
    for p in range(n):
        s[p].overall_points = legacy_points_nb(cards, g, s, p, g.overall)
        t = s[p].legacy
        if s[p].copied >= 0:
            t = s[s[p].copied].legacy
        s[p].legacy_points = legacy_points_nb(cards, g, s, p, t)
        log_nb(g, w, p, Ev.LEGACY, g.overall, s[p].overall_points, 1, 0)
        log_nb(g, w, p, Ev.LEGACY, t, s[p].legacy_points, 0, 0)
        s[p].points = keys_nb(s, p) + s[p].overall_points + s[p].legacy_points
    for p in range(n):
        rank = 1
        for q in range(n):
            if q != p and beats_nb(cards, s, q, p):
                rank += 1
        s[p].rank = rank
        s[p].win = 1.0 if rank == 1 else 0.0
        log_nb(g, w, p, Ev.FINAL, s[p].points, rank, 1 if rank == 1 else 0, 0)
    check_score_nb(g, s)
    g.stage = Stage.OVER
    g.actor = -1


@kernel
def check_score_nb(g, s):
    """The points are their parts, and the ranks are 1..n once each."""
    seen = 0
    for p in range(g.n_players):
        parts = s[p].white + s[p].partial_white + s[p].black + s[p].partial_black
        if s[p].points != parts + s[p].overall_points + s[p].legacy_points:
            g.violations |= Violation.SCORE
        seen |= 1 << (s[p].rank - 1)
    if seen != (1 << g.n_players) - 1:
        g.violations |= Violation.SCORE
