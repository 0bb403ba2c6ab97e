"""Did you mean: the one helper every "unknown X" message uses to name the closest spelling.

rapidfuzz is imported on the first suggestion, not at start-up: a clean run never pays for
it. Two scorers, because the two kinds of words differ: `ratio` (edit similarity) for a
misspelt key or tool name of about the right length (`descripton` -> `description`), and
`weighted` (rapidfuzz's WRatio, which also scores a word found inside a longer one) for
identifiers users abbreviate or half-remember (`claude` -> `claude-code`, `SL2000` -> `SL200`).
Each caller passes its own cutoff: how sure a suggestion must be depends on what it names.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

Scorer = Literal["ratio", "weighted"]


def closest(word: str, choices: Iterable[str], *, cutoff: float, scorer: Scorer = "weighted") -> str | None:
    """The choice most like `word` scoring at least `cutoff` (0-100), else None."""
    from rapidfuzz import fuzz, process

    pool = list(choices)
    if not pool:
        return None
    match = process.extractOne(word, pool, scorer=fuzz.ratio if scorer == "ratio" else fuzz.WRatio,
                               score_cutoff=cutoff)
    return None if match is None else str(match[0])


def close_matches(word: str, choices: Iterable[str], *, cutoff: float, scorer: Scorer = "ratio") -> list[str]:
    """Every choice scoring at least `cutoff`, best first: a fix renames only when there is one."""
    from rapidfuzz import fuzz, process

    found = process.extract(word, list(choices), scorer=fuzz.ratio if scorer == "ratio" else fuzz.WRatio,
                            score_cutoff=cutoff, limit=None)
    return [str(match[0]) for match in found]


def is_close_to_any(word: str, choices: Iterable[str], *, cutoff: float) -> bool:
    """Whether some choice scores at least `cutoff` by edit similarity."""
    return closest(word, choices, cutoff=cutoff, scorer="ratio") is not None
