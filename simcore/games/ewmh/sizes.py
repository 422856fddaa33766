"""The engine's limits for Early Western Music History: the one owner of each size the
card data is checked against and the state arrays (state/dtypes.py) are shaped by."""

from __future__ import annotations

MIN_PLAYERS = 2  # rulebook: "Players: 2-9"
MAX_PLAYERS = 9
MAX_PARAMS = 4  # parameter slots of an effect, keep condition or tile (higher_education: 4)
MAX_DESIGNS = 64  # effect-card designs (the rulebook's 40, plus a designer's own)
MAX_EFFECT_CARDS = 128  # physical effect cards (the rulebook's 48)
MAX_COPIES = 16  # copies of one design (the rulebook's most: Plagiarize, 4)
MAX_VOCATIONS = 8  # vocations (the rulebook's 3)
MAX_ABILITIES = 6  # abilities of one vocation (the rulebook's 3 flip + 1 static)
MAX_GENRES = 32  # composition genres (the estimated deck's 7)
MAX_COMPOSITIONS = 255  # composition cards (the estimated deck's 42)
MAX_BANNER = 30  # points on one composition banner
MAX_TILE_KINDS = 16  # entries of the tile mix (the estimate's 7)
MAX_PATH = 120  # path length L: Start = 0, tiles 1..L-1, End = L (the estimate's 36)
MAX_ROUND_CAP = 500  # the rule-level round cap (ruling EW-17's 60 is an estimate)
