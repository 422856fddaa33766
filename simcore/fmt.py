"""Number formatting shared by the HTML and Markdown renderers (the JSON keeps full precision),
and how a card is named in messages and tables."""

from __future__ import annotations

import re

DASH = "–"


def pct(x: float | None, digits: int = 1) -> str:
    """0.2534 -> '25.3%'."""
    return DASH if x is None else f"{x * 100:.{digits}f}%"


def pts(x: float | None, digits: int = 1) -> str:
    """A difference of proportions in percentage points: 0.0234 -> '+2.3'."""
    return DASH if x is None else f"{x * 100:+.{digits}f}"


def pct_range(low: float | None, high: float | None, digits: int = 1) -> str:
    """A win-rate interval: '23.1–27.6%'."""
    if low is None or high is None:
        return DASH
    return f"{low * 100:.{digits}f}–{high * 100:.{digits}f}%"


def pts_range(low: float | None, high: float | None, digits: int = 1) -> str:
    """An interval in percentage points: '+1.0 to +3.6'."""
    if low is None or high is None:
        return DASH
    return f"{low * 100:+.{digits}f} to {high * 100:+.{digits}f}"


def count(n: float | None) -> str:
    return DASH if n is None else f"{int(round(n)):,}"


def num(x: float | None, digits: int = 1) -> str:
    return DASH if x is None else f"{x:,.{digits}f}"


def p_value(p: float | None) -> str:
    """'0.073', '0.0021', '< 0.0001'."""
    if p is None:
        return DASH
    if p < 0.0001:
        return "< 0.0001"
    if p < 0.01:
        return f"{p:.4f}"
    return f"{p:.3f}"


def p_is(p: float | None) -> str:
    """'p = 0.073', 'p < 0.0001'."""
    text = p_value(p)
    return f"p {text}" if text.startswith("<") else f"p = {text}"


def ordinal(n: int) -> str:
    """1 -> '1st', 2 -> '2nd', 3 -> '3rd', 4 -> '4th'."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10 if n % 100 not in (11, 12, 13) else 0, "th")
    return f"{n}{suffix}"


def seconds(s: float | None) -> str:
    if s is None:
        return DASH
    return f"{s:.1f} s" if s < 120 else f"{s / 60:.1f} min"


def source_rows(sources: list[dict], escape=str) -> list[list[str]]:
    """Prestige-by-source table rows (winners' and losers' means and shares)."""
    return [
        [
            escape(r["source"].replace("_", " ")),
            num(r["winners_mean"], 2),
            pct(r["winners_share"]),
            num(r["losers_mean"], 2),
            pct(r["losers_share"]),
        ]
        for r in sources
    ]


def slug(text: str) -> str:
    """A name written as an id: "Bell rebuild" -> "bell_rebuild"."""
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def card_text(card_id: str, name: str | None) -> str:
    """ "r15 (Bell rebuild)"; just the id when the name only repeats it ("violin")."""
    if not name or slug(name) == slug(card_id):
        return card_id
    return f"{card_id} ({name})"
