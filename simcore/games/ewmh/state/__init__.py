"""The play state of Early Western Music History: engine codes (`codes.py`), the GAME and
SEAT dtypes with every size (`dtypes.py`) and the per-game scratch bundle (`work.py`)."""
