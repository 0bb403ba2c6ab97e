"""skilllint: static validation and linting for AI-agent skills and tool manifests.

The Python API (`skilllint.embedding.api`): `check(paths, ...)` and `check_text(text, path, ...)` return
`Diagnostic`s (`skilllint.core.model`); `CheckError` is what the command line exits 2 for. They are
imported on first use, so `import skilllint` (and every command-line start) stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skilllint.core.model import Diagnostic, Severity, Span
    from skilllint.embedding.api import CheckError, check, check_text
    from skilllint.version import __version__

__all__ = ["CheckError", "Diagnostic", "Severity", "Span", "__version__", "check", "check_text"]

_API, _MODEL = "skilllint.embedding.api", "skilllint.core.model"
_LAZY = {"check": _API, "check_text": _API, "CheckError": _API, "Diagnostic": _MODEL, "Severity": _MODEL,
         "Span": _MODEL, "__version__": "skilllint.version"}


def __getattr__(name: str) -> Any:
    """The API's names, imported when first asked for (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'skilllint' has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(module), name)
