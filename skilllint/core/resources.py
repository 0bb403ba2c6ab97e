"""Where the rulebook (rules/), the schemas (schemas/) and the runtime tables live.

In a checkout they are at the repository top; in an installed wheel they are copied to
skilllint/_data/. This module is the only one that knows, so `pip install .` works anywhere.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

PACKAGE_DIR = Path(__file__).resolve().parent.parent
RUNTIMES_DIR = PACKAGE_DIR / "runtimes"


def _data_dir(name: str) -> Path:
    installed = PACKAGE_DIR / "_data" / name
    if installed.is_dir():
        return installed
    checkout = PACKAGE_DIR.parent / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"skilllint data folder `{name}` is missing from the installation")


def rules_dir() -> Path:
    return _data_dir("rules")


def schemas_dir() -> Path:
    return _data_dir("schemas")


@cache
def load_schema(relative: str) -> dict[str, Any]:
    """Load a JSON Schema shipped with skilllint, e.g. `config.schema.json`."""
    with open(schemas_dir() / relative, encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)  # every shipped schema is a JSON object
    return schema


def card_path(code: str) -> Path:
    return rules_dir() / f"{code}.md"
