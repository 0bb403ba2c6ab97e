"""Measure the shape of a corpus of skills: the numbers bench/generate.py is tuned to.

Why: the synthetic corpus is only a fair benchmark while it looks like real skills.  Run this on the
real corpus and on a generated one and compare the two columns of numbers; it prints statistics
only, never text from the skills.

Usage: ``python bench/shape.py CORPUS_DIR``
"""

from __future__ import annotations

import re
import statistics
import sys
from collections import Counter
from pathlib import Path

import yaml

FRONTMATTER = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)(.*)\Z", re.S)
HEADING = re.compile(r"^(#{1,6})\s")
INLINE = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
LINK = re.compile(r"\]\(([^)\s]+)\)")
BUNDLED = re.compile(r"\b((?:references|scripts)/[\w./-]+\.(?:md|py|sh|js|ts))")


def pct(values: list[int], p: float) -> int:
    """The p-th quantile by rank: enough for a shape summary, no interpolation needed."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def line(label: str, values: list[int]) -> str:
    """Median, 90th and 99th percentiles and maximum of one measure."""
    if not values:
        return f"{label:<24} (none)"
    return (
        f"{label:<24} median {statistics.median(values):>7.0f}  p90 {pct(values, 0.9):>7}  "
        f"p99 {pct(values, 0.99):>7}  max {max(values):>7}"
    )


def allowed_tools_form(value: object) -> str:
    """Classify an ``allowed-tools`` value the way the generator produces them."""
    if isinstance(value, list):
        form = "list"
    elif isinstance(value, str):
        form = "comma string" if "," in value else ("space string" if " " in value.strip() else "one word")
    else:
        form = type(value).__name__
    return form + (" with Bash(...) patterns" if "(" in str(value) else "")


def main(argv: list[str]) -> int:
    """Walk the corpus and print its shape."""
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    files = sorted(Path(argv[0]).rglob("SKILL.md"))
    keys: Counter[str] = Counter()
    forms: Counter[str] = Counter()
    broken: Counter[str] = Counter()
    fences_lang: Counter[str] = Counter()
    measures: dict[str, list[int]] = {
        k: []
        for k in (
            "description chars",
            "name chars",
            "body lines",
            "body bytes",
            "headings",
            "code fences",
            "inline code spans",
            "relative links",
            "bundled-file mentions",
        )
    }
    mentioned = missing = 0
    for path in files:
        text = path.read_text("utf-8", errors="replace")
        match = FRONTMATTER.match(text)
        body = match.group(2) if match else text
        meta: object = None
        if not match:
            broken["no frontmatter"] += 1
        else:
            try:
                meta = yaml.safe_load(match.group(1))
            except yaml.YAMLError:
                broken["invalid YAML"] += 1
        if isinstance(meta, dict):
            keys.update(str(k) for k in meta)
            name, desc = meta.get("name"), meta.get("description")
            if name is None:
                broken["no name"] += 1
            else:
                measures["name chars"].append(len(str(name)))
                if str(name) != str(name).lower():
                    broken["uppercase name"] += 1
                if str(name) != path.parent.name:
                    broken["name differs from folder"] += 1
            if isinstance(desc, str):
                measures["description chars"].append(len(desc))
                if len(desc) > 1024:
                    broken["description > 1024"] += 1
            if "allowed-tools" in meta:
                forms[allowed_tools_form(meta["allowed-tools"])] += 1
        lines = body.splitlines()
        headings = fences = 0
        in_fence = False
        for raw in lines:
            stripped = raw.lstrip()
            if stripped.startswith(("```", "~~~")):
                if not in_fence:
                    fences += 1
                    fences_lang[stripped[3:].strip() or "(none)"] += 1
                in_fence = not in_fence
            elif not in_fence and HEADING.match(raw):
                headings += 1
        links = [t for t in LINK.findall(body) if not t.startswith(("http:", "https:", "#", "mailto:"))]
        bundled = BUNDLED.findall(body)
        mentioned += len(bundled)
        missing += sum(1 for b in bundled if not (path.parent / b).exists())
        for key, value in (
            ("body lines", len(lines)),
            ("body bytes", len(body.encode())),
            ("headings", headings),
            ("code fences", fences),
            ("inline code spans", len(INLINE.findall(body))),
            ("relative links", len(links)),
            ("bundled-file mentions", len(bundled)),
        ):
            measures[key].append(value)
    n = len(files)
    print(f"{n} SKILL.md files under {argv[0]}")
    for label, values in measures.items():
        print(line(label, values))
    print("frontmatter keys (share of skills): " + ", ".join(f"{k} {v / n:.0%}" for k, v in keys.most_common(16)))
    print("allowed-tools forms: " + ", ".join(f"{k} {v}" for k, v in forms.most_common()))
    print(
        "code fence languages: "
        + ", ".join(f"{k} {v / max(1, sum(fences_lang.values())):.0%}" for k, v in fences_lang.most_common(8))
    )
    print(f"references/ and scripts/ mentions: {mentioned}, of which the file is missing: {missing}")
    print("broken: " + (", ".join(f"{k} {v}" for k, v in broken.most_common()) or "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
