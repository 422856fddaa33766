"""A Piacere (Sven Uilhoorn): composers touring the cities of the classical era, playing
cards over 16 rounds with 4 royal events; 2 to 5 players.

Phase one of issue 39: the card data only. `data/*.toml` hold every component the engine
will read (the map, housing, travel, rent, the six stacks and their 114 cards, royal and
legacy tiles, chain bonus tiles, the variety tiles, the setup sheet, the rules), most of
them estimates because the rulebook's setup sheet, board, player board and card list are
missing; `carddata/` reads, checks and compiles them; `codes.py` and `sizes.py` own the
codes and limits; `stated_numbers.py` lists what the rulebook states. No engine yet, and
the game is not registered in `simcore.games` (docs/games/apiacere.md, Status).
"""
