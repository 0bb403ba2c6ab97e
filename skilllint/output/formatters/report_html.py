"""`skilllint report --format html`: one self-contained page over a tree and its runtimes.

Why it is built this way:

- **Nothing from the network.** Styles, charts (inline SVG, drawn here) and the one small script are
  in the page, and a Content-Security-Policy forbids any fetch, so the page is the same on a laptop
  offline, in a CI artifact or in a mail attachment.
- **The summary needs no script.** Every chart and aggregate table is plain HTML and SVG, readable
  with JavaScript off and when printed (the print style drops the controls). The script only sorts the
  tables and drives the per-skill table.
- **61,000 skills in a page that opens in seconds.** The per-skill table is not a DOM of 61,000 rows:
  the rows are one compact JSON island (paths split into a shared folder table and the rest, each
  distinct run of cells stored once) and the script draws one page of rows at a time. The first page is
  also in the HTML, for a reader without JavaScript.
- **Escaped.** Every text that comes from the tree (names, paths, codes' messages) goes through
  `html.escape` after `textsafe.escape`; the JSON island escapes `<`, so no skill can close the script.
"""

from __future__ import annotations

import html
import json
import posixpath
from typing import Any

from skilllint.core.textsafe import escape
from skilllint.output.report.model import Report, RuntimeSummary, curve, share
from skilllint.portability.matrix import FAIL, OK, WARN
from skilllint.version import __version__

PAGE_ROWS = 100
"""Rows of the per-skill table drawn at once (and in the HTML for a reader without JavaScript)."""
NAMES_SHOWN = 25
"""Missing names listed per runtime on the page; `--format json` has every one."""
CODES_SHOWN = 30
SOURCES_SHOWN = 60
_LETTER = {OK: "\u2713", WARN: "!", FAIL: "\u2717"}
_CHAR = {OK: "o", WARN: "w", FAIL: "f"}


def _e(text: object) -> str:
    return html.escape(escape(str(text)), quote=True)


def _pct(count: int, total: int) -> str:
    return f"{share(count, total):.1f}%"


_STYLE = """
:root{--ok:#2da44e;--warn:#d4a72c;--fail:#cf222e;--mut:#59636e;--line:#d1d9e0}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:1.5em auto;max-width:1200px;
padding:0 1em;color:#1f2328;background:#fff}
h1{font-size:1.45em;margin:0 0 .2em}h2{font-size:1.2em;margin:1.8em 0 .4em;border-bottom:1px solid var(--line)}
h3{font-size:1.05em;margin:1.2em 0 .3em}
p.sub,.note{color:var(--mut)}p.sub{margin:0 0 1em}
nav a{margin-right:.8em}
table{border-collapse:collapse;margin:.4em 0}
th,td{border:1px solid var(--line);padding:.2em .45em;font-size:13px;vertical-align:top}
th{background:#f6f8fa;text-align:left}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
table.sortable th{cursor:pointer;user-select:none}
table.sortable th.asc::after{content:" \\25B2";font-size:.7em}
table.sortable th.desc::after{content:" \\25BC";font-size:.7em}
code{font-size:12px;background:#f6f8fa;padding:0 .2em;border-radius:3px}
.legend i{display:inline-block;width:.9em;height:.9em;margin:0 .3em 0 .9em;vertical-align:-1px}
svg text{font:12px system-ui,sans-serif;fill:#1f2328}
svg .ok{fill:var(--ok)}svg .warn{fill:var(--warn)}svg .fail{fill:var(--fail)}
.rt{break-inside:avoid}
.headline{font-size:1.05em;margin:.3em 0}
td.h{color:#fff;text-align:right}
td.s-o{background:#dafbe1;color:#116329;text-align:center}
td.s-w{background:#fff8c5;color:#7d4e00;text-align:center}
td.s-f{background:#ffebe9;color:#a40e26;text-align:center;font-weight:600}
#skills td.p small{display:block;color:var(--mut);font-size:11px;overflow-wrap:anywhere}
#skills th.r span{writing-mode:vertical-rl;transform:rotate(180deg);display:inline-block}
.controls{margin:.5em 0;display:flex;gap:.6em;flex-wrap:wrap;align-items:center}
.controls input{min-width:18em}
.wide{overflow-x:auto}
pre{background:#f6f8fa;padding:.6em;overflow:auto;font-size:12px}
@media print{.controls,.pager,nav,#skills-section{display:none}body{margin:0;max-width:none}
a{color:inherit;text-decoration:none}}
"""

_SCRIPT = r"""
(function(){
'use strict';
function sortable(table){
  var heads=table.tHead.rows[0].cells;
  Array.prototype.forEach.call(heads,function(th,col){
    th.addEventListener('click',function(){
      var body=table.tBodies[0],rows=Array.prototype.slice.call(body.rows);
      var dir=th.classList.contains('asc')?-1:1;
      Array.prototype.forEach.call(heads,function(h){h.classList.remove('asc','desc');});
      th.classList.add(dir>0?'asc':'desc');
      rows.sort(function(a,b){
        var x=a.cells[col].getAttribute('data-v'),y=b.cells[col].getAttribute('data-v');
        if(x===null){x=a.cells[col].textContent;}if(y===null){y=b.cells[col].textContent;}
        var nx=parseFloat(x),ny=parseFloat(y);
        if(!isNaN(nx)&&!isNaN(ny)){return (nx-ny)*dir;}
        return x<y?-dir:x>y?dir:0;
      });
      rows.forEach(function(r){body.appendChild(r);});
    });
  });
}
Array.prototype.forEach.call(document.querySelectorAll('table.sortable'),sortable);
var D=JSON.parse(document.getElementById('report-data').textContent);
var R=D.runtimes,N=R.length,rows=D.rows,sigs=D.sigs,dirs=D.dirs,srcs=D.sources;
var WORD={o:'ok',w:'warn',f:'fail'},MARK={o:'\u2713',w:'!',f:'\u2717'};
var q=document.getElementById('q'),rt=document.getElementById('rt'),st=document.getElementById('st');
var body=document.querySelector('#skills tbody'),info=document.getElementById('info');
var prev=document.getElementById('prev'),next=document.getElementById('next');
var page=0,shown=[],order=null,sortCol=-1,sortDir=1,hay=null;
function path(r){return (dirs[r[1]]?dirs[r[1]]+'/':'')+r[2];}
function name(r){return r[0]||r[2].split('/')[0];}
function fails(r){var s=sigs[r[4]][0],n=0;for(var i=0;i<s.length;i++){if(s[i]==='f'){n++;}}return n;}
function filter(){
  var words=q.value.toLowerCase().split(/\s+/).filter(Boolean),ri=rt.value===''?-1:+rt.value,want=st.value;
  if(words.length&&hay===null){hay=rows.map(function(r){return (name(r)+' '+path(r)+' '+srcs[r[3]]).toLowerCase();});}
  shown=[];
  var base=order||rows.map(function(_,i){return i;});
  for(var k=0;k<base.length;k++){
    var i=base[k],r=rows[i],s=sigs[r[4]][0],ok=true;
    for(var w=0;w<words.length&&ok;w++){ok=hay[i].indexOf(words[w])>=0;}
    if(ok&&want){ok=ri>=0?s[ri]===want:(want==='o'?s.indexOf('w')<0&&s.indexOf('f')<0:s.indexOf(want)>=0);}
    if(ok){shown.push(i);}
  }
  page=0;draw();
}
function cell(tr,text,cls,title){var td=document.createElement('td');td.textContent=text;if(cls){td.className=cls;}
  if(title){td.title=title;}tr.appendChild(td);return td;}
function draw(){
  var size=D.page,pages=Math.max(1,Math.ceil(shown.length/size));
  if(page>=pages){page=pages-1;}
  var frag=document.createDocumentFragment();
  shown.slice(page*size,page*size+size).forEach(function(i){
    var r=rows[i],sig=sigs[r[4]],tr=document.createElement('tr');
    var td=cell(tr,name(r),'p');var sm=document.createElement('small');sm.textContent=path(r);td.appendChild(sm);
    cell(tr,srcs[r[3]]);
    for(var j=0;j<N;j++){var c=sig[0][j];cell(tr,MARK[c],'s-'+c,R[j]+': '+WORD[c]+(sig[1][j]?' ('+sig[1][j]+')':''));}
    frag.appendChild(tr);
  });
  body.textContent='';body.appendChild(frag);
  info.textContent=shown.length.toLocaleString()+' of '+rows.length.toLocaleString()+' skills; page '+(page+1)+
    ' of '+pages;
  prev.disabled=page===0;next.disabled=page>=pages-1;
}
function sortBy(col){
  sortDir=col===sortCol?-sortDir:1;sortCol=col;
  var key=col===0?function(r){return name(r).toLowerCase();}:col===1?function(r){return srcs[r[3]].toLowerCase();}
    :col===2?fails:function(r){return 'fwo'.indexOf(sigs[r[4]][0][col-3]);};
  var keys=rows.map(key);
  order=rows.map(function(_,i){return i;});
  order.sort(function(a,b){var x=keys[a],y=keys[b];return (x<y?-1:x>y?1:a-b)*sortDir;});
  filter();
}
Array.prototype.forEach.call(document.querySelectorAll('#skills thead th'),function(th,col){
  th.style.cursor='pointer';th.addEventListener('click',function(){sortBy(col===0?0:col===1?1:col+1);});
});
document.getElementById('byfails').addEventListener('click',function(){sortBy(2);});
var timer=null;
q.addEventListener('input',function(){clearTimeout(timer);timer=setTimeout(filter,120);});
rt.addEventListener('change',filter);st.addEventListener('change',filter);
prev.addEventListener('click',function(){page--;draw();});next.addEventListener('click',function(){page++;draw();});
var h=new URLSearchParams(location.hash.slice(1));
if(h.has('q')){q.value=h.get('q');}
if(h.has('rt')){var ix=R.indexOf(h.get('rt'));if(ix>=0){rt.value=String(ix);}}
if(h.has('st')){st.value=h.get('st');}
filter();
document.documentElement.setAttribute('data-ready','1');
})();
"""

_GUARD = ("window.addEventListener('error',function(e){var d=document.documentElement;"
          "d.setAttribute('data-errors',(d.getAttribute('data-errors')||'')+(e.message||'error')+';');});")


def _runtime_chart(report: Report) -> str:
    """Stacked bars, one per runtime (most skills running first): ok, with warnings, fail."""
    items = sorted(report.runtimes, key=lambda s: (-s.run, -s.ok, s.id))
    total = max(report.skills, 1)
    label, width, bar, gap = 110, 520, 16, 6
    height = len(items) * (bar + gap) + 24
    parts = [f'<svg role="img" aria-label="Skills that run as written, per runtime" width="{label + width + 130}" '
             f'height="{height}" viewBox="0 0 {label + width + 130} {height}">']
    for index, s in enumerate(items):
        y = index * (bar + gap)
        x = float(label)
        parts.append(f'<text x="{label - 6}" y="{y + bar - 4}" text-anchor="end">{_e(s.id)}</text>')
        for status, count in ((OK, s.ok), (WARN, s.warn), (FAIL, s.fail)):
            w = width * count / total
            if w > 0:
                parts.append(f'<rect class="{status}" x="{x:.1f}" y="{y}" width="{w:.1f}" height="{bar}">'
                             f'<title>{_e(s.id)}: {count:,} {status} ({_pct(count, total)})</title></rect>')
            x += w
        parts.append(f'<text x="{label + width + 6}" y="{y + bar - 4}">{_pct(s.run, total)} run</text>')
    y = len(items) * (bar + gap) + 14
    for tick in (0, 25, 50, 75, 100):
        x = label + width * tick / 100
        parts.append(f'<text x="{x:.1f}" y="{y}" text-anchor="middle" fill="#59636e">{tick}%</text>')
    parts.append("</svg>")
    return "".join(parts)


def _curve_chart(s: RuntimeSummary, total: int) -> str:
    """The share of skills whose tool names all reach the model, after each proposed alias in turn."""
    points = curve(s)
    if len(points) < 2 or not total:
        return ""
    width, height, left, bottom = 420, 150, 44, 22
    low = min(points)
    floor = max(0.0, (100.0 * low / total) - 10.0)
    floor -= floor % 10
    span = max(100.0 - floor, 1.0)
    steps = len(points) - 1

    def xy(i: int, count: int) -> tuple[float, float]:
        x = left + (width - left - 10) * i / steps
        y = (height - bottom) * (1 - (100.0 * count / total - floor) / span) + 6
        return x, y

    coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in (xy(i, c) for i, c in enumerate(points)))
    parts = [f'<svg role="img" aria-label="Skills resolving fully as aliases are added on {_e(s.id)}" '
             f'width="{width}" height="{height + 10}" viewBox="0 0 {width} {height + 10}">']
    for tick in range(int(floor), 101, 10 if span > 40 else 5):
        y = (height - bottom) * (1 - (tick - floor) / span) + 6
        parts.append(f'<line x1="{left}" x2="{width - 10}" y1="{y:.1f}" y2="{y:.1f}" stroke="#eaeef2"/>'
                     f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end" fill="#59636e">{tick}%</text>')
    parts.append(f'<polyline points="{coords}" fill="none" stroke="#0969da" stroke-width="2"/>')
    for i, count in enumerate(points):
        x, y = xy(i, count)
        what = "today" if i == 0 else f"with {i} alias{'es' if i != 1 else ''}"
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="#0969da"><title>{what}: {count:,} skills '
                     f'({_pct(count, total)})</title></circle>')
    parts.append(f'<text x="{left}" y="{height + 8}" fill="#59636e">today</text>'
                 f'<text x="{width - 10}" y="{height + 8}" text-anchor="end" fill="#59636e">'
                 f'{steps} alias{"es" if steps != 1 else ""}</text></svg>')
    return "".join(parts)


def _summary_table(report: Report) -> str:
    total = report.skills
    head = ("<tr><th>runtime</th><th class=n>run as written</th><th class=n>ok</th><th class=n>warnings</th>"
            "<th class=n>fail</th><th class=n>names resolve today</th><th class=n>with proposed aliases</th>"
            "<th class=n>aliases</th></tr>")
    lines = []
    for s in report.runtimes:
        c = s.coverage
        lines.append(
            f"<tr><td><a href=\"#rt-{_e(s.id)}\">{_e(s.id)}</a></td>"
            f"<td class=n data-v=\"{share(s.run, total)}\">{s.run:,} ({_pct(s.run, total)})</td>"
            f"<td class=n>{s.ok:,}</td><td class=n>{s.warn:,}</td><td class=n>{s.fail:,}</td>"
            f"<td class=n data-v=\"{share(c.resolved_skills, total)}\">{_pct(c.resolved_skills, total)}</td>"
            f"<td class=n data-v=\"{share(c.resolved_with_aliases, total)}\">{_pct(c.resolved_with_aliases, total)}"
            f"</td><td class=n>{len(c.aliases):,}</td></tr>")
    return f'<table class="sortable" id="runtimes"><thead>{head}</thead><tbody>{"".join(lines)}</tbody></table>'


_WHERE = {"body": "instructions", "frontmatter": "tool fields"}


def _exposure_note(s: RuntimeSummary) -> str:
    exposure = s.coverage.exposure
    if exposure == "rename":
        return (f"{_e(s.id)} renames (<code>alias_exposure: rename</code>): a tool is offered to the model under "
                "one name only, so one name per tool is proposed, the one that makes the most skills resolve.")
    if exposure == "resolve-only":
        return (f"{_e(s.id)} maps aliases after the model call (<code>alias_exposure: resolve-only</code>): they "
                "fix the tool fields, not the names in the instructions.")
    if exposure == "prompt":
        return f"{_e(s.id)} lists aliases in the system prompt (<code>alias_exposure: prompt</code>)."
    return f"{_e(s.id)} offers an alias to the model beside the tool's own name (<code>alias_exposure: api</code>)."


def _runtime_section(s: RuntimeSummary, total: int) -> str:
    c = s.coverage
    gain = c.resolved_with_aliases - c.resolved_skills
    count = len(c.aliases)
    api_gain = c.resolved_with_aliases_api - c.resolved_skills
    if count and gain <= 0 and api_gain > 0:
        headline = (f"<b>These {count} alias{'es' if count != 1 else ''} fix tool fields only</b> on {_e(s.id)} "
                    f"({_e(c.exposure)}); offered to the model (<code>alias_exposure: api</code>) they would make "
                    f"{_pct(api_gain, total)} more skills resolve: from {_pct(c.resolved_skills, total)} to "
                    f"{_pct(c.resolved_with_aliases_api, total)}.")
    elif count:
        headline = (f"<b>These {count} alias{'es' if count != 1 else ''} make {_pct(gain, total)} more skills "
                    f"resolve</b> (every tool name reaching the model): from {_pct(c.resolved_skills, total)} to "
                    f"{_pct(c.resolved_with_aliases, total)} ({gain:,} skills).")
    elif c.names:
        headline = (f"No alias would make more skills resolve; {_pct(c.resolved_skills, total)} resolve today.")
    else:
        headline = f"Every tool name the skills use reaches the model on {_e(s.id)}."
    parts = [f'<section class="rt" id="rt-{_e(s.id)}"><h3>{_e(s.id)}: {s.run:,} of {total:,} skills run as '
             f"written ({_pct(s.run, total)}); {s.fail:,} fail</h3>", f'<p class="headline">{headline}</p>']
    if c.names:
        parts.append(f'<p class="note">{_exposure_note(s)} Names are ranked by the skills they fail '
                     "(named where the model or the runtime reads them), then by the skills naming them.</p>")
        parts.append(_curve_chart(s, total))
        rows = []
        before = c.resolved_skills
        for rank, row in enumerate(c.names[:NAMES_SHOWN], 1):
            if row.proposed and row.alias_to:
                proposal = f"<code>{_e(row.name)}</code> \u2192 <code>{_e(row.alias_to)}</code>"
            else:
                proposal = _e(row.note or "-")
            cumulative = gained = ""
            if row.cumulative is not None:
                gained = f"+{share(row.cumulative - before, total):.1f}"
                cumulative = _pct(row.cumulative, total)
                before = row.cumulative
            where = ", ".join(_WHERE.get(w, w) for w in row.where)
            rows.append(f"<tr><td class=n>{rank}</td><td><code>{_e(row.name)}</code></td>"
                        f"<td class=n>{row.failing:,}</td><td class=n>{row.skills:,}</td><td>{_e(where)}</td>"
                        f"<td>{_e(row.capability or '-')}</td><td>{proposal}</td><td class=n>{gained}</td>"
                        f"<td class=n>{cumulative}</td></tr>")
        parts.append('<table class="sortable names"><thead><tr><th class=n>#</th><th>name</th>'
                     '<th class=n>skills it fails</th><th class=n>skills naming it</th><th>where</th>'
                     '<th>capability</th><th>alias that closes it</th><th class=n>+ points</th>'
                     f'<th class=n>resolve, cumulative</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')
        if len(c.names) > NAMES_SHOWN:
            parts.append(f'<p class="note">{len(c.names) - NAMES_SHOWN:,} more names in '
                         "<code>skilllint report --format json</code> or <code>skilllint coverage</code>.</p>")
    if s.failing_codes:
        top = ", ".join(f"<code>{_e(code)}</code> {n:,}" for code, n in list(s.failing_codes.items())[:8])
        parts.append(f'<p class="note">Skills failing by error code: {top}.</p>')
    parts.append("</section>")
    return "".join(parts)


def _codes_table(report: Report) -> str:
    runtimes = [s.id for s in report.runtimes]
    head = "".join(f'<th class="n">{_e(r)}</th>' for r in runtimes)
    lines = []
    for code, name, counts in report.codes[:CODES_SHOWN]:
        cells = "".join(f"<td class=n>{counts.get(r, 0) or ''}</td>" for r in runtimes)
        lines.append(f"<tr><td><code>{_e(code)}</code></td><td>{_e(name)}</td>"
                     f"<td class=n>{sum(counts.values()):,}</td>{cells}</tr>")
    more = (f'<p class="note">{len(report.codes) - CODES_SHOWN:,} more codes in the JSON.</p>'
            if len(report.codes) > CODES_SHOWN else "")
    return ('<div class="wide"><table class="sortable" id="codes"><thead><tr><th>code</th><th>rule</th>'
            f'<th class=n>failing cells</th>'
            f'{head}</tr></thead><tbody>{"".join(lines)}</tbody></table></div>{more}')


def _heat(count: int, total: int) -> str:
    """A cell coloured from red (none run) to green (all run)."""
    value = share(count, total)
    hue = round(1.2 * value)
    return f'<td class="n h" data-v="{value}" style="background:hsl({hue},55%,42%)">{value:.0f}</td>'


def _sources_table(report: Report) -> str:
    runtimes = [s.id for s in report.runtimes]
    head = "".join(f'<th class="n">{_e(r)}</th>' for r in runtimes)
    lines = []
    for row in report.sources[:SOURCES_SHOWN]:
        cells = "".join(_heat(row.statuses[r][OK] + row.statuses[r][WARN], row.skills) for r in runtimes)
        lines.append(f"<tr><td>{_e(row.source)}</td><td class=n>{row.skills:,}</td>{cells}</tr>")
    more = (f'<p class="note">{len(report.sources) - SOURCES_SHOWN:,} more sources in the JSON.</p>'
            if len(report.sources) > SOURCES_SHOWN else "")
    return (f'<p class="note">Per source, the share of its skills that run as written on each runtime (%).</p>'
            '<div class="wide"><table class="sortable" id="sources"><thead><tr><th>source</th>'
            f'<th class=n>skills</th>{head}</tr>'
            f'</thead><tbody>{"".join(lines)}</tbody></table></div>{more}')


def _table_data(report: Report) -> dict[str, Any]:
    """The per-skill rows, compact: `[name or "", folder index, rest of path, source index, cells index]`,
    where `name` is empty when it is the skill's folder name, and each distinct run of cells (a status
    letter per runtime, and per runtime its error and warning codes) is stored once."""
    dirs: dict[str, int] = {}
    sources: dict[str, int] = {}
    sigs: dict[tuple[str, tuple[str, ...]], int] = {}
    rows: list[list[object]] = []
    runtimes = [s.id for s in report.runtimes]
    for row, source in zip(report.rows, report.row_sources, strict=True):
        skill_dir = posixpath.dirname(row.path)
        parent = posixpath.dirname(skill_dir)
        rest = row.path[len(parent) + 1 :] if parent else row.path
        cells = [row.cells[r] for r in runtimes]
        sig = ("".join(_CHAR[c.status] for c in cells), tuple(" ".join(c.codes) for c in cells))
        name = "" if row.name == rest.split("/", 1)[0] else row.name
        rows.append([escape(name), dirs.setdefault(escape(parent), len(dirs)), escape(rest),
                     sources.setdefault(escape(source), len(sources)), sigs.setdefault(sig, len(sigs))])
    return {"runtimes": runtimes, "page": PAGE_ROWS, "dirs": list(dirs), "sources": list(sources),
            "sigs": [[status, list(codes)] for status, codes in sigs], "rows": rows}


def _static_rows(report: Report) -> str:
    """The first page of the per-skill table, for a reader without JavaScript (the script redraws it)."""
    runtimes = [s.id for s in report.runtimes]
    lines = []
    for row, source in list(zip(report.rows, report.row_sources, strict=True))[:PAGE_ROWS]:
        cells = "".join(f'<td class="s-{_CHAR[row.cells[r].status]}" title="{_e(r)}: {row.cells[r].status}">'
                        f"{_LETTER[row.cells[r].status]}</td>" for r in runtimes)
        lines.append(f'<tr><td class="p">{_e(row.name)}<small>{_e(row.path)}</small></td><td>{_e(source)}</td>'
                     f"{cells}</tr>")
    return "".join(lines)


def _island(data: dict[str, Any]) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def render_html(report: Report) -> str:
    total = report.skills
    runtimes = [s.id for s in report.runtimes]
    paths = ", ".join(f"<code>{_e(p)}</code>" for p in report.paths)
    options = "".join(f'<option value="{i}">{_e(r)}</option>' for i, r in enumerate(runtimes))
    heads = "".join(f'<th class="r" title="{_e(r)}"><span>{_e(r)}</span></th>' for r in runtimes)
    faults = (f'<p class="note">skilllint could not read {max(report.faults, report.coverage_failed):,} '
              "file(s) (SL000): they count as failing.</p>" if report.faults or report.coverage_failed else "")
    csp = ("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; "
           "connect-src 'none'; form-action 'none'; base-uri 'none'")
    return "".join([
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">",
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">',
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        f"<title>skilllint report: {total:,} skills, {len(runtimes)} runtimes</title>",
        f"<script>{_GUARD}</script><style>{_STYLE}</style></head><body>",
        f"<h1>Which of {total:,} skills run on which runtime</h1>",
        f'<p class="sub">skilllint {_e(__version__)} report over {paths}: {total:,} skills, {len(runtimes)} '
        "runtimes. A skill <b>runs as written</b> on a runtime when <code>skilllint check --target</code> reports "
        "no error there (<code>skilllint matrix</code>'s cells); its tool names <b>resolve</b> when every one "
        "reaches the model (<code>skilllint coverage</code>).</p>",
        faults,
        '<nav><a href="#overview">Runtimes</a><a href="#gaps">Missing names and aliases</a>'
        '<a href="#codes-section">Why skills fail</a><a href="#sources-section">By source</a>'
        '<a href="#skills-section">Every skill</a></nav>',
        '<h2 id="overview">Which skills run on each runtime</h2>',
        '<p class="legend"><i style="background:var(--ok)"></i>ok<i style="background:var(--warn)"></i>with '
        'warnings<i style="background:var(--fail)"></i>fail</p>',
        _runtime_chart(report),
        _summary_table(report),
        '<h2 id="gaps">What each runtime lacks, and the aliases that close it</h2>',
        *(_runtime_section(s, total) for s in report.runtimes),
        '<h2 id="codes-section">The findings that fail skills</h2>',
        '<p class="note">Skills failing on each runtime by error code (a skill failing on two codes counts for '
        "both).</p>",
        _codes_table(report) if report.codes else '<p>No skill fails anywhere.</p>',
        '<h2 id="sources-section">By source</h2>',
        _sources_table(report),
        '<section id="skills-section"><h2>Every skill</h2>',
        '<div class="controls"><input id="q" type="search" placeholder="Search name, path, source" '
        'aria-label="Search skills"><label>runtime <select id="rt"><option value="">any</option>'
        f'{options}</select></label><label>status <select id="st"><option value="">any</option>'
        '<option value="o">ok</option><option value="w">warnings</option><option value="f">fail</option>'
        '</select></label><button id="byfails" type="button">most failing first</button></div>',
        '<div class="pager controls"><button id="prev" type="button">\u2190 previous</button>'
        '<span id="info"></span><button id="next" type="button">next \u2192</button></div>',
        f'<div class="wide"><table id="skills"><thead><tr><th>skill</th><th>source</th>{heads}</tr></thead>',
        f"<tbody>{_static_rows(report)}</tbody></table></div>",
        f'<noscript><p class="note">The first {min(PAGE_ROWS, total):,} of {total:,} skills; the search, filters and '
        "pages need JavaScript.</p></noscript></section>",
        f'<script type="application/json" id="report-data">{_island(_table_data(report))}</script>',
        f"<script>{_SCRIPT}</script></body></html>\n",
    ])
