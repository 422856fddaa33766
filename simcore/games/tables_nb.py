"""The card-event columns of a batch in one pass (kernel; both games' results tables)."""

from __future__ import annotations

from simcore.kernels.jit import kernel


@kernel(nogil=True)
def event_columns_nb(cev, n_events, game_index, kind_offsets, game, fields, index):
    """The first n_events[i] rows of each game i's events cev[i] (int16[n, MAX, W]), in
    game order, column by column: game[r] = game_index[i], fields[f, r] = field f of the
    row, index[r] = kind_offsets[kind] + card id (fields 1 and 2: the card's index among
    all cards). Releases the GIL: a writer thread builds its tables beside the kernels."""
    r = 0
    for i in range(cev.shape[0]):
        for k in range(n_events[i]):
            game[r] = game_index[i]
            for f in range(cev.shape[2]):
                fields[f, r] = cev[i, k, f]
            index[r] = kind_offsets[cev[i, k, 1]] + cev[i, k, 2]
            r += 1
