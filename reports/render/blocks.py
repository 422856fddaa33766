"""The report's layout model: blocks, each written once to Markdown and to HTML.

A report section is a list of blocks built from the report's numbers only; the two
writers below turn the same blocks into a Markdown file and a self-contained HTML page,
so the formats say the same (the JSON file is the report dict itself). A block is a
tuple whose first item names its kind:

- ("h1" | "h2" | "h3", text[, id]): a heading (an id: an HTML anchor);
- ("p", text), ("note", text), ("sub", text): a paragraph (in HTML a note is small and
  grey, a sub a subtitle under the h1);
- ("quote", text[, css class]): a framed paragraph (HTML class "panel warn" by default);
- ("panel", title, [text]): a framed list under a bold title;
- ("ol" | "ul", [text]): a list;
- ("dl", [(term, text)], css class): terms and their text;
- ("table", headers, rows, left[, options]): formatted cells, the first `left` columns
  left-aligned; options: {"cls": table class, "row_classes": [class per row]};
- ("code", [line]): lines to paste into a shell, as they are;
- ("figure", draw, caption, [block]): a plot, `draw()` its <svg> (reports.render.plots, drawn
  only for HTML); Markdown shows the blocks instead (a table of what it draws, or nothing
  where a table nearby holds its numbers);
- ("section", id, title, [block]): a titled section (HTML <section id=...>);
- ("toc", [(id, title, [(id, title)])]): the sections linked, HTML only;
- ("alt", [block], [block]): the first blocks in HTML, the second in Markdown (a short
  summary table in Markdown where the page has every row).

Text is Markdown-like: `code` and **bold** spans. Any text may instead be a Rich value:
its own Markdown and its own HTML (a coloured flag, a folded list of seeds).
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from reports.render import html_kit

Block = tuple


class Rich(NamedTuple):
    """A text written differently per format: `md` as it is, `html` already HTML."""

    md: str
    html: str


def _md(value: Any) -> str:
    return value.md if isinstance(value, Rich) else str(value)


def _cell(value: Any) -> str:
    return _md(value).replace("|", "\\|").replace("\n", " ")


def md_table(headers: list[str], rows: list[list[Any]], left: int = 1) -> list[str]:
    """A Markdown table; the first `left` columns left-aligned, the rest right."""
    return [
        "| " + " | ".join(_md(h) for h in headers) + " |",
        "|" + "|".join("---" if i < left else "---:" for i in range(len(headers))) + "|",
        *["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows],
        "",
    ]


def _fence(lines: list[str]) -> str:
    """A Markdown code fence longer than any run of backticks in `lines`."""
    longest = max((len(run) for line in lines for run in re.findall("`+", line)), default=0)
    return "`" * max(3, longest + 1)


def markdown_lines(blocks: list[Block]) -> list[str]:
    """The blocks as Markdown lines."""
    lines: list[str] = []
    for b in blocks:
        kind = b[0]
        if kind in ("h1", "h2", "h3"):
            lines += ["#" * int(kind[1]) + " " + _md(b[1]), ""]
        elif kind in ("p", "note", "sub"):
            lines += [_md(b[1]), ""]
        elif kind == "quote":
            lines += [f"> {_md(b[1])}", ""]
        elif kind == "panel":
            lines += [f"**{b[1]}:**", "", *[f"- {_md(t)}" for t in b[2]], ""]
        elif kind == "ol":
            lines += [*[f"{i}. {_md(t)}" for i, t in enumerate(b[1], 1)], ""]
        elif kind == "ul":
            lines += [*[f"- {_md(t)}" for t in b[1]], ""]
        elif kind == "dl":
            lines += [*[f"- **{k}.** {_md(v)}" for k, v in b[1]], ""]
        elif kind == "table":
            lines += md_table(b[1], b[2], b[3])
        elif kind == "code":
            fence = _fence(b[1])
            lines += [f"{fence}sh", *b[1], fence, ""]
        elif kind == "figure":
            lines += markdown_lines(b[3])
        elif kind == "section":
            lines += [f"## {b[2]}", "", *markdown_lines(b[3])]
        elif kind == "alt":
            lines += markdown_lines(b[2])
    return lines


def render_markdown(blocks: list[Block]) -> str:
    return "\n".join(markdown_lines(blocks)).rstrip() + "\n"


def _inline(value: Any) -> str:
    """Escaped HTML with `code` and **bold** spans (a Rich value: its HTML)."""
    if isinstance(value, Rich):
        return value.html
    out = html_kit.inline_code(str(value))
    parts = out.split("**")
    return "".join(f"<strong>{p}</strong>" if i % 2 else p for i, p in enumerate(parts))


def _anchor(b: Block) -> str:
    return f' id="{html_kit.e(b[2])}"' if len(b) > 2 and b[2] else ""


def html_parts(blocks: list[Block]) -> list[str]:
    """The blocks as HTML elements."""
    body: list[str] = []
    for b in blocks:
        kind = b[0]
        if kind == "h1":
            body.append(f"<h1{_anchor(b)}>{html_kit.e(_md(b[1]))}</h1>")
        elif kind in ("h2", "h3"):
            body.append(f"<{kind}{_anchor(b)}>{_inline(b[1])}</{kind}>")
        elif kind == "p":
            body.append(f"<p>{_inline(b[1])}</p>")
        elif kind in ("note", "sub"):
            body.append(f'<p class="{kind}">{_inline(b[1])}</p>')
        elif kind == "quote":
            cls = b[2] if len(b) > 2 else "warn"
            body.append(
                f'<div class="{" ".join(("panel", cls)).strip()}"><p>{_inline(b[1])}</p></div>'
            )
        elif kind == "panel":
            items = "".join(f"<li>{_inline(t)}</li>" for t in b[2])
            body.append(
                f'<div class="panel warn"><p><b>{html_kit.e(b[1])}</b></p><ul>{items}</ul></div>'
            )
        elif kind in ("ol", "ul"):
            cls = ' class="findings"' if kind == "ol" else ""
            items = "".join(f"<li>{_inline(t)}</li>" for t in b[1])
            body.append(f"<{kind}{cls}>{items}</{kind}>")
        elif kind == "dl":
            items = "".join(f"<dt>{html_kit.e(k)}</dt><dd>{_inline(v)}</dd>" for k, v in b[1])
            body.append(f'<dl class="{b[2]}">{items}</dl>')
        elif kind == "table":
            options = b[4] if len(b) > 4 else {}
            rows = [
                [c.html if isinstance(c, Rich) else html_kit.inline_code(str(c)) for c in row]
                for row in b[2]
            ]
            headers = [html_kit.e(_md(h)) for h in b[1]]
            body.append(
                html_kit.table(
                    headers,
                    rows,
                    b[3],
                    row_classes=options.get("row_classes"),
                    cls=options.get("cls", ""),
                )
            )
        elif kind == "code":
            code = html_kit.e("\n".join(b[1]))
            body.append(f"<pre><code>{code}</code></pre>")
        elif kind == "figure":
            body.append(html_kit.figure(b[1](), b[2]))
        elif kind == "section":
            inner = "".join(html_parts(b[3]))
            body.append(
                f'<section id="{html_kit.e(b[1])}"><h2>{html_kit.e(b[2])}</h2>{inner}</section>'
            )
        elif kind == "toc":
            body.append(_toc(b[1]))
        elif kind == "alt":
            body += html_parts(b[1])
    return body


def _toc(entries: list[tuple[str, str, list[tuple[str, str]]]]) -> str:
    items = []
    for sid, title, subs in entries:
        sub = ", ".join(f'<a href="#{html_kit.e(i)}">{html_kit.e(t)}</a>' for i, t in subs)
        sub = f' <span class="note">({sub})</span>' if sub else ""
        items.append(f'<li><a href="#{html_kit.e(sid)}">{html_kit.e(title)}</a>{sub}</li>')
    return f'<nav class="toc"><b>Contents</b><ol>{"".join(items)}</ol></nav>'


def render_html(blocks: list[Block]) -> str:
    """A self-contained page: inline CSS, inline SVG plots, no scripts; titled by its h1."""
    title = next((_md(b[1]) for b in blocks if b[0] == "h1"), "")
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html_kit.e(title)}</title><style>{html_kit.CSS}</style></head>"
        f"<body><main>{''.join(html_parts(blocks))}</main></body></html>\n"
    )
