"""How a runtime that reads frontmatter line by line sees it (`yaml_parser: line`).

SISU does not parse frontmatter as YAML: `parseSimpleYaml` in finger-gun/sisu
packages/middleware/skills/src/parser.ts (read 2026-11) takes each line, splits it at the first
colon, strips one pair of matching quotes, reads `[a, b]` and `- item` lines as lists, and
skips every other line. A value YAML spreads over several lines reaches SISU as its first line
only: `description: |` is the description `|`. This module is that reader, line for line, so a
rule can compare what YAML reads with what the runtime reads.
"""

from __future__ import annotations


def read_frontmatter(text: str) -> dict[str, str | list[str]]:
    """The keys and values SISU's line reader takes from frontmatter `text` (between the fences)."""
    found: dict[str, str | list[str]] = {}
    current_key: str | None = None
    current_list: list[str] = []
    for raw in text.replace("\r\n", "\n").split("\n"):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("-") and current_key:
            current_list.append(line[1:].lstrip())
            continue
        if current_key and current_list:
            found[current_key] = current_list
            current_list, current_key = [], None
        colon = raw.find(":")
        if colon < 0:
            continue
        key, value = raw[:colon].strip(), raw[colon + 1:].strip()
        if not value:
            current_key, current_list = key, []
            continue
        if value.startswith("[") and value.endswith("]"):
            found[key] = [item.strip() for item in value[1:-1].split(",") if item.strip()]
            continue
        if value[0] in "\"'" and value.endswith(value[0]):
            value = value[1:-1]  # as `value.slice(1, -1)`: a lone `"` becomes empty
        found[key] = value
    if current_key and current_list:
        found[current_key] = current_list
    return found
