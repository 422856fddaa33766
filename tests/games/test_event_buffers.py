"""simcore/games/events_nb.py: every game's event log and card-event buffers, on hand-made
records (the kernels as compiled)."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.games.events_nb import append_card_event_nb, append_event_nb

GAME = np.dtype([("log_n", "i4"), ("cev_n", "i4")])  # the two counters every GAME has


def _game() -> np.recarray:
    return np.zeros(1, GAME).view(np.recarray)


def test_an_event_fills_the_next_row_and_is_counted():
    g, log = _game(), np.zeros((3, 8), np.int32)
    append_event_nb(g[0], log, 2, 1, 7, 10, 11, 12, 13, 14)
    append_event_nb(g[0], log, 3, -1, 8, 0, 0, 0, 0, -5)
    assert g[0].log_n == 2
    assert log[0].tolist() == [2, 1, 7, 10, 11, 12, 13, 14]
    assert log[1].tolist() == [3, -1, 8, 0, 0, 0, 0, -5]
    assert not log[2].any()


def test_a_full_log_still_counts_so_the_game_can_be_played_again_with_room():
    g, log = _game(), np.zeros((1, 8), np.int32)
    for t in range(3):
        append_event_nb(g[0], log, t, 0, 1, 0, 0, 0, 0, 0)
    assert g[0].log_n == 3  # batches.play_logged replays with log_n rows
    assert log[0, 0] == 0  # the first event kept, nothing written past the end


def test_no_log_rows_means_logging_is_off():
    g, log = _game(), np.zeros((0, 8), np.int32)
    append_event_nb(g[0], log, 1, 0, 1, 0, 0, 0, 0, 0)
    assert g[0].log_n == 0


@pytest.mark.parametrize(("width", "detail"), [(5, None), (6, 9)])
def test_a_card_event_row_has_a_detail_only_in_a_game_that_has_one(width, detail):
    g, cev = _game(), np.zeros((2, width), np.int16)
    append_card_event_nb(g[0], cev, 4, 2, 1, 17, 3, detail)
    assert g[0].cev_n == 1
    assert cev[0].tolist() == [2, 1, 17, 3, 4, 9][:width]
    assert not cev[1].any()


def test_card_events_past_the_buffer_are_counted_not_written():
    g, cev = _game(), np.zeros((1, 6), np.int16)
    append_card_event_nb(g[0], cev, 1, 0, 0, 5, 0, 0)
    append_card_event_nb(g[0], cev, 1, 1, 0, 6, 0, 0)
    assert g[0].cev_n == 2  # an error after the batch (Buffers.check_card_events)
    assert cev[0, 2] == 5
    g, off = _game(), np.zeros((0, 6), np.int16)
    append_card_event_nb(g[0], off, 1, 0, 0, 5, 0, 0)
    assert g[0].cev_n == 0  # no buffer: card events off
