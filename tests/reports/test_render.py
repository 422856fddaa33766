"""The HTML page, the Markdown summary and the JSON file of a real run."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

from reports.run.output import to_json

# Luthier's page: its sections' ids and titles, in order (reports.render.sections)
SECTIONS = (
    ("summary", "Summary"),
    ("run", "Run"),
    ("seats", "Seat order"),
    ("families", "Family tiles"),
    ("dead", "Dead and ignored cards"),
    ("flagged", "Strongest and weakest cards"),
    ("strategies", "Strategies"),
    ("scores", "Scores"),
    ("arc", "Game arc"),
    ("cards", "Cards by kind"),
    ("outcomes", "Awards and goals (outcomes)"),
    ("method", "Method and definitions"),
)

PLOTS = ("seat-win-rates", "family-win-rates", "flagged-forest", "scores", "sources", "margins")


class _Ids(HTMLParser):
    """Collects element ids and in-page links, and checks that tags balance."""

    VOID = {
        "meta",
        "br",
        "img",
        "input",
        "link",
        "hr",
        "path",
        "rect",
        "use",
        "circle",
        "line",
        "polyline",
        "polygon",
        "stop",
        "ellipse",
    }

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.links: list[str] = []
        self.stack: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "a" and a.get("href", "").startswith("#"):
            self.links.append(a["href"][1:])
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.append(a["id"])

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-5:])
        self.stack.pop()


def test_html_has_every_section_plot_and_a_table_of_contents(written4) -> None:
    page = written4["html"]
    parsed = _Ids()
    parsed.feed(page)
    assert not parsed.stack  # every tag closed
    for sid, title in SECTIONS:
        assert f'<section id="{sid}"><h2>{title}</h2>' in page
        assert sid in parsed.links  # linked from the table of contents
    at = [page.index(f'<section id="{sid}">') for sid, _ in SECTIONS]
    assert at == sorted(at)
    assert set(parsed.links) <= set(parsed.ids)  # no dangling in-page link
    assert len(parsed.ids) == len(set(parsed.ids))  # SVG ids made unique per plot
    for name in PLOTS:
        assert f'aria-label="{name}"' in page
    groups = [g["group"] for g in written4["json"]["cards"]["groups"]]
    assert groups == [
        "instrument",
        "performance",
        "repair",
        "patron_I",
        "patron_II",
        "patron_royal",
        "goal",
        "family",
        "specialty",
    ]
    for group in groups:
        assert f'id="card-{group}"' in page
        assert f'aria-label="forest-{group}"' in page
    for text in (
        "Read with care",
        "correlation, not a cause",
        "Benjamini-Hochberg",
        "Wilson",
        "chi-square",
        "tutti play --game luthier --players 4 --seed",
        "The strategies matter",
        "Winning margin",
        "Prestige by source",
        "Family by start order",
        "Matchups",
    ):
        assert text in page, text


def test_html_is_self_contained(written4) -> None:
    page = written4["html"]
    assert "<script" not in page
    assert not re.search(r'(src|href)="(https?:)?//', page)  # nothing fetched from the net
    assert "<link" not in page and "@import" not in page
    assert page.count("<svg") >= len(PLOTS) + 9  # a forest plot per card table
    assert "max-width" in page  # laptop-friendly column


def test_markdown_summary(written4) -> None:
    md = written4["md"]
    for heading in (
        "# Luthier card-balance report",
        "## Summary",
        "## Seat order",
        "## Family tiles",
        "## Strongest and weakest cards",
        "## Strategies",
        "## Scores",
        "## Cards by kind",
        "## Method and definitions",
    ):
        assert heading in md
    assert "> **Read with care.**" in md
    seat1 = written4["json"]["seats"]["by_start_order"][0]
    assert f"| 1st player | {seat1['n']:,} | {seat1['win_rate'] * 100:.1f}%" in md
    assert "`tutti play --game luthier --players 4 --seed" in md


def test_json_is_the_report(written4) -> None:
    assert written4["json"]["format"] == "tutti-report/1"
    assert written4["json"] == json.loads(to_json(written4["report"]))
    run = written4["json"]["run"]
    assert run["games"] == 3000 and run["players"] == 4 and run["seed"] == 7
    assert run["strategies"] == ["random"] and len(run["card_hash"]) == 64
    assert run["rules_version"] >= 1 and run["package_version"]


def test_every_table_scrolls_in_its_box_and_flagged_names_wrap(written4) -> None:
    """Issue 34: the flagged-cards table overflowed its box at 1,366 px. Every table sits
    in a box that scrolls sideways; the flagged table keeps its numbers on one line but
    lets its card names wrap."""
    from reports.render.html_kit import CSS

    page = written4["html"]
    assert page.count("<table") == page.count('<div class="wrap"><table')
    rules = {m[1].strip(): m[2] for m in re.finditer(r"([^{}]+)\{([^}]*)\}", CSS)}
    assert "overflow-x: auto" in rules[".wrap"]
    assert "nowrap" in rules["table.oneline td"]
    assert "white-space: normal" in rules["table.oneline td.l"]
    flagged = page.split('<section id="flagged">')[1].split("</section>")[0]
    if "<table" in flagged:
        assert '<table class="oneline">' in flagged
        assert re.search(r'<td class="l">[^<]+</td>', flagged)  # card names: wrap-able cells


def _with_strategies(report: dict, names: list[str], run_names: list[str]) -> dict:
    import copy

    r = copy.deepcopy(report)
    row = r["strategies"]["by_strategy"][0]
    r["strategies"]["by_strategy"] = [dict(row, strategy=n) for n in names]
    r["strategies"]["matchups"] = [
        dict(row, strategy=a, opponent=b) for a in names for b in names if a != b
    ]
    r["run"]["strategies"] = run_names
    return r


def test_matchups_say_in_one_line_when_they_hold_nothing(written4) -> None:
    """One strategy, or one line-up in every game: a line instead of a table of repeats;
    different line-ups: the table."""
    from reports.cardbalance.card_render import strategies
    from reports.render.blocks import html_parts, markdown_lines

    def section_strategies(report: dict) -> str:
        return "".join(html_parts(strategies(report)))

    one = written4["report"]  # random in every seat
    html = section_strategies(one)
    assert "every seat played random" in html and "vs random" not in html
    assert html.count("<table") == 1
    assert "every seat played random" in "\n".join(markdown_lines(strategies(one)))
    same = _with_strategies(one, ["crafter", "courtier"], ["courtier", "crafter"])
    html = section_strategies(same)
    assert "every game seated the same line-up (crafter, courtier)" in html
    assert "vs crafter" not in html and html.count("<table") == 1
    md = "\n".join(markdown_lines(strategies(same)))
    assert "same line-up" in md and "vs crafter" not in md
    mixed = _with_strategies(one, ["crafter", "courtier"], ["random"])
    html = section_strategies(mixed)
    assert "vs crafter" in html and "same line-up" not in html
