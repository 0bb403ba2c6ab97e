"""The programs a document's shell blocks run, as entries a permission rule can name (SL612's help).

A shell block is not a list of commands: lines continue (`\\`), quoted strings and here-documents
span lines (`python3 -c "..."`, `cat <<EOF`), a line chains commands (`cd x && make`, `a | b`),
an assignment runs one (`OUT=$(git diff)`), an interpreter runs inline code (`bun -e`), and a
command may be a variable set earlier (`B=~/tools/browse` then `$B goto`). Only the word that
starts a command is a program; an interpreter is named with the script it runs
(`python scripts/build.py`), since `Bash(python:*)` would grant any Python at all, and inline code
(`-c`, `-e`) can be narrowed by no prefix, so it names nothing. Programs whose every use is as
risky as an open shell (`rm`, `docker`, an installer) are withheld: a prefix grant of them
narrows nothing, so the help says they will keep asking.

Programs are ranked by the number of blocks that run them, then by lines: a skill's own command
appears in many of its blocks, a generated preamble's bookkeeping (`touch`, `mkdir`) in one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

from skilllint.core import lazyre
from skilllint.core.records import Record

NOT_COMMANDS = frozenset({"cd", "echo", "export", "if", "then", "else", "elif", "fi", "for", "do", "done", "while",
                          "until", "set", "source", ".", "#", "}", "{", "case", "esac", "function", "return", "exit",
                          "local", "read", "printf", "true", "false", "[", "[[", "test", "sudo", "env", "time", "eval",
                          "exec", "setopt", "alias", "unset", "trap", "shift", "let", "declare", "typeset", "xargs",
                          "wait", "break", "continue", "in", "command", "builtin", "nohup", "pushd", "popd", "type",
                          "which", "sleep"})
"""Shell words that are not a program to grant, or would grant everything again (`eval`, `command`)."""
TOO_BROAD = frozenset({"rm", "find", "sh", "bash", "zsh", "chmod", "chown", "dd", "kill", "pkill", "docker",
                       "podman", "kubectl", "ssh", "scp", "mv", "cp"})
"""Programs whose every use is as risky as an open shell, or that can overwrite any file: granting
them by prefix narrows nothing."""
INSTALLS = frozenset({"install", "add", "i", "pip", "global"})
"""Subcommands that install whatever they are given (`pip install`, `uv add`, `npm i`)."""
SUBCOMMANDS = frozenset({"git", "gh", "glab", "brew", "apt", "apt-get", "yum", "dnf", "tlmgr", "gem", "conda",
                         "mamba", "choco", "winget", "make", "just", "kubectl", "terraform", "aws", "gcloud", "az"})
"""Programs named with their subcommand: `git log` grants reading history, `git` every subcommand
(`git -c alias.x='!cmd' x` runs any command), so the narrow entry keeps the subcommand."""
_SUBCOMMAND = lazyre.compile(r"[a-z][\w-]*")
_FLAG_WITH_VALUE = frozenset({"-C", "-c", "--git-dir", "--work-tree", "-R", "--repo", "-f", "--file"})
INTERPRETERS = frozenset({"python", "python3", "node", "bun", "deno", "ruby", "perl", "uv", "npx", "bunx", "pnpm",
                          "npm", "yarn", "pip", "pip3", "php", "Rscript", "go", "cargo"})
"""Programs named with their first argument (a script, a module, a subcommand): `python scripts/x.py`."""
INLINE = frozenset({"-c", "-e", "--eval", "-p", "--print"})
_WORD = lazyre.compile(r"(?:[a-z][\w+-]*|\.{0,2}/[\w./-]+|~/[\w./-]+)(?=\s|$|;|&|\||\))")
_ASSIGNMENT = lazyre.compile(r"[A-Za-z_]\w*=(?:\"[^\"]*\"|'[^']*'|\$\([^)]*\)|\S*)\s*")
_PATH_VARIABLE = lazyre.compile(r"^\s*(?:export\s+)?([A-Za-z_]\w*)=[\"']?((?:~|\.{0,2})/[\w./-]+)[\"']?\s*$")
_VARIABLE = lazyre.compile(r"[\"']?\$\{?([A-Za-z_]\w*)\}?[\"']?(?=\s|$)")
_SUBSTITUTION = lazyre.compile(r"\$\(\s*([^()]*)")
_SUBSTITUTED = lazyre.compile(r"[A-Za-z_]\w*=[\"']?\$\([^)]*$")
_SEPARATOR = lazyre.compile(r"&&|\|\||[;|]")
_HEREDOC = lazyre.compile(r"<<-?\s*['\"]?([A-Za-z_]\w*)")


class Programs(Record):
    """What the blocks run: each program with how many blocks and lines run it, and the programs
    withheld as too broad to grant by prefix."""

    __slots__ = ("blocks", "lines", "withheld", "leading")
    blocks: Counter[str]
    lines: Counter[str]
    withheld: set[str]
    leading: set[str]  # programs that start a line's first command at least once

    def __init__(self) -> None:
        self.blocks = Counter()
        self.lines = Counter()
        self.withheld = set()
        self.leading = set()

    def ranked(self) -> list[str]:
        """Programs that start a line first (one seen only inside `$(...)` or after `|` is plumbing:
        `date`, `head`), then most blocks, most lines, the first seen (a Counter keeps that order)."""
        order = {program: index for index, program in enumerate(self.lines)}
        return sorted(self.blocks, key=lambda p: (p not in self.leading, -self.blocks[p], -self.lines[p], order[p]))


def programs(blocks: Iterable[list[str]]) -> Programs:
    """The programs that start a command in the blocks."""
    blocks = list(blocks)
    paths = {match.group(1): match.group(2) for block in blocks for line in block for command in _commands(line.strip())
             if (match := _PATH_VARIABLE.match(command))}
    found = Programs()
    for block in blocks:
        seen: set[str] = set()
        for program, leading in _block_programs(block, paths, found.withheld):
            found.lines[program] += 1
            seen.add(program)
            if leading:
                found.leading.add(program)
        found.blocks.update(seen)
    return found


def inline_programs(spans: Iterable[str]) -> list[str]:
    """The commands inline code spans have the model run, in the order first seen: only a span that
    starts with a program known to take a subcommand, and has one (`git diff --name-only`, `gh pr view`):
    most inline code is a file name or an identifier, which no grant concerns."""
    found: dict[str, None] = {}
    for span in spans:
        words = span.split()
        if len(words) < 2 or words[0] not in SUBCOMMANDS or "\n" in span:
            continue
        program = _program(span.strip(), {}, set())
        if program is not None and " " in program:
            found.setdefault(program)
    return list(found)


def _block_programs(lines: list[str], paths: dict[str, str], withheld: set[str]) -> Iterator[tuple[str, bool]]:
    quote = ""  # the quote a string left open at the end of the last line
    heredoc = ""  # the word that ends an open here-document
    continued = False
    for line in lines:
        if heredoc:
            if line.strip() == heredoc:
                heredoc = ""
            continue
        if not quote and not continued:
            for index, command in enumerate(_commands(line.strip().removeprefix("$ ").strip())):
                program = _program(command, paths, withheld)
                if program:
                    yield program, index == 0
        quote = _open_quote(line, quote)
        continued = not quote and line.rstrip().endswith("\\")
        match = _HEREDOC.search(line) if not quote else None
        if match:
            heredoc = match.group(1)


def _commands(line: str) -> Iterator[str]:
    """The commands of a line: each part between `&&`, `||`, `;` and `|`, and each `$(...)` inside
    (quotes are not tracked here: a separator inside a string starts no program most of the time)."""
    if line.startswith("#"):
        return
    for part in _SEPARATOR.split(line):
        yield part.strip()
        for inner in _SUBSTITUTION.findall(part):
            yield inner.strip()


def _program(command: str, paths: dict[str, str], withheld: set[str]) -> str | None:
    if _SUBSTITUTED.match(command):
        return None  # `VAR=$(cmd ... | ...)` cut at a separator: the inner command is counted on its own
    while True:  # `A=1 B=$(x) cmd ...`: the assignments are not the program
        match = _ASSIGNMENT.match(command)
        if match is None or match.end() == 0:
            break
        command = command[match.end():]
    variable = _VARIABLE.match(command)
    if variable is not None:  # `$B goto ...`, where `B=~/tools/browse` was set in a block
        return paths.get(variable.group(1))
    match = _WORD.match(command)
    if match is None:
        return None
    word = match.group()
    if word in NOT_COMMANDS:
        return None
    if word in TOO_BROAD:
        withheld.add(word)
        return None
    rest = command[match.end():].split()
    if word in SUBCOMMANDS:
        while rest and rest[0].startswith("-"):  # `git -C dir log`: the subcommand follows the options
            rest = rest[2:] if rest[0] in _FLAG_WITH_VALUE else rest[1:]
        if rest and rest[0] in INSTALLS:
            withheld.add(f"{word} {rest[0]}")
            return None
        return f"{word} {rest[0]}" if rest and _SUBCOMMAND.fullmatch(rest[0]) else word
    if word not in INTERPRETERS:
        return word
    while rest and rest[0].startswith("-") and rest[0] not in INLINE and rest[0] != "-m":
        rest = rest[1:]  # `python3 -u script.py`: interpreter options before the script
    argument = rest[0] if rest else ""
    if not argument or argument in INLINE or argument.startswith(("$", "<", "|", "-c", "-e")):
        return None  # inline code or standard input: no prefix narrows it
    if argument in INSTALLS:
        withheld.add(f"{word} {argument}")
        return None
    if argument in ("-m", "run", "exec", "x") and len(rest) > 1:
        return f"{word} {argument} {rest[1]}"
    return f"{word} {argument}"


def _open_quote(line: str, quote: str) -> str:
    """The quote left open after `line`, starting inside `quote` ('' for none)."""
    index = 0
    while index < len(line):
        char = line[index]
        if quote:
            if char == "\\" and quote == '"':
                index += 2
                continue
            if char == quote:
                quote = ""
        elif char == "\\":
            index += 2
            continue
        elif char == "#" and (index == 0 or line[index - 1].isspace()):
            break  # a comment: its quotes open nothing
        elif char in "\"'":
            quote = char
        index += 1
    return quote
