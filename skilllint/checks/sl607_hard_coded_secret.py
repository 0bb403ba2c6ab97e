"""SL607 hard-coded-secret: a credential written into a skill.

A skill is shared, copied into other repositories and read by a model that may repeat it: a key
in it is a published key. Only formats that identify themselves are matched (a provider's
prefix and length, a private key block), so a finding is a key, not a guess from entropy:
GitHub (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`, `github_pat_`), GitLab (`glpat-`), Slack (`xoxb-`,
`xoxp-`, ..., webhook URLs), AWS access key ids (`AKIA`, `ASIA`), OpenAI (`sk-...T3BlbkFJ...`,
`sk-proj-`), Anthropic (`sk-ant-api03-`), Google API keys (`AIza`), Stripe live keys, private key
blocks. Placeholders are not keys: a value with `x`, `*`, `.`, `<`, `{` or `$` runs where the key's
random part should be (`ghp_xxxx...`, `ghp_<token>`, `${GITHUB_TOKEN}`), an all-one-character
or `EXAMPLE` value (AWS's documented `AKIAIOSFODNN7EXAMPLE`). The finding shows the key masked.
Every text file the skill bundles (`references/`, `scripts/`) is read too: a key in a reference is
as published as one in SKILL.md. A literal every format holds is looked for first (`_maybe`), so a
file with none costs a few C-level scans.

Why not a library: detect-secrets and its peers add entropy and keyword detectors that flag
hashes, UUIDs and sample data in documentation, which skills are full of; the prefixed formats
they share with this list are a dozen regular expressions, kept here with their providers' names.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator

from skilllint.checks._hidden import byte_search, encoded, every_text, file_lines
from skilllint.checks.rule import FileContext, Finding, SkillContext, SkillRule
from skilllint.core import lazyre
from skilllint.core.model import Severity, Span
from skilllint.core.readfacts import Location
from skilllint.reading.document import DOCUMENT_KINDS
from skilllint.reading.jsonfile import ALL_KINDS

FORMATS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("a GitHub token", lazyre.compile(r"\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}\b")),
    ("a GitHub fine-grained token", lazyre.compile(r"\bgithub_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}\b")),
    ("a GitLab token", lazyre.compile(r"\bglpat-[A-Za-z0-9_-]{20}\b")),
    ("a Slack token", lazyre.compile(r"\bxox[abposr]-(?:[0-9]{10,13}-){1,2}[A-Za-z0-9-]{20,}\b")),
    ("a Slack webhook", lazyre.compile(r"https://hooks\.slack\.com/services/T[A-Z0-9]{8,}/B[A-Z0-9]{8,}/[A-Za-z0-9]{24}")),
    ("an AWS access key id", lazyre.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b")),
    ("an OpenAI key", lazyre.compile(r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}\b")),
    ("an OpenAI project key", lazyre.compile(r"\bsk-proj-[A-Za-z0-9_-]{80,}\b")),
    ("an Anthropic key", lazyre.compile(r"\bsk-ant-(?:api|admin)\d{2}-[A-Za-z0-9_-]{80,}\b")),
    ("a Google API key", lazyre.compile(r"\bAIza[0-9A-Za-z_-]{35}\b")),
    ("a Stripe live key", lazyre.compile(r"\b[rs]k_live_[0-9a-zA-Z]{24,}\b")),
    ("a private key",
     lazyre.compile(r"-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----")),
)
_ANY = lazyre.compile("|".join(f"(?:{pattern.pattern})" for _, pattern in FORMATS))
_PREFILTER = (rb"xox|k_live_|glpat-|github_pat_|hooks\.slack\.com|PRIVATE KEY|gh[pousr]_|A(?:[KS]IA|Iza)"
              rb"|(?:^|[^A-Za-z0-9_])sk-")
"""What every format starts with (or holds), one alternative each, searched in one pass by RE2 over
the text's bytes (Latin-1 mode: a byte is a character, so a non-ASCII byte before `sk-` counts as a
word start, as `\\bsk-` needs: `sk-` alone matched `task-`, `risk-`, `disk-` in most skills and sent
them to the whole-text search). Python's `re` has no multi-literal scan, so this was 9 `in` tests
and searches, 2.8x the time of RE2's one pass on the corpus's texts; a text with no key, nearly
every text, costs that pass only."""


def _maybe(text: str) -> bool:
    return byte_search(_PREFILTER)(encoded(text)) is not None


_WORDS = ("example", "sample", "dummy", "fake", "placeholder", "your_", "your-", "redacted", "replace", "changeme",
          "tokenhere", "token_here", "keyhere", "key_here", "secrethere", "testkey", "test_key")
_PLACEHOLDER = lazyre.compile(
    r"x{4,}|X{4,}|\*{3,}|\.{3,}|<|\{|\$|0{8,}|"
    + "|".join(re.escape(form) for word in _WORDS for form in dict.fromkeys((word, word.upper(), word.capitalize()))))
"""Placeholder words in one case each (`example`, `EXAMPLE`, `Example`): a random key holds `FaKe` or
`youR` about once in 10,000, and a real key was let through as a placeholder then."""


def _placeholder(secret: str, private_key: bool) -> bool:
    if private_key:
        return False  # a BEGIN line is followed by the key, checked below by its body
    body = secret.split("_", 1)[-1] if "_" in secret[:12] else secret
    return bool(_PLACEHOLDER.search(secret)) or len(set(body)) <= 3 or _patterned(body)


def _patterned(body: str) -> bool:
    """Whether the key's characters follow a pattern no random key has: half or more of them equal,
    or one more than, the character 1-4 places before (`ABCDEFGH...`, `0123456789`, `A1B2C3D4...`,
    `abcabcabc`). In a random base-62 key each such step has a chance of 1 in 31; documentation
    writes these to show a key's shape."""
    size = len(body)
    codes = [ord(char) for char in body]
    for stride in (1, 2, 3, 4):
        steps = size - stride
        if steps < 8:
            break
        hits = sum(1 for i in range(steps) if codes[i + stride] - codes[i] in (0, 1))
        if 2 * hits >= steps:
            return True
    return False


def _key_body_follows(lines: list[str], number: int) -> bool:
    """A PEM block with a real body (base64 lines), not `-----BEGIN PRIVATE KEY-----\\n...`."""
    following = lines[number:number + 3]
    return any(re.fullmatch(r"[A-Za-z0-9+/=]{40,}", line.strip()) for line in following)


def mask(secret: str) -> str:
    if secret.startswith("-----BEGIN"):
        return secret
    keep = 4 if len(secret) >= 16 else 2
    return secret[:keep] + "..." + secret[-keep:]


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    from skilllint.checks._bundled import bundled_texts

    texts = {bundled.path: bundled for bundled in bundled_texts(doc)}
    split: dict[str, list[str]] = {doc.path: doc.lines if doc.text is not None else []}
    sources = {source.path: source.text for source in doc.sources[1:]}
    for path, number, line, _ in every_text(doc, _ANY, _maybe):
        if path not in split:
            split[path] = texts[path].lines() if path in texts else sources.get(path, "").split("\n")
        yield from _line(path, number, line, split[path], "skill")


def check_file(ctx: FileContext) -> Iterator[Finding]:
    """The same in a project's JSON files: a token in `.mcp.json`'s `env`, a settings file's `env`."""
    file = ctx.file
    lines: list[str] = []
    for number, line in file_lines(file, _ANY, _maybe):
        lines = lines or (file.text or "").split("\n")
        yield from _line(file.path, number, line, lines, "file")


def _line(path: str, number: int, line: str, lines: list[str], what_file: str) -> Iterator[Finding]:
    # one finding per secret, though two formats may match it: the spans taken so far, sorted and
    # apart, so one bisection answers whether a match overlaps one (a 1 MB line of 25,000 tokens
    # took quadratic time when each match was compared with every one before it)
    starts: list[int] = []
    ends: list[int] = []
    for what, pattern in FORMATS:
        for match in pattern.finditer(line):
            start, end = match.span()
            i = bisect_left(starts, end)  # the spans before i start before this one ends
            if i and ends[i - 1] > start:
                continue
            starts.insert(i, start)
            ends.insert(i, end)
            secret = match.group()
            private_key = what == "a private key"
            if _placeholder(secret, private_key) or (private_key and not _key_body_follows(lines, number)):
                continue
            yield Finding(Location(path, Span(number, match.start() + 1, number, match.end() + 1)),
                          f"{what} is written here (`{mask(secret)}`): anyone who reads the {what_file} can use it",
                          "revoke it now, then read it from an environment variable or a secret store; "
                          "removing it from the file does not remove it from the history")


RULE = SkillRule(
    code="SL607",
    name="hard-coded-secret",
    summary="A credential in a recognisable format (GitHub, GitLab, Slack, AWS, OpenAI, Anthropic, private key)",
    severity=Severity.ERROR,
    check=check,
    documents=DOCUMENT_KINDS,
    files=ALL_KINDS,
    file_check=check_file,
)
