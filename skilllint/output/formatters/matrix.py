"""`skilllint matrix` output: text, Markdown (a README table), JSON. The HTML page is in
`matrix_html`.

Skill names and paths come from the tree and runtime ids from a config, so they are escaped
(`textsafe.escape`, as `check`'s formats do) in every format, JSON too: a folder name that was
not UTF-8 reaches us as lone surrogates (`os.fsdecode`), which `ensure_ascii=False` passed
through to a stdout that could not encode them (an internal error after half a document)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from functools import partial

from skilllint.core.textsafe import escape
from skilllint.portability.matrix import FAIL, Matrix

JSON_VERSION = 1
SHOWN = {"ok": "ok", "warn": "warn", "fail": "FAIL"}


def run_as_written(matrix: Matrix) -> list[str]:
    """`sisu: 12 of 40 skills run as written (no error); 3 with warnings` per runtime."""
    total = len(matrix.skills)
    lines = []
    for runtime, counts in matrix.totals().items():
        fine = total - counts[FAIL]
        lines.append(f"{escape(runtime)}: {fine:,} of {total:,} skill{'s' if total != 1 else ''} run as written"
                     f" ({counts['ok']:,} ok, {counts['warn']:,} with warnings, {counts[FAIL]:,} fail)")
    return lines


def render_text(matrix: Matrix) -> str:
    names = [escape(row.name) for row in matrix.skills]
    width = min(max([len(n) for n in names] + [5]), 40)
    widths = [max(len(escape(r)), 4) for r in matrix.runtimes]
    header = f"{'skill':<{width}}  " + "  ".join(f"{escape(r):<{w}}"
                                                 for r, w in zip(matrix.runtimes, widths, strict=True))
    lines = [header.rstrip()]
    for name, row in zip(names, matrix.skills, strict=True):
        cells = "  ".join(f"{SHOWN[row.cells[r].status]:<{w}}" for r, w in zip(matrix.runtimes, widths, strict=True))
        lines.append(f"{name[:width]:<{width}}  {cells}".rstrip())
    lines += ["", *run_as_written(matrix)]
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    return escape(text).replace("|", "\\|")


def render_markdown(matrix: Matrix) -> str:
    lines = ["| skill | " + " | ".join(f"`{_md(r)}`" for r in matrix.runtimes) + " |",
             "| --- | " + " | ".join(":---:" for _ in matrix.runtimes) + " |"]
    for row in matrix.skills:
        cells = []
        for runtime in matrix.runtimes:
            cell = row.cells[runtime]
            cells.append(cell.status if cell.status == "ok" else f"{cell.status} ({', '.join(cell.codes)})")
        lines.append(f"| `{_md(row.name)}` | " + " | ".join(cells) + " |")
    totals = matrix.totals()
    total = len(matrix.skills)
    lines.append("| **run as written** | " + " | ".join(f"{total - totals[r][FAIL]:,} of {total:,}"
                                                       for r in matrix.runtimes) + " |")
    return "\n".join(lines) + "\n"


def render_json(matrix: Matrix) -> str:
    return "".join(stream_json(matrix))


def stream_json(matrix: Matrix) -> Iterator[str]:
    """The JSON document in pieces, a skill at a time: on 60,000 skills x 19 runtimes, a document built
    whole before encoding took several times the memory of its text. One line: with `indent`, the json
    module encodes in Python, 20 times slower on 100,000 cells."""
    dump = partial(json.dumps, ensure_ascii=False, separators=(",", ":"))
    shown = {runtime: escape(runtime) for runtime in matrix.runtimes}
    yield f'{{"version":{dump(JSON_VERSION)},"runtimes":{dump(list(shown.values()))},"skills":['
    for index, row in enumerate(matrix.skills):
        cells = {shown[r]: {"status": row.cells[r].status, "codes": list(row.cells[r].codes)} for r in matrix.runtimes}
        yield ("," if index else "") + dump({"path": escape(row.path), "name": escape(row.name), "runtimes": cells})
    totals = {escape(runtime): dict(counts) for runtime, counts in matrix.totals().items()}
    yield f'],"totals":{dump(totals)}}}\n'


def _html(matrix: Matrix) -> str:
    from skilllint.output.formatters.matrix_html import render_html

    return render_html(matrix)


RENDERERS: dict[str, Callable[[Matrix], str]] = {
    "text": render_text, "markdown": render_markdown, "json": render_json, "html": _html,
}
def _whole(render: Callable[[Matrix], str]) -> Callable[[Matrix], Iterable[str]]:
    def pieces(matrix: Matrix) -> Iterable[str]:
        return (render(matrix),)

    return pieces


STREAMS: dict[str, Callable[[Matrix], Iterable[str]]] = {
    **{name: _whole(render) for name, render in RENDERERS.items()},
    "json": stream_json,
}
"""Each format as pieces to write one after the other (only JSON is long enough to need it)."""
