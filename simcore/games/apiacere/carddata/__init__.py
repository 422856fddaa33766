"""A Piacere's card data: the schema of its thirteen files (`schema.py`), the parameters
of each effect kind (`params.py`), the rules and setup keys with their allowed values
(`rules.py`), the checks and the compilation into the arrays the kernels will index
(`compile.py`, `board.py`), and the loader that reads the shipped files, a designer's
directory and `--set` patches (`load.py`).

    from simcore.games.apiacere.carddata.load import load_cards
    cards = load_cards()                                        # the shipped data
    cards = load_cards("mysheets", ["cards.perform_1.params.florins=60"])
    cards.tables.card_effect                                    # Effect code per card
"""
