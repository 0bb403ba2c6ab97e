"""skilllint: static validation and linting for AI-agent skills and tool manifests.

The Python API (`skilllint.api`): `check(paths, ...)` and `check_text(text, path, ...)` return
`Diagnostic`s (`skilllint.model`); `CheckError` is what the command line exits 2 for. They are
imported on first use, so `import skilllint` (and every command-line start) stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from skilllint.api import CheckError, check, check_text
    from skilllint.model import Diagnostic, Severity, Span

__all__ = ["CheckError", "Diagnostic", "Severity", "Span", "__version__", "check", "check_text"]

_LAZY = {"check": "skilllint.api", "check_text": "skilllint.api", "CheckError": "skilllint.api",
         "Diagnostic": "skilllint.model", "Severity": "skilllint.model", "Span": "skilllint.model"}


def __getattr__(name: str) -> Any:
    """The API's names, imported when first asked for (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'skilllint' has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(module), name)
