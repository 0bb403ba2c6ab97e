"""The code a document tells the model to run: the lines of its code blocks and its inline code
spans, with file positions (SL607, SL609, SL612). Prose is not code: a sentence that mentions
`curl | sh` to warn against it is a mention, a fenced or inline command is a use."""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.reading.document import Document

SHELL_FENCES = frozenset({"", "bash", "sh", "shell", "console", "zsh", "terminal", "shellsession", "powershell",
                          "pwsh", "ps1", "cmd", "bat"})


def code_lines(doc: Document, *, shell_only: bool = False, labelled: bool = False) -> Iterator[tuple[int, int, str]]:
    """(file line, 1-based column of the text's first character, text) of every line inside a
    code block (not the fence lines) and of every inline code span. `shell_only`: only code blocks
    of a shell (or of no language, unless `labelled`: then only those that name a shell)."""
    if not doc.body:
        return
    markdown = doc.markdown
    lines = doc.lines
    for fence in markdown.fences:
        language = fence.info.split()[0].lower() if fence.info.split() else ""
        if shell_only and (language not in SHELL_FENCES or (labelled and not language)):
            continue
        first, last = (fence.line, fence.end_line) if fence.indented else (fence.line + 1, fence.end_line - 1)
        for number in range(first, min(last, len(lines)) + 1):
            yield number, 1, lines[number - 1]
    if shell_only:
        return
    for span in markdown.code_spans:
        if span.line == span.end_line:
            yield span.line, span.column, span.text


def shell_blocks(doc: Document) -> Iterator[list[str]]:
    """The lines of each code block labelled with a shell's name (SL612's help: what the skill runs)."""
    if not doc.body:
        return
    lines = doc.lines
    for fence in doc.markdown.fences:
        words = fence.info.split()
        if not words or words[0].lower() not in SHELL_FENCES:
            continue
        first, last = (fence.line, fence.end_line) if fence.indented else (fence.line + 1, fence.end_line - 1)
        yield lines[first - 1:min(last, len(lines))]
