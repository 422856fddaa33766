"""Early Western Music History's rules, one small kernel per rule, each citing the
rulebook section or the ruling (issue 37's specification, section 1.4) it implements.

Phase (a) of issue 37: setup and draft, refresh, roll and move, tiles, production, the
statics, arrival and End, and the flip/spend effects that need no patron keep check and
no reaction (docs/games/ewmh.md, Engine status)."""
