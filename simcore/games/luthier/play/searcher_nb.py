"""The searching seats' top-level decisions (issue 33): placeholders the game's
registration binds to its search player (strategies/luthier/search_player_nb.py), as
decide_nb's are bound to the strategy dispatch (simcore/games/binding.py).

play_game_nb stops the game (resume_nb.advance_nb) at each top-level decision of a seat
whose strategy searches and asks `search_choose_nb` for the option; the search plays
its rollouts through advance_nb with no seat stopping, so it never calls itself.
"""

from __future__ import annotations

from simcore.games.binding import bind, unbound

# filled by GAME.dispatch_kernels (simcore/games/luthier/game.py) below
searching_nb = unbound(__name__, "searching_nb")  # (sid) -> True: the strategy searches
search_choose_nb = unbound(__name__, "search_choose_nb")  # (cards, g, s, w, p) -> option

bind(globals(), __name__)
