"""The card-balance sections (a game with card kinds and a grouping): seats, groupings,
strategies, scores, the game arc by round, the Summary's findings; built and laid out.
"""
