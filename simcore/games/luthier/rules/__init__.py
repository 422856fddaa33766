"""Luthier's standing rules: tracks, patrons, orchestra, awards, scoring and the other
rules every action reads."""
