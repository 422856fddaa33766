"""The per-event sections of any game from the common columns and what the game declares:
strategies, first player, score, end, critic, card effects per event, dead cards.
"""
