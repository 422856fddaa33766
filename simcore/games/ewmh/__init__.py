"""Early Western Music History (Fruit Circus): a race along a path of one musical Age,
producing compositions by flipping effect cards; 2 to 9 players.

Phase one of issue 37 holds the card data only: `data/*.toml`, its loader
(`carddata/`), the integer codes the kernels will use (`codes.py`), the engine limits
(`sizes.py`) and the numbers the rulebook states (`stated_numbers.py`). The game is not
registered in `simcore.games` until its kernels exist. docs/games/ewmh.md describes the data.
"""
