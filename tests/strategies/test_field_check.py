"""strategies/luthier/field_check.py: one line per archetype, trio member and pairing."""

from __future__ import annotations

import re

from strategies.luthier.field_check import main


def test_every_archetype_trio_and_pairing_gets_a_rate_with_its_interval(capsys):
    main(["--deals4", "3", "--deals", "3"])
    lines = capsys.readouterr().out.splitlines()
    rate = r"\d+\.\d% \(-?\d+\.\d%-\d+\.\d%\)"
    assert [line.split()[0] for line in lines] == ["4p"] * 4 + ["3p"] * 4 + ["2p"] * 6
    assert all(re.fullmatch(rf"4p \w+ {rate}", line) for line in lines[:4])
    assert all(re.fullmatch(rf"3p \w+/\w+/\w+ {rate}, {rate}, {rate}", x) for x in lines[4:8])
    assert all(re.fullmatch(rf"2p \w+ vs \w+ {rate}", line) for line in lines[8:])
