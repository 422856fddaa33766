"""Early Western Music History's card data: the schema of its seven card files
(`schema.py`), the parameters of each effect kind, keep condition and tile
(`params.py`), the rules and their allowed values (`rules.py`), the checks and the
compilation into the arrays the kernels index (`compile.py`), and the loader that reads
the shipped files, a designer's directory and `--set` patches (`load.py`).

    from simcore.games.ewmh.carddata.load import load_cards
    cards = load_cards()                                   # the shipped data
    cards = load_cards("mycards", ["effects.guido.params.n=3"])
    cards.tables.card_effect                               # Effect code per physical card
"""
