"""A Piacere's rules, one small kernel per rule, each citing its rulebook section or
ruling: setup, the stacks, the turn's six phases, card play, royal events, scoring."""
