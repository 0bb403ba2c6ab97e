"""Generate a synthetic corpus of agent skills shaped like real public ones.

Why synthetic: the benchmark needs thousands of skills (the real corpus in shared/ has 431 and its
text is not ours to copy into the repository), and it must be the same corpus on every machine for a
given seed, so that timings from different runs compare.  Every word here comes from small
vocabularies written for this file; only the *shape* is taken from the real skills.

The shape constants below were measured on the 431 real SKILL.md files in /work/shared/corpus (see
bench/README.md for the table).  Where the real distribution is long-tailed (body size, description
length) a log-normal is fitted to its median and 90th percentile.

Layout: ``OUTDIR/<group>/<skill-dir>/SKILL.md`` with groups of about 50 skills (like repositories),
plus ``references/*.md``, ``scripts/*.py|sh``, ``assets/`` and ``LICENSE.txt`` in some skills.  Some
referenced files are deliberately left missing, and about 4% of skills are broken on purpose (bad
YAML, no frontmatter, no name, uppercase name, name/directory mismatch, too-long description), so
that a linter does real work on the error paths too.

Usage: ``python bench/generate.py OUTDIR [--count N] [--seed S]``
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

# --------------------------------------------------------------------------------------------------
# Measured shape of the real corpus (431 SKILL.md files).  Keep in sync with bench/README.md.
# --------------------------------------------------------------------------------------------------
BODY_LINES_MEDIAN, BODY_LINES_P90, BODY_LINES_MAX = 213, 715, 2600
DESC_LEN_MEDIAN, DESC_LEN_P90, DESC_LEN_MAX = 278, 538, 980  # real max 1929; >1024 is a "broken" kind
REF_LINES_MEDIAN, REF_LINES_P90 = 300, 650  # references/*.md in the real corpus: 357 / 663
GROUP_SIZE_MEAN = 50
BROKEN_SHARE = 0.04  # real corpus: ~14% broken; kept low so that the common path dominates the timing
SHARE_LICENSE_GROUPS = 0.48  # license key present in 191/400 parsed frontmatters
SHARE_METADATA_GROUPS = 0.45  # metadata map in 178/400
SHARE_ALLOWED_TOOLS_GROUPS = 0.28  # allowed-tools in 114/400
SHARE_WITH_REFERENCES = 0.35  # references/ in 152/431 skills, median 4 files
SHARE_WITH_SCRIPTS = 0.21  # scripts/ in 89/431 skills, median 2 files
SHARE_WITH_ASSETS = 0.07
SHARE_REF_MISSING = 0.05  # references/... mentions whose file is absent: 56/1264
SHARE_SCRIPT_MISSING = 0.15  # scripts/... mentions whose file is absent: 202/714 (many repo-relative)
SHARE_CJK_GROUPS = 0.05  # 23/431 skills are translations with CJK text
SHARE_NON_ASCII = 0.75  # 323/431 contain some non-ASCII (dashes, arrows, check marks)
SHARE_CRLF = 0.003  # 1/431
SHARE_TOOL_MENTIONS = 0.30  # skills that name agent tools in inline code (`Read`, `read_file`, ...)

# Broken kinds and their relative weights (bad YAML is the commonest real failure).
BROKEN_KINDS: dict[str, int] = {
    "bad-yaml": 3,
    "no-frontmatter": 1,
    "missing-name": 2,
    "uppercase-name": 1,
    "name-dir-mismatch": 2,
    "long-description": 1,
}

# --------------------------------------------------------------------------------------------------
# Vocabularies (written for this generator).
# --------------------------------------------------------------------------------------------------


def words(text: str) -> tuple[str, ...]:
    """Split a run of words into a tuple: keeps the vocabularies short to read and to edit."""
    return tuple(text.split())


TOPICS = words(
    "pdf docx xlsx pptx csv json yaml toml sql postgres sqlite redis kafka docker kubernetes helm "
    "terraform ansible cloud lambda bucket git github gitlab ci release changelog semver lint format test "
    "pytest jest vitest playwright browser api rest graphql grpc openapi webhook auth oauth jwt secrets "
    "security audit review refactor migration schema protein genome rna single-cell microscopy spectra "
    "chemistry molecule docking statistics regression forecasting timeseries anomaly clustering plotting "
    "chart dashboard notebook dataframe arrays tensor training inference embedding vector search "
    "retrieval prompt agent mcp chat email calendar wiki tickets kanban design frontend react svelte vue "
    "tailwind css accessibility i18n seo analytics logging tracing metrics incident oncall runbook backup "
    "deploy canary rollback cost invoice contract compliance onboarding interview resume blog newsletter "
    "translation summary meeting notes diagram mermaid latex paper citation bibliography dataset scraping "
    "crawler ocr image video audio transcription podcast map geospatial weather finance portfolio budget "
    "spreadsheet slides brand theme typography icons animation canvas shader game physics robotics sensor "
    "firmware embedded serial"
)
SUFFIXES = words(
    "helper builder guide workflow toolkit analyzer generator review expert patterns best-practices "
    "automation validator manager assistant writer explorer debugger checker planner skill tools pro "
    "integration ops"
)
VERBS = words(
    "analyze build check clean compare configure convert create debug deploy design document draft "
    "extract fetch filter fix format generate import inspect install list load merge migrate monitor "
    "normalize optimize parse plan profile publish query read refactor render repair report resolve "
    "review run scan scaffold search sort split summarize sync test trace transform update upload "
    "validate verify visualize write"
)
NOUNS = words(
    "file folder record table report chart query schema config manifest template pipeline workflow job "
    "task step request response payload token session cache index model dataset sample batch metric log "
    "trace alert event message thread comment ticket branch commit tag release build artifact image "
    "container service endpoint route handler component page layout style asset font icon document "
    "section heading paragraph citation figure equation result summary draft outline checklist dependency "
    "package module function class method argument option flag variable environment secret credential "
    "permission policy rule finding warning error"
)
ADJECTIVES = words(
    "small large new existing local remote shared private public stale current previous next primary "
    "secondary optional required default custom generated cached sorted filtered validated broken missing "
    "empty nested flat structured raw clean complete partial stable experimental"
)
LIBS = words(
    "pandas polars numpy scipy matplotlib plotly seaborn requests httpx pydantic fastapi flask django "
    "sqlalchemy pytest ruff black mypy click typer rich jinja2 pillow opencv scikit-learn torch "
    "transformers biopython rdkit pymupdf openpyxl python-docx reportlab boto3 kubectl helm terraform "
    "docker gh jq ripgrep ffmpeg pandoc node npm pnpm bun deno vite esbuild prettier eslint zod"
)
CONDITIONS = (
    "the input is large",
    "the user asks for speed",
    "the schema is unknown",
    "the repository has no tests",
    "a previous run failed",
    "the output must be reproducible",
    "network access is limited",
    "the file is already open",
    "several files change at once",
    "the data contains personal information",
)
GERUNDS = words(
    "changing editing deleting publishing merging uploading renaming running sending committing releasing formatting"
)

# Tool names as different agent runtimes spell them: the linter checks these, so bodies mention them.
TOOLS_CLAUDE = (
    "Read",
    "Write",
    "Edit",
    "MultiEdit",
    "Bash",
    "Grep",
    "Glob",
    "WebFetch",
    "WebSearch",
    "Task",
    "TodoWrite",
    "NotebookEdit",
    "AskUserQuestion",
    "Skill",
)
TOOLS_GEMINI = (
    "read_file",
    "write_file",
    "replace",
    "run_shell_command",
    "glob",
    "search_file_content",
    "web_fetch",
    "google_web_search",
    "list_directory",
    "read_many_files",
)
TOOLS_CODEX = ("shell", "apply_patch", "update_plan", "view_image")
TOOLS_CLINE = (
    "read_file",
    "write_to_file",
    "replace_in_file",
    "execute_command",
    "list_files",
    "search_files",
    "ask_followup_question",
    "attempt_completion",
)
TOOLS_LOWER = ("bash", "grep", "read", "write", "edit", "python")
TOOL_FAMILIES = (
    TOOLS_CLAUDE,
    TOOLS_CLAUDE,
    TOOLS_CLAUDE,
    TOOLS_GEMINI,
    TOOLS_CODEX,
    TOOLS_CLINE,
    TOOLS_LOWER,
)

# allowed-tools: the forms seen in the real corpus and how often (of 114 skills that have the key).
ALLOWED_TOOLS_FORMS: dict[str, int] = {
    "block-list": 45,
    "flow-list": 13,
    "space": 28,
    "comma": 7,
    "comma-pattern": 21,
}
BASH_PATTERNS = (
    "Bash(git:*)",
    "Bash(git status:*)",
    "Bash(git diff:*)",
    "Bash(npm install *)",
    "Bash(npm run test:*)",
    "Bash(gh issue view *)",
    "Bash(gh pr list *)",
    "Bash(node *lookup.bundle.js *)",
    "Bash(python3 *)",
    "Bash(uv run *)",
    "Bash(pytest:*)",
    "Bash(make *)",
    "Bash(docker compose *)",
    "Bash(kubectl get *)",
)
LICENSES = (
    "MIT",
    "MIT",
    "MIT license",
    "MIT license",
    "MIT License",
    "Apache-2.0",
    "Apache-2.0 license",
    "BSD-3-Clause license",
    "Unknown",
    "Complete terms in LICENSE.txt",
    "Proprietary. LICENSE.txt has complete terms",
    "GPL-3.0 license",
    "CC-BY-4.0",
)
FENCE_LANGS: dict[str, int] = {
    "bash": 40,
    "python": 31,
    "": 14,
    "markdown": 4,
    "json": 3,
    "typescript": 2,
    "yaml": 2,
    "sh": 1,
    "javascript": 1,
    "sql": 1,
    "mermaid": 1,
}
ARGUMENT_HINTS = (
    "<file>",
    "<file-or-pattern>",
    "[issue-number]",
    "<topic> [--dry-run]",
    "<required-arg> [opt]",
)
NON_ASCII = (
    "\u2014",
    "\u2192",
    "\u2713",
    "\u2705",
    "\u2026",
    "\u201cquoted\u201d",
    "\u00b1",
    "\u2264",
    "\u26a0\ufe0f",
    "r\u00e9sum\u00e9",
)
CJK = (
    "\u4f7f\u7528",
    "\u6280\u80fd",
    "\u6587\u4ef6",
    "\u68c0\u67e5",
    "\u914d\u7f6e",
    "\u6570\u636e",
    "\u5206\u6790",
    "\u751f\u6210",
    "\u9a8c\u8bc1",
    "\u6d4b\u8bd5",
    "\u3059\u308b",
    "\u306e",
    "\u3092\u78ba\u8a8d",
    "\u5b9f\u884c",
    "\u8a2d\u5b9a",
    "\u3002",
    "\uff0c",
)
OWNERS = (
    "acme",
    "northwind",
    "contoso",
    "globex",
    "initech",
    "umbrella",
    "hooli",
    "vandelay",
    "wayne",
    "stark",
    "tyrell",
    "cyberdyne",
    "soylent",
    "wonka",
    "oscorp",
    "aperture",
    "blackmesa",
    "piedpiper",
    "dunder",
    "gringotts",
    "monarch",
    "sirius",
    "nakatomi",
    "oceanic",
)
REPOS = (
    "skills",
    "agent-skills",
    "claude-skills",
    "plugins",
    "toolkit",
    "ai-workflows",
    "copilot-skills",
    "dev-skills",
    "science-skills",
    "ops-skills",
    "skill-pack",
    "prompts",
    "agents",
)


@dataclass
class GroupProfile:
    """Conventions shared by one group, because real repositories write all their skills alike."""

    name: str
    license: str | None
    metadata_style: str | None
    allowed_tools_share: float
    allowed_tools_form: str
    desc_style: str
    name_prefix: str
    cjk: bool
    extras_share: float
    version_share: float
    tool_family: tuple[str, ...]
    links_share: float


@dataclass
class SkillPlan:
    """What one skill will contain, decided before any text is written."""

    group: GroupProfile
    dir_name: str
    name: str
    broken: str | None
    refs: list[tuple[str, bool]] = field(default_factory=list)  # (relative path, exists)
    scripts: list[tuple[str, bool]] = field(default_factory=list)
    assets: list[str] = field(default_factory=list)


@dataclass
class GenStats:
    """Counts printed in the one-line summary and returned to bench/run.py."""

    skills: int = 0
    groups: int = 0
    extra_files: int = 0
    bytes: int = 0
    broken: Counter[str] = field(default_factory=Counter)
    missing_refs: int = 0

    def summary(self, outdir: Path, seed: int, seconds: float) -> str:
        """One line: enough to tell two corpora apart and to see the broken share at a glance."""
        broken = ", ".join(f"{k} {v}" for k, v in sorted(self.broken.items()))
        return (
            f"generated {self.skills} skills in {self.groups} groups (+{self.extra_files} bundled files, "
            f"{self.bytes / 1e6:.1f} MB) into {outdir} with seed {seed} in {seconds:.1f}s; "
            f"{sum(self.broken.values())} broken ({broken}); "
            f"{self.missing_refs} referenced files left missing"
        )


def lognormal_int(rng: random.Random, median: float, p90: float, lo: int, hi: int) -> int:
    """Draw from a log-normal fitted to a median and a 90th percentile, clipped to [lo, hi]."""
    sigma = math.log(p90 / median) / 1.2816
    return max(lo, min(hi, round(median * math.exp(rng.gauss(0.0, sigma)))))


def pick(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice`` without its rejection loop: half the cost, and generation is mostly this."""
    return seq[int(rng.random() * len(seq))]


def weighted(rng: random.Random, table: dict[str, int]) -> str:
    """Pick a key of ``table`` with probability proportional to its value."""
    return rng.choices(list(table), weights=list(table.values()))[0]


class TextMaker:
    """Makes sentences, paragraphs, lists, code and tables from the vocabularies.

    One instance per skill, seeded from the corpus seed and the skill's index, so that a skill's
    text does not depend on how many random numbers earlier skills consumed -- that keeps the corpus
    stable when the generator's other choices are tuned.
    """

    def __init__(self, rng: random.Random, topic: list[str], plan: SkillPlan | None) -> None:
        self.rng = rng
        self.topic = topic
        self.plan = plan
        self.fancy = rng.random() < SHARE_NON_ASCII
        self.cjk = bool(plan and plan.group.cjk)
        self.tools = plan.group.tool_family if plan and rng.random() < SHARE_TOOL_MENTIONS else ()
        # How code-heavy and how inline-code-heavy this skill is: real skills vary a lot.
        self.code_weight = pick(rng, (0.0, 0.6, 1.0, 1.5, 2.5))
        self.inline_rate = pick(rng, (0.05, 0.2, 0.35, 0.6, 0.9))

    # -- words ------------------------------------------------------------------------------------
    def noun(self) -> str:
        """A noun, now and then one of the skill's own topic words."""
        return pick(self.rng, self.topic) if self.rng.random() < 0.25 else pick(self.rng, NOUNS)

    def nouns(self) -> str:
        """A plural noun; English plurals are irregular, this is close enough for a benchmark."""
        w = self.noun()
        if w.endswith("s"):
            return w
        if w.endswith("y") and w[-2:-1] not in ("a", "e", "o", "u"):
            return w[:-1] + "ies"
        return w + "es" if w.endswith(("x", "sh", "ch")) else w + "s"

    def inline(self) -> str:
        """An inline code span: a tool name, file path, command, flag, variable or function."""
        r = self.rng.random()
        if self.tools and r < 0.25:
            return f"`{pick(self.rng, self.tools)}`"
        if self.plan and r < 0.32:
            files = self.plan.refs + self.plan.scripts
            if files:
                return f"`{pick(self.rng, files)[0]}`"
        choices = (
            lambda: f"`{pick(self.rng, LIBS)}`",
            lambda: f"`--{pick(self.rng, VERBS)}-{pick(self.rng, NOUNS)}`",
            lambda: f"`{pick(self.rng, NOUNS).upper()}_{pick(self.rng, NOUNS).upper()}`",
            lambda: f"`{pick(self.rng, VERBS)}_{pick(self.rng, NOUNS)}()`",
            lambda: f"`{pick(self.rng, NOUNS)}.{pick(self.rng, ('json', 'yaml', 'md', 'csv', 'toml'))}`",
            lambda: f"`{pick(self.rng, LIBS)} {pick(self.rng, VERBS)}`",
            lambda: f"`{pick(self.rng, ('true', 'false', 'null', 'main', 'yes', 'no'))}`",
        )
        return pick(self.rng, choices)()

    def maybe_inline(self) -> str:
        """Either an inline span or a plain noun, at this skill's inline-code rate."""
        return self.inline() if self.rng.random() < self.inline_rate else self.noun()

    # -- sentences --------------------------------------------------------------------------------
    def sentence(self) -> str:
        """One sentence from a handful of technical-writing templates."""
        rng = self.rng
        if self.cjk and rng.random() < 0.6:
            return "".join(pick(rng, CJK) for _ in range(rng.randint(6, 24))) + "\u3002"
        t = rng.randrange(9)
        if t == 0:
            verb = pick(rng, VERBS).capitalize()
            s = f"{verb} the {self.noun()} before {pick(rng, GERUNDS)} the {self.noun()}."
        elif t == 1:
            s = f"If the {self.noun()} is {pick(rng, ADJECTIVES)}, run {self.inline()} and try again."
        elif t == 2:
            s = (
                f"Prefer {pick(rng, ADJECTIVES)} {self.nouns()} over {pick(rng, ADJECTIVES)} "
                f"{self.nouns()} when {pick(rng, CONDITIONS)}."
            )
        elif t == 3:
            s = f"The {self.noun()} is stored in {self.maybe_inline()}, so read it first."
        elif t == 4:
            s = (
                f"Use {self.maybe_inline()} to {pick(rng, VERBS)} each {self.noun()} and "
                f"{pick(rng, VERBS)} the {pick(rng, ADJECTIVES)} {self.noun()}."
            )
        elif t == 5:
            s = f"Never {pick(rng, VERBS)} a {self.noun()} without asking the user first."
        elif t == 6:
            s = (
                f"This step {pick(rng, VERBS)}s the {self.noun()}, then {pick(rng, VERBS)}s "
                f"every {self.noun()} it finds."
            )
        elif t == 7:
            s = f"{pick(rng, LIBS).capitalize()} handles {self.nouns()} well when {pick(rng, CONDITIONS)}."
        else:
            adj1, adj2 = pick(rng, ADJECTIVES), pick(rng, ADJECTIVES)
            s = f"Keep the {self.noun()} {adj1} and the {self.noun()} {adj2}."
        if self.fancy and rng.random() < 0.15:
            s = s[:-1] + f" {pick(rng, NON_ASCII)} {pick(rng, VERBS)} as needed."
        return s

    def paragraph(self, n: int) -> str:
        """``n`` sentences on one line, as most Markdown in the wild is written."""
        return " ".join(self.sentence() for _ in range(n))

    def title(self) -> str:
        """A heading text."""
        rng = self.rng
        t = rng.randrange(6)
        if t == 0:
            return f"{pick(rng, VERBS).capitalize()} {pick(rng, ADJECTIVES)} {self.nouns()}"
        if t == 1:
            return pick(
                rng,
                (
                    "Overview",
                    "Quick Start",
                    "When to Use",
                    "Workflow",
                    "Examples",
                    "Troubleshooting",
                    "Best Practices",
                    "Common Pitfalls",
                    "Reference",
                    "Output Format",
                    "Setup",
                    "Prerequisites",
                    "Installation",
                    "Notes",
                    "Checklist",
                    "Resources",
                ),
            )
        if t == 2:
            return f"Step {rng.randint(1, 9)}: {pick(rng, VERBS).capitalize()} the {self.noun()}"
        if t == 3:
            kind = pick(rng, ("options", "rules", "patterns", "limits", "errors"))
            return f"{self.noun().capitalize()} {kind}"
        if t == 4 and self.cjk:
            return "".join(pick(rng, CJK) for _ in range(rng.randint(2, 5)))
        return f"{self.noun().capitalize()} and {self.noun()}"

    def desc(self, target: int, name: str) -> str:
        """A description of about ``target`` characters that says what the skill does and when."""
        rng = self.rng
        topic = " ".join(self.topic)
        t = rng.randrange(4)
        if t == 0:
            lead = f"{pick(rng, VERBS).capitalize()} and {pick(rng, VERBS)} {topic} {self.nouns()}"
        elif t == 1:
            lead = f"This skill should be used for {topic} tasks including {self.nouns()} and {self.nouns()}"
        elif t == 2:
            lead = f"Toolkit for {pick(rng, GERUNDS)} {topic} {self.nouns()} with {pick(rng, LIBS)}"
        else:  # no ": " in valid descriptions: that is kept for the deliberate bad-YAML case
            verbs = f"{pick(rng, VERBS)}, {pick(rng, VERBS)} and {pick(rng, VERBS)}"
            lead = f"Guide to {topic} - {verbs} {self.nouns()}"
        parts = [lead + "."]
        when = (
            f"Use when the user asks to {pick(rng, VERBS)} a {self.noun()}, mentions {name}, "
            f"{pick(rng, self.topic)} or {self.nouns()}, or needs {pick(rng, ADJECTIVES)} {self.nouns()}."
        )
        if rng.random() < 0.85:
            parts.append(when)
        while sum(len(p) + 1 for p in parts) < target:
            parts.append(
                f"Covers {self.nouns()}, {self.nouns()} and {pick(rng, ADJECTIVES)} "
                f"{self.nouns()} via {pick(rng, LIBS)}."
            )
        text = " ".join(parts)
        if len(text) > target + 40:
            text = text[:target].rsplit(" ", 1)[0].rstrip(",") + "."
        return text

    # -- blocks -----------------------------------------------------------------------------------
    def bullets(self, numbered: bool) -> list[str]:
        """A bullet or numbered list."""
        rng = self.rng
        out = []
        for i in range(rng.randint(3, 8)):
            mark = f"{i + 1}." if numbered else pick(rng, ("-", "-", "-", "*"))
            item = self.sentence() if rng.random() < 0.6 else f"**{self.noun().capitalize()}**: {self.sentence()}"
            if rng.random() < 0.1:
                item = f"[ ] {item}"
            out.append(f"{mark} {item}")
            if rng.random() < 0.08:
                out.append(f"   - {self.sentence()}")
        return out

    def fence(self) -> list[str]:
        """A fenced code block in a language drawn from the measured mix."""
        rng = self.rng
        lang = weighted(rng, FENCE_LANGS)
        n = rng.randint(2, 22)
        body: list[str] = []
        if lang in ("bash", "sh"):
            for _ in range(n):
                r = rng.random()
                if r < 0.2:
                    body.append(f"# {pick(rng, VERBS)} the {self.noun()}")
                elif r < 0.28 and self.plan and self.plan.scripts:
                    script = pick(rng, self.plan.scripts)[0]
                    runner = "bash" if script.endswith(".sh") else pick(rng, ("python", "python3", "uv run"))
                    body.append(f"{runner} {script} --{pick(rng, NOUNS)} {pick(rng, NOUNS)}.json")
                elif r < 0.6:
                    body.append(f"{pick(rng, LIBS)} {pick(rng, VERBS)} --{pick(rng, NOUNS)}={rng.randint(1, 99)}")
                elif r < 0.7:
                    body.append(f"git {pick(rng, ('status', 'diff', 'log --oneline -5', 'add -p', 'push'))}")
                else:
                    body.append(f'export {pick(rng, NOUNS).upper()}_{pick(rng, NOUNS).upper()}="{pick(rng, NOUNS)}"')
        elif lang == "python":
            body.append(f"import {pick(rng, ('json', 'os', 'sys', 'pathlib', 're', 'subprocess'))}")
            body.append(f"from {pick(rng, LIBS).replace('-', '_')} import {pick(rng, NOUNS).capitalize()}")
            body.append("")
            body.append(f"def {pick(rng, VERBS)}_{pick(rng, NOUNS)}(path: str) -> dict:")
            body.append(f'    """{self.sentence()}"""')
            for _ in range(max(1, n - 5)):
                call = f"{pick(rng, VERBS)}_{pick(rng, NOUNS)}(path, {rng.randrange(9)})"
                body.append(f"    {pick(rng, NOUNS)} = {call}")
            body.append(f'    return {{"{pick(rng, NOUNS)}": {pick(rng, NOUNS)}}}')
        elif lang == "json":
            body.append("{")
            for i in range(n):
                comma = "," if i < n - 1 else ""
                body.append(f'  "{pick(rng, NOUNS)}_{i}": "{pick(rng, ADJECTIVES)} {pick(rng, NOUNS)}"{comma}')
            body.append("}")
        elif lang == "yaml":
            for i in range(n):
                body.append(f"{pick(rng, NOUNS)}_{i}: {pick(rng, ADJECTIVES)}")
        elif lang == "markdown":
            # Headings inside a fence are not headings of the skill: a classic parser trap.
            body.append(f"# {self.title()}")
            body.append("")
            for _ in range(max(1, n - 2)):
                body.append(pick(rng, (f"## {self.title()}", f"- {self.sentence()}", self.sentence(), "")))
        elif lang in ("typescript", "javascript"):
            body.append(f'import {{ {pick(rng, NOUNS)} }} from "{pick(rng, LIBS)}";')
            for _ in range(n):
                call = f"{pick(rng, VERBS)}({pick(rng, NOUNS)})"
                body.append(f"const {pick(rng, NOUNS)}{rng.randrange(9)} = await {call};")
        elif lang == "sql":
            body.append(f"SELECT {pick(rng, NOUNS)}, count(*) FROM {pick(rng, NOUNS)}s")
            body.append(f"WHERE {pick(rng, NOUNS)} = '{pick(rng, ADJECTIVES)}' GROUP BY 1;")
        elif lang == "mermaid":
            body.append("flowchart TD")
            for i in range(n):
                body.append(f"    N{i}[{pick(rng, VERBS)}] --> N{i + 1}[{self.noun()}]")
        else:
            for _ in range(n):
                body.append(
                    pick(
                        rng,
                        (
                            self.sentence(),
                            f"{self.noun()}/{self.noun()}/",
                            f"  {self.noun()}: {pick(rng, ADJECTIVES)}",
                        ),
                    )
                )
        if rng.random() < 0.01:
            return [f"~~~{lang}", *body, "~~~"]
        return [f"```{lang}", *body, "```"]

    def table(self) -> list[str]:
        """A small pipe table."""
        rng = self.rng
        cols = rng.randint(2, 4)
        out = [
            "| " + " | ".join(self.noun().capitalize() for _ in range(cols)) + " |",
            "|" + "|".join("---" for _ in range(cols)) + "|",
        ]
        for _ in range(rng.randint(2, 8)):
            out.append("| " + " | ".join(self.maybe_inline() for _ in range(cols)) + " |")
        return out

    def link_line(self) -> str:
        """A line pointing at a bundled file: a Markdown link, an inline path, or an URL."""
        rng = self.rng
        files = (self.plan.refs + self.plan.scripts) if self.plan else []
        if files and rng.random() < 0.85:
            path = pick(rng, files)[0]
            stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0].replace("_", " ").replace("-", " ")
            if self.plan and self.plan.group.links_share > rng.random():
                prefix = pick(rng, ("", "", "", "./"))
                return f"- See [{stem.title()}]({prefix}{path}) for {pick(rng, ADJECTIVES)} {self.nouns()}."
            return (
                f"- **{stem.title()}**: `{path}` \u2014 {self.sentence()}"
                if self.fancy
                else f"- **{stem.title()}**: `{path}` - {self.sentence()}"
            )
        return f"- [{self.noun().capitalize()} docs](https://example.com/{self.noun()}/{self.noun()})"

    def body(self, target_lines: int, title: str) -> list[str]:
        """Blocks until about ``target_lines`` lines: a title, sections, prose, lists, code, tables."""
        rng = self.rng
        out: list[str] = []
        if rng.random() < 0.93:
            out += [f"# {title}", ""]
        out += [self.paragraph(rng.randint(1, 3)), ""]
        if self.plan and (self.plan.refs or self.plan.scripts):
            out += [f"## {pick(rng, ('Resources', 'Reference files', 'Bundled scripts', 'Files'))}", ""]
            files = self.plan.refs + self.plan.scripts
            for _ in range(min(len(files), rng.randint(1, 4))):
                out.append(self.link_line())
            out.append("")
        # Weights tuned so that headings, fences and inline spans per line match the real medians.
        kinds = ("h2", "h3", "h4", "para", "bullets", "numbered", "fence", "table", "links", "quote")
        weights = (
            1.8,
            2.6,
            0.2,
            5.0,
            2.4,
            0.9,
            2.5 * self.code_weight,
            0.3 if rng.random() < 0.3 else 0.0,
            0.15,
            0.1,
        )
        while len(out) < target_lines:
            k = rng.choices(kinds, weights=weights)[0]
            if k == "h2":
                out += [f"## {self.title()}", ""]
            elif k == "h3":
                out += [f"### {self.title()}", ""]
            elif k == "h4":
                out += [f"#### {self.title()}", ""]
            elif k == "para":
                out += [self.paragraph(rng.randint(1, 3)), ""]
            elif k in ("bullets", "numbered"):
                out += [*self.bullets(k == "numbered"), ""]
            elif k == "fence":
                out += [*self.fence(), ""]
            elif k == "table":
                out += [*self.table(), ""]
            elif k == "links":
                out += [self.link_line(), ""]
            else:
                out += [f"> {pick(rng, ('**Note:**', '**Important:**', '**Tip:**'))} {self.sentence()}", ""]
        while out and out[-1] == "":
            out.pop()
        return out[: max(target_lines, 1)]


def make_group(rng: random.Random, index: int, used: set[str]) -> GroupProfile:
    """Decide one group's conventions (licence, metadata, allowed-tools form, description style)."""
    while True:
        name = f"{pick(rng, OWNERS)}{pick(rng, ('', '-labs', '-ai', '-dev', '-io'))}__{pick(rng, REPOS)}"
        if name not in used:
            break
        name = f"{name}-{index}"
        if name not in used:
            break
    used.add(name)
    return GroupProfile(
        name=name,
        license=pick(rng, LICENSES) if rng.random() < SHARE_LICENSE_GROUPS else None,
        metadata_style=(
            pick(
                rng,
                (
                    "skill-author",
                    "skill-author",
                    "author-version-generated",
                    "author-version",
                    "short-description",
                ),
            )
            if rng.random() < SHARE_METADATA_GROUPS
            else None
        ),
        allowed_tools_share=(pick(rng, (0.5, 0.9, 1.0)) if rng.random() < SHARE_ALLOWED_TOOLS_GROUPS / 0.8 else 0.0),
        allowed_tools_form=weighted(rng, ALLOWED_TOOLS_FORMS),
        desc_style=weighted(rng, {"plain": 80, "|": 9, "quoted": 7, ">": 2, "|-": 1, ">-": 1}),
        name_prefix=pick(rng, ("",) * 8 + (f"{pick(rng, OWNERS)}-",)),
        cjk=rng.random() < SHARE_CJK_GROUPS,
        extras_share=pick(rng, (0.0,) * 6 + (0.3, 0.8)),
        version_share=pick(rng, (0.0,) * 6 + (0.5, 1.0)),
        tool_family=pick(rng, TOOL_FAMILIES),
        links_share=pick(rng, (0.0, 0.0, 0.05, 0.2, 0.6)),
    )


def make_name(rng: random.Random, prefix: str) -> tuple[str, list[str]]:
    """A kebab-case skill name (median ~14 characters, like the real ones) and its topic words."""
    n = rng.choices((1, 2, 3), weights=(4, 6, 1))[0]
    topic = rng.sample(TOPICS, n)
    words = list(topic)
    if rng.random() < 0.35:
        words.append(pick(rng, SUFFIXES))
    return prefix + "-".join(words), topic


def quote_yaml(s: str) -> str:
    """A double-quoted YAML scalar."""
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def yaml_scalar(s: str) -> str:
    """A plain scalar when that is safe, else a double-quoted one (as a careful author would write)."""
    risky = (
        ": " in s
        or " #" in s
        or s[:1] in "!&*[]{}|>'\"%@`#,?:-"
        or s.strip() != s
        or s.lower() in ("yes", "no", "true", "false", "null", "on", "off", "~")
    )
    return quote_yaml(s) if risky else s


def frontmatter(rng: random.Random, plan: SkillPlan, tm: TextMaker) -> list[str]:
    """The YAML frontmatter lines (without the ``---`` fences), shaped by the group's conventions."""
    g = plan.group
    lines: list[str] = []
    broken = plan.broken
    if broken != "missing-name":
        lines.append(f"name: {plan.name}")
    target = lognormal_int(rng, DESC_LEN_MEDIAN, DESC_LEN_P90, 20, DESC_LEN_MAX)
    if broken == "long-description":
        target = rng.randint(1100, 1900)
    desc = tm.desc(target, plan.name)
    if broken == "bad-yaml":
        kind = rng.randrange(3)
        if kind == 0:  # the commonest real error: an unquoted ": " in a plain scalar
            lines.append(f"description: {desc[:-1]}. Note: {tm.sentence()}")
        elif kind == 1:  # an unterminated quote
            lines.append(f'description: "{desc}')
        else:  # a tab where YAML wants spaces
            lines.append(f"description: {desc}")
            lines.append("metadata:")
            lines.append(f"\tauthor: {pick(rng, OWNERS)}")
    else:
        style = g.desc_style
        if style == "plain" and yaml_scalar(desc) != desc:
            style = "quoted"
        if style == "plain":
            lines.append(f"description: {desc}")
        elif style == "quoted":
            lines.append(f"description: {quote_yaml(desc)}")
        else:
            lines.append(f"description: {style}")
            words = desc.split(" ")
            cur = ""
            for w in words:  # wrap at ~90 columns like an editor would
                if cur and len(cur) + len(w) > 88:
                    lines.append("  " + cur)
                    cur = w
                else:
                    cur = f"{cur} {w}" if cur else w
            if cur:
                lines.append("  " + cur)
    if g.license and rng.random() < 0.95:
        lines.append(f"license: {yaml_scalar(g.license)}")
    if g.version_share and rng.random() < g.version_share:
        lines.append(f"version: {pick(rng, ('1.0.0', '0.1.0', '2.0.0', '1.1.0', '0.2.0'))}")
    if g.allowed_tools_share and rng.random() < g.allowed_tools_share:
        lines += allowed_tools(rng, g.allowed_tools_form)
    if g.extras_share and rng.random() < g.extras_share:
        if rng.random() < 0.5:
            lines.append(f"argument-hint: {quote_yaml(pick(rng, ARGUMENT_HINTS))}")
        if rng.random() < 0.6:
            lines.append(f"user-invocable: {pick(rng, ('true', 'false', 'false'))}")
        if rng.random() < 0.4:  # real skills name an agent to run in a forked context, almost always
            lines.append(f"agent: {pick(rng, SUFFIXES)}-{pick(rng, ('author', 'tester', 'reviewer'))}")
            if rng.random() < 0.9:
                lines.append("context: fork")
        if rng.random() < 0.1:
            lines.append("disable-model-invocation: true")
        if rng.random() < 0.1:
            lines.append(f"model: {pick(rng, ('sonnet', 'opus', 'haiku', 'inherit'))}")
        if rng.random() < 0.05:
            lines += [
                "hooks:",
                "  PreToolUse:",
                "    - matcher: Bash",
                "      hooks:",
                "        - type: command",
                f"          command: bash ${{CLAUDE_SKILL_DIR}}/scripts/{pick(rng, VERBS)}.sh",
            ]
    if rng.random() < 0.08:
        lines.append(f"compatibility: Requires {pick(rng, LIBS)} and a {pick(rng, NOUNS)} API key")
    if rng.random() < 0.015:
        lines.append(f"tags: [{', '.join(rng.sample(TOPICS, 3))}]")
    if rng.random() < 0.015:
        lines.append(f"requires: [{', '.join(rng.sample(('read_file', 'grep', 'bash', 'web_fetch'), 2))}]")
    if g.metadata_style:
        lines += metadata(rng, g.metadata_style)
    return lines


def allowed_tools(rng: random.Random, form: str) -> list[str]:
    """``allowed-tools`` in one of the forms seen in the wild."""
    base = rng.sample(
        ("Read", "Write", "Edit", "Bash", "Glob", "Grep", "WebFetch", "WebSearch", "Task", "TodoWrite"),
        rng.randint(1, 5),
    )
    if rng.random() < 0.08:
        base.append(pick(rng, ("Python", "Shell", "Terminal")))  # not a real tool: seen in the wild
    if form == "block-list":
        if rng.random() < 0.2:
            base.insert(0, pick(rng, BASH_PATTERNS))
        return ["allowed-tools:", *(f"  - {yaml_scalar(t)}" for t in base)]
    if form == "flow-list":
        return [f"allowed-tools: [{', '.join(base)}]"]
    if form == "space":
        if rng.random() < 0.1:
            base.insert(0, pick(rng, BASH_PATTERNS).replace(" ", ""))
        return [f"allowed-tools: {' '.join(base)}"]
    if form == "comma":
        return [f"allowed-tools: {', '.join(base)}"]
    pats = rng.sample(BASH_PATTERNS, rng.randint(1, 3))
    return [f"allowed-tools: {', '.join(pats + base)}"]


def metadata(rng: random.Random, style: str) -> list[str]:
    """A ``metadata`` map in one of the real shapes; a few have non-string values, as in the wild."""
    owner = pick(rng, OWNERS).capitalize()
    if style == "skill-author":
        return ["metadata:", f"    skill-author: {owner} Inc."]
    if style == "author-version-generated":
        return [
            "metadata:",
            f"  author: {owner.lower()}",
            '  version: "1.0"',
            f'  generatedBy: "{rng.randint(1, 2)}.{rng.randint(0, 9)}.{rng.randint(0, 9)}"',
        ]
    if style == "author-version":
        version = "1.0.0" if rng.random() < 0.97 else "1.0"
        return ["metadata:", f"  author: {owner.lower()}", f"  version: {version}"]
    return ["metadata:", f"  short-description: {pick(rng, VERBS).capitalize()} {pick(rng, NOUNS)}s quickly"]


def plan_skill(rng: random.Random, group: GroupProfile, used: set[str]) -> tuple[SkillPlan, list[str]]:
    """Choose a skill's name, directory, broken kind and bundled files."""
    for _ in range(100):
        name, topic = make_name(rng, group.name_prefix)
        if name not in used and len(name) <= 60:
            break
    else:
        name, topic = f"{name}-{len(used)}", topic
    broken = weighted(rng, BROKEN_KINDS) if rng.random() < BROKEN_SHARE else None
    dir_name = name
    if broken == "uppercase-name":
        name = pick(rng, (name.upper(), name.title()))
        dir_name = name
    elif broken == "name-dir-mismatch":
        name = f"{name}-{pick(rng, SUFFIXES)}" if rng.random() < 0.5 else name.replace("-", "_")
        if name == dir_name:
            name += "-v2"
    used.add(dir_name)
    plan = SkillPlan(group=group, dir_name=dir_name, name=name, broken=broken)
    if rng.random() < SHARE_WITH_REFERENCES:
        for _ in range(lognormal_int(rng, 4, 10, 1, 20)):
            f = f"references/{pick(rng, (*topic, *NOUNS))}_{pick(rng, NOUNS)}.md"
            if all(f != r for r, _ in plan.refs):
                plan.refs.append((f, rng.random() >= SHARE_REF_MISSING))
    if rng.random() < SHARE_WITH_SCRIPTS:
        for _ in range(lognormal_int(rng, 2, 5, 1, 10)):
            ext = pick(rng, ("py", "py", "py", "py", "sh"))
            f = f"scripts/{pick(rng, VERBS)}_{pick(rng, NOUNS)}.{ext}"
            if all(f != s for s, _ in plan.scripts):
                plan.scripts.append((f, rng.random() >= SHARE_SCRIPT_MISSING))
    if rng.random() < SHARE_WITH_ASSETS:
        plan.assets = [
            f"assets/{pick(rng, NOUNS)}.{pick(rng, ('png', 'svg', 'json', 'txt'))}" for _ in range(rng.randint(1, 3))
        ]
    return plan, topic


def script_text(rng: random.Random, path: str, tm: TextMaker) -> str:
    """A small runnable-looking script: its content is not linted, only its existence matters."""
    if path.endswith(".sh"):
        return f'#!/usr/bin/env bash\n# {tm.sentence()}\nset -euo pipefail\necho "{pick(rng, VERBS)} $1"\n'
    return (
        f'#!/usr/bin/env python3\n"""{tm.sentence()}"""\n\nimport argparse\n\n\n'
        f"def main() -> None:\n    parser = argparse.ArgumentParser()\n"
        f'    parser.add_argument("--{pick(rng, NOUNS)}")\n    parser.parse_args()\n\n\n'
        f'if __name__ == "__main__":\n    main()\n'
    )


def write(path: Path, text: str, crlf: bool = False) -> int:
    """Write UTF-8 text (CRLF if asked) and return the number of bytes written."""
    data = (text.replace("\n", "\r\n") if crlf else text).encode("utf-8")
    path.write_bytes(data)
    return len(data)


def generate(outdir: Path, count: int = 5000, seed: int = 0) -> GenStats:
    """Write ``count`` skills under ``outdir`` and return what was made.

    The output is a pure function of (count, seed): group layout comes from one generator and each
    skill's text from its own generator seeded with (seed, skill index).
    """
    rng = random.Random(f"skilllint-bench:{seed}:layout")
    stats = GenStats()
    sizes: list[int] = []
    left = count
    while left > 0:
        n = min(left, rng.randint(GROUP_SIZE_MEAN // 5, GROUP_SIZE_MEAN * 9 // 5))
        sizes.append(n)
        left -= n
    used_groups: set[str] = set()
    index = 0
    for gi, size in enumerate(sizes):
        group = make_group(rng, gi, used_groups)
        used_names: set[str] = set()
        for _ in range(size):
            srng = random.Random(f"skilllint-bench:{seed}:skill:{index}")
            index += 1
            plan, topic = plan_skill(srng, group, used_names)
            stats.bytes += write_skill(outdir, srng, plan, topic, stats)
        stats.groups += 1
    return stats


def write_skill(outdir: Path, rng: random.Random, plan: SkillPlan, topic: list[str], stats: GenStats) -> int:
    """Write one skill folder and its bundled files; returns bytes written."""
    tm = TextMaker(rng, topic, plan)
    skill_dir = outdir / plan.group.name / plan.dir_name
    skill_dir.mkdir(parents=True, exist_ok=True)
    fm = frontmatter(rng, plan, tm)
    title = " ".join(w.capitalize() for w in plan.dir_name.split("-"))
    body = tm.body(lognormal_int(rng, BODY_LINES_MEDIAN, BODY_LINES_P90, 3, BODY_LINES_MAX), title)
    if plan.broken == "no-frontmatter":
        text = "\n".join(body) + "\n"
    else:
        text = "---\n" + "\n".join(fm) + "\n---\n\n" + "\n".join(body) + "\n"
    written = write(skill_dir / "SKILL.md", text, crlf=rng.random() < SHARE_CRLF)
    stats.skills += 1
    if plan.broken:
        stats.broken[plan.broken] += 1
    for rel, exists in plan.refs + plan.scripts:
        if not exists:
            stats.missing_refs += 1
            continue
        path = skill_dir / rel
        path.parent.mkdir(exist_ok=True)
        if rel.endswith(".md"):
            rtm = TextMaker(rng, topic, None)
            lines = rtm.body(lognormal_int(rng, REF_LINES_MEDIAN, REF_LINES_P90, 10, 1500), rel[11:-3].title())
            written += write(path, "\n".join(lines) + "\n")
        else:
            written += write(path, script_text(rng, rel, tm))
        stats.extra_files += 1
    for rel in plan.assets:
        path = skill_dir / rel
        path.parent.mkdir(exist_ok=True)
        written += write(path, f"placeholder {rel}\n")
        stats.extra_files += 1
    if plan.group.license and "LICENSE.txt" in plan.group.license:
        written += write(skill_dir / "LICENSE.txt", "Synthetic licence text for benchmarking only.\n")
        stats.extra_files += 1
    return written


def main(argv: list[str] | None = None) -> int:
    """Command line: generate the corpus and print a one-line summary."""
    parser = argparse.ArgumentParser(description="Generate a synthetic corpus of agent skills for benchmarks.")
    parser.add_argument("outdir", type=Path, help="directory to write into (created if missing)")
    parser.add_argument("--count", type=int, default=5000, help="number of skills (default 5000)")
    parser.add_argument("--seed", type=int, default=0, help="random seed; same seed, same corpus (default 0)")
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error("--count must be at least 1")
    if args.outdir.exists() and any(args.outdir.iterdir()):
        print(f"warning: {args.outdir} is not empty; files will be added or overwritten", file=sys.stderr)
    args.outdir.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    stats = generate(args.outdir, args.count, args.seed)
    print(stats.summary(args.outdir, args.seed, time.perf_counter() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
