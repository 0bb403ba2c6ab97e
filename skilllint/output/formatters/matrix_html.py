"""`skilllint matrix --format html`: one self-contained page (inline CSS and script, nothing fetched):
a column per runtime, sortable by any column, the findings behind a cell on hover, totals at the
foot. Every text from the tree goes through `html.escape` (and `textsafe.escape` for control
characters) before it reaches the page."""

from __future__ import annotations

import html

from skilllint.core.textsafe import escape
from skilllint.portability.matrix import FAIL, Matrix
from skilllint.version import __version__

_RANK = {"ok": 0, "warn": 1, "fail": 2}

_STYLE = """
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:1.5em;color:#1f2328;background:#fff}
h1{font-size:1.3em;margin:0 0 .2em}
p.sub{margin:0 0 1em;color:#59636e}
table{border-collapse:collapse}
th,td{border:1px solid #d1d9e0;padding:.2em .3em;text-align:center;white-space:nowrap;font-size:13px}
thead th{position:sticky;top:0;background:#f6f8fa;cursor:pointer;user-select:none;vertical-align:bottom}
thead th.rt span{writing-mode:vertical-rl;transform:rotate(180deg);display:inline-block;padding:.2em 0}
td small.codes{display:block;font-size:10px;font-weight:400;white-space:normal;line-height:1.2}
thead th:hover{background:#eaeef2}
thead th.asc::after{content:" \\25B2";font-size:.7em}
thead th.desc::after{content:" \\25BC";font-size:.7em}
td.skill,th.skill{text-align:left;min-width:11em;max-width:22em;white-space:normal}
td.skill small{color:#59636e;display:block;font-size:11px;overflow-wrap:anywhere}
td.ok{background:#dafbe1;color:#116329}
td.warn{background:#fff8c5;color:#7d4e00}
td.fail{background:#ffebe9;color:#a40e26;font-weight:600}
td[title]{cursor:help}
tfoot td{background:#f6f8fa;font-weight:600}
.legend span{display:inline-block;padding:0 .5em;margin-right:.5em;border-radius:3px}
"""

_SCRIPT = """
(function(){
  var table=document.getElementById('matrix'), body=table.tBodies[0];
  var heads=table.tHead.rows[0].cells;
  for (var i=0;i<heads.length;i++){(function(index){
    heads[index].addEventListener('click',function(){
      var th=heads[index], asc=!th.classList.contains('asc');
      for (var k=0;k<heads.length;k++){heads[k].classList.remove('asc','desc');}
      th.classList.add(asc?'asc':'desc');
      var rows=Array.prototype.slice.call(body.rows);
      rows.sort(function(a,b){
        var x=a.cells[index].getAttribute('data-sort'), y=b.cells[index].getAttribute('data-sort');
        var c=(index===0)?x.localeCompare(y):(Number(x)-Number(y));
        if(c===0){c=a.cells[0].getAttribute('data-sort').localeCompare(b.cells[0].getAttribute('data-sort'));}
        return asc?c:-c;
      });
      rows.forEach(function(r){body.appendChild(r);});
    });
  })(i);}
})();
"""


def _text(value: str) -> str:
    return html.escape(escape(value), quote=True)


def render_html(matrix: Matrix) -> str:
    totals = matrix.totals()
    total = len(matrix.skills)
    heads = "".join(f'<th class="rt" title="{_text(r)}"><span>{_text(r)}</span></th>' for r in matrix.runtimes)
    rows = []
    for row in matrix.skills:
        cells = []
        for runtime in matrix.runtimes:
            cell = row.cells[runtime]
            tip = "\n".join(cell.reasons) if cell.reasons else "no error or warning"
            shown = cell.status if not cell.codes else (f'{cell.status}<small class="codes">'
                                                        f"{_text(' '.join(cell.codes))}</small>")
            cells.append(f'<td class="{cell.status}" data-sort="{_RANK[cell.status]}" title="{_text(tip)}">'
                         f"{shown}</td>")
        rows.append(f'<tr><td class="skill" data-sort="{_text(row.name)}">{_text(row.name)}'
                    f"<small>{_text(row.path)}</small></td>{''.join(cells)}</tr>")
    foot = "".join(f'<td title="{totals[r]["ok"]:,} ok, {totals[r]["warn"]:,} with warnings, '
                   f'{totals[r][FAIL]:,} fail">{total - totals[r][FAIL]:,} of {total:,}</td>' for r in matrix.runtimes)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>skilllint matrix: {total:,} skills x {len(matrix.runtimes)} runtimes</title>
<style>{_STYLE}</style>
</head>
<body>
<h1>Which skills run where</h1>
<p class="sub">{total:,} skills x {len(matrix.runtimes)} runtimes. A cell is what <code>skilllint check --target
RUNTIME</code> reports on the skill: <b>fail</b> an error, <b>warn</b> a warning, <b>ok</b> neither; "run as written":
no error. Hover a cell for the findings; click a column to sort. skilllint {html.escape(__version__)}.</p>
<p class="legend"><span class="ok" style="background:#dafbe1">ok</span><span style="background:#fff8c5">warn</span>
<span style="background:#ffebe9">fail</span></p>
<table id="matrix">
<thead><tr><th class="skill">skill</th>{heads}</tr></thead>
<tbody>
{chr(10).join(rows)}
</tbody>
<tfoot><tr><td class="skill">run as written</td>{foot}</tr></tfoot>
</table>
<script>{_SCRIPT}</script>
</body>
</html>
"""
