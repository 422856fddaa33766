"""HTML building blocks for the report page: the stylesheet, escaping, tables, figures."""

from __future__ import annotations

import html
import re
from typing import Any

CSS = """
:root { --ink:#222; --muted:#666; --line:#ddd; --blue:#0072B2; --red:#D55E00; --bg:#fafafa; }
* { box-sizing: border-box; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
       margin: 0; background: #fff; }
main { max-width: 1240px; margin: 0 auto; padding: 1.5rem 1.25rem 4rem; }
h1 { font-size: 1.7rem; margin: 0 0 .25rem; }
h2 { font-size: 1.3rem; margin: 2.5rem 0 .5rem; padding-top: .5rem;
     border-top: 2px solid var(--line); }
h3 { font-size: 1.05rem; margin: 1.8rem 0 .4rem; }
p { margin: .4rem 0 .8rem; max-width: 52rem; }
.sub { color: var(--muted); margin-top: 0; }
nav.toc { background: var(--bg); border: 1px solid var(--line); border-radius: 6px;
          padding: .6rem 1rem; margin: 1rem 0; }
nav.toc ol { margin: .2rem 0; padding-left: 1.4rem; columns: 2; }
nav.toc a { color: var(--blue); text-decoration: none; }
.panel { border-left: 4px solid var(--blue); background: #eef5fb; padding: .6rem 1rem;
         margin: 1rem 0; border-radius: 0 6px 6px 0; }
.panel.warn { border-color: var(--red); background: #fdf1ea; }
.panel p, .panel ul { margin: .3rem 0; }
table { border-collapse: collapse; margin: .5rem 0 1rem; font-size: .88rem;
        font-variant-numeric: tabular-nums; }
th, td { padding: .28rem .6rem; border-bottom: 1px solid var(--line); text-align: right;
         vertical-align: top; }
th { background: var(--bg); font-weight: 600; position: sticky; top: 0; }
td.l, th.l { text-align: left; }
tbody tr:nth-child(even) { background: #fcfcfc; }
tr.uncertain td { color: #999; }
.wrap { overflow-x: auto; max-width: 100%; }  /* a table wider than the page scrolls in its box */
.flag { font-weight: 600; white-space: nowrap; }
.stronger { color: var(--blue); }
.weaker { color: var(--red); }
.note { color: var(--muted); font-size: .85rem; }
code { font: .82rem ui-monospace, SFMono-Regular, Menlo, monospace; background: #f2f2f2;
       padding: .05rem .3rem; border-radius: 3px; }
pre { background: #f2f2f2; padding: .5rem .8rem; border-radius: 4px; overflow-x: auto; }
pre code { padding: 0; }
figure { margin: .5rem 0 1rem; }
figure svg { max-width: 100%; height: auto; display: block; }
figcaption { color: var(--muted); font-size: .85rem; }
dl.kv { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: .5rem 0; }
dl.kv dt { font-weight: 600; }
dl.kv dd { margin: 0; }
dl.method dt { font-weight: 600; margin-top: .5rem; }
dl.method dd { margin: 0 0 0 1rem; max-width: 52rem; }
table.oneline td { white-space: nowrap; }
table.oneline td.l { white-space: normal; min-width: 8rem; }  /* names wrap, numbers do not */
details.seeds summary { cursor: pointer; }
details.seeds ul { margin: .2rem 0; padding-left: 1rem; text-align: left; white-space: normal; }
ol.findings li { margin: .35rem 0; max-width: 60rem; }
ol.findings .kind { font-weight: 600; text-transform: capitalize; }
ol.findings .kind::after { content: ":"; }
details > summary { cursor: pointer; }
"""


def e(value: Any) -> str:
    return html.escape(str(value))


def inline_code(s: str) -> str:
    """Escape, then turn `code` spans into <code>."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", e(s))


def table(
    headers: list[str],
    rows: list[list[str]],
    left: int = 1,
    row_classes: list[str] | None = None,
    cls: str = "",
) -> str:
    """An HTML table; the first `left` columns are left-aligned; cells are already HTML.
    `cls="oneline"`: numbers stay on one line, only the left-aligned text cells wrap.
    The table scrolls sideways inside its box (`.wrap`) if it is still wider than the page."""
    head = "".join(
        f'<th class="l">{h}</th>' if i < left else f"<th>{h}</th>" for i, h in enumerate(headers)
    )
    body = []
    for k, row in enumerate(rows):
        row_cls = f' class="{row_classes[k]}"' if row_classes and row_classes[k] else ""
        cells = "".join(
            f'<td class="l">{c}</td>' if i < left else f"<td>{c}</td>" for i, c in enumerate(row)
        )
        body.append(f"<tr{row_cls}>{cells}</tr>")
    table_cls = f' class="{cls}"' if cls else ""
    return (
        f'<div class="wrap"><table{table_cls}><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


def figure(svg: str, caption: str) -> str:
    return f"<figure>{svg}<figcaption>{e(caption)}</figcaption></figure>"
