"""SL607's fast test must let through every format it looks for: a key its patterns match but the
fast test skips would be a silent miss (one was: `github_pat_` does not start with `gh`)."""

from __future__ import annotations

import random
import re
import string

from hypothesis import given, settings
from hypothesis import strategies as st

from skilllint.checks.sl607_hard_coded_secret import FORMATS, _maybe

_rng = random.Random(1)


def _r(length: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(_rng.choice(alphabet) for _ in range(length))


SAMPLES = {
    "a GitHub token": ["ghp_" + _r(36), "gho_" + _r(36), "ghu_" + _r(36), "ghs_" + _r(36), "ghr_" + _r(36)],
    "a GitHub fine-grained token": ["github_pat_" + _r(22) + "_" + _r(59)],
    "a GitLab token": ["glpat-" + _r(20)],
    "a Slack token": [f"xox{kind}-1234567890-{_r(24)}" for kind in "abposr"],
    "a Slack webhook": ["https://hooks.slack.com/services/T" + _r(9, string.ascii_uppercase) + "/B"
                        + _r(9, string.ascii_uppercase) + "/" + _r(24)],
    "an AWS access key id": ["AKIA" + _r(16, string.ascii_uppercase), "ASIA" + _r(16, string.ascii_uppercase)],
    "an OpenAI key": ["sk-" + _r(24) + "T3BlbkFJ" + _r(24), "sk-svcacct-" + _r(24) + "T3BlbkFJ" + _r(24)],
    "an OpenAI project key": ["sk-proj-" + _r(90)],
    "an Anthropic key": ["sk-ant-api03-" + _r(90)],
    "a Google API key": ["AIza" + _r(35)],
    "a Stripe live key": ["sk_live_" + _r(24), "rk_live_" + _r(24)],
    "a private key": ["-----BEGIN OPENSSH PRIVATE KEY-----"],
}


def test_every_format_has_samples() -> None:
    assert set(SAMPLES) == {what for what, _ in FORMATS}


def test_fast_test_passes_every_format() -> None:
    patterns = dict(FORMATS)
    for what, samples in SAMPLES.items():
        for sample in samples:
            assert patterns[what].search(sample), (what, sample)
            assert _maybe(f"prose before {sample} and after"), (what, sample)


def test_shapes_are_placeholders_and_random_keys_are_not() -> None:
    """Documentation writes a key's shape (`ghp_ABCDEFGH...`, `AIzaSyA1B2C3...`, repeated characters):
    not a secret. A random key is, even when a placeholder word appears in it in mixed case."""
    import random
    import string

    from skilllint.checks.sl607_hard_coded_secret import _placeholder

    for shape in ("ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", "AIzaSyA1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q",
                  "glpat-abcabcabcabcabcabcab", "ghp_1234567890123456789012345678901234567"):
        assert _placeholder(shape, False), shape
    assert not _placeholder("ghp_BlDbwHyouR5ZPfX3mpNufcPlDdRe7JzYVNAt", False)  # `youR` by chance
    assert not _placeholder("ghp_SGfHzlAFakE31bbEBvBKUsUga6jaUZ6nsHZK", False)  # `FakE` by chance
    alphabet = string.ascii_letters + string.digits
    rng = random.Random(607)
    keys = ["ghp_" + "".join(rng.choice(alphabet) for _ in range(36)) for _ in range(5000)]
    assert sum(_placeholder(key, False) for key in keys) <= 1


def test_sk_dash_counts_only_where_a_word_starts() -> None:
    """`task-`, `risk-`, `disk-` hold `sk-` in most skills; the formats start `\\bsk-`, so those texts skip
    the whole-text search. A key at the text's start, after punctuation or after a non-ASCII character
    (where `\\b` may hold) is still let through."""
    key = SAMPLES["an Anthropic key"][0]
    for text in (key, f"({key})", f"KEY={key}", f"é{key}", f"“{key}”", f"a task-list then {key}"):
        assert _maybe(text), text
    for text in ("a task-list", "risk-based and disk-bound", "ask-user", "_sk-x", "9sk-x"):
        assert not _maybe(text), text


def test_fast_test_never_skips_what_the_search_finds() -> None:
    """Random texts built around `sk-` keys: wherever the patterns find a key, the fast test said maybe."""
    from skilllint.checks.sl607_hard_coded_secret import _ANY

    rng = random.Random(30)
    pieces = ["sk-", "task-", "é", "_", " ", "(", "a", "9", "-", SAMPLES["an OpenAI project key"][0][3:],
              SAMPLES["an Anthropic key"][0][3:]]
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 8)))
        if _ANY.search(text):
            assert _maybe(text), text


def _scans(text: str) -> bool:
    """The pre-test as it was before RE2 ran it in one pass: a literal scan each, two prefix groups,
    `sk-` where a word starts (any byte that is not an ASCII letter, digit or `_` before it)."""
    data = text.encode("utf-8", "surrogatepass")
    if any(literal in data for literal in (b"xox", b"k_live_", b"glpat-", b"github_pat_", b"hooks.slack.com",
                                           b"PRIVATE KEY")):
        return True
    if re.search(rb"gh[pousr]_|A(?:[KS]IA|Iza)", data):
        return True
    return re.search(rb"(?:^|[^A-Za-z0-9_])sk-", data) is not None


PIECES = ["sk-", "a", "_", "-", " ", "\udc80", "é", "ñsk-", "\n", "xox", "ghp_", "ghr_", "AKIA", "ASIA", "AIza", "k",
          "s", "\x00", "PRIVATE KEY", "9", "k_live_", "glpat-", "github_pat_", "hooks.slack.com", "Z", "github_pa"]


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=8))
def test_the_one_pass_pre_test_answers_as_the_scans_did(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert _maybe(text) == _scans(text), text
