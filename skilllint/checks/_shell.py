"""The programs a document's shell blocks run, as entries a permission rule can name (SL612's help).

A shell block is not a list of commands: lines continue (`\\`), quoted strings and here-documents
span lines (`python3 -c "..."`, `cat <<EOF`), an interpreter runs inline code (`bun -e`), and a
line may start with assignments or a variable (`$B goto`, `OUT=$(...)`). Only the word that
starts a command is a program; an interpreter is named with the script it runs
(`python scripts/build.py`), since `Bash(python:*)` would grant any Python at all, and inline code
(`-c`, `-e`) can be narrowed by no prefix, so it names nothing.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator

NOT_COMMANDS = frozenset({"cd", "echo", "export", "if", "then", "else", "elif", "fi", "for", "do", "done", "while",
                          "until", "set", "source", ".", "#", "}", "{", "case", "esac", "function", "return", "exit",
                          "local", "read", "printf", "true", "false", "[", "[[", "test", "sudo", "env", "time", "eval",
                          "exec", "setopt", "alias", "unset", "trap", "shift", "let", "declare", "typeset", "xargs",
                          "wait", "break", "continue", "in"})
"""Shell words that are not a program to grant, or would grant everything again (`eval`, `exec`)."""
TOO_BROAD = frozenset({"rm", "find", "sh", "bash", "zsh", "chmod", "chown", "dd", "kill", "pkill"})
"""Programs whose every use is as risky as an open shell: granting them by prefix is no narrowing."""
INTERPRETERS = frozenset({"python", "python3", "node", "bun", "deno", "ruby", "perl", "uv", "npx", "bunx", "pnpm",
                          "npm", "pip", "pip3", "php", "Rscript"})
"""Programs named with their first argument (a script, a module, a subcommand): `python scripts/x.py`."""
INLINE = frozenset({"-c", "-e", "--eval", "-p", "--print"})
_WORD = re.compile(r"(?:[a-z][\w+-]*|\.{0,2}/[\w./-]+|~/[\w./-]+)(?=\s|$|;|&|\|)")
_ASSIGNMENT = re.compile(r"[A-Za-z_]\w*=(?:\"[^\"]*\"|'[^']*'|\$\([^)]*\)|\S*)\s*")
_HEREDOC = re.compile(r"<<-?\s*['\"]?([A-Za-z_]\w*)")


def programs(blocks: Iterable[list[str]]) -> Counter[str]:
    """How often each program starts a command in the blocks."""
    found: Counter[str] = Counter()
    for block in blocks:
        found.update(_block_programs(block))
    return found


def _block_programs(lines: list[str]) -> Iterator[str]:
    quote = ""  # the quote a string left open at the end of the last line
    heredoc = ""  # the word that ends an open here-document
    continued = False
    for line in lines:
        if heredoc:
            if line.strip() == heredoc:
                heredoc = ""
            continue
        starts_command = not quote and not continued
        if starts_command:
            program = _program(line.strip().removeprefix("$ ").strip())
            if program:
                yield program
        quote = _open_quote(line, quote)
        continued = not quote and line.rstrip().endswith("\\")
        match = _HEREDOC.search(line) if not quote else None
        if match:
            heredoc = match.group(1)


def _program(command: str) -> str | None:
    while True:  # `A=1 B=$(x) cmd ...`: the assignments are not the program
        match = _ASSIGNMENT.match(command)
        if match is None or match.end() == 0:
            break
        command = command[match.end():]
    match = _WORD.match(command)
    if match is None:
        return None
    word = match.group()
    if word in NOT_COMMANDS or word in TOO_BROAD:
        return None
    if word not in INTERPRETERS:
        return word
    rest = command[match.end():].split()
    argument = rest[0] if rest else ""
    if not argument or argument in INLINE or argument.startswith(("$", "<", "|", "-c", "-e")):
        return None  # inline code or standard input: no prefix narrows it
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
