"""A Piacere's play state: the engine's codes (`codes.py`), every dtype and engine size
(`dtypes.py`) and the per-game scratch bundle (`work.py`)."""
