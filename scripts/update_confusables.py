#!/usr/bin/env python3
"""Regenerate skilllint/data/confusables.tsv from Unicode's confusables.txt (UTS #39).

Usage:
    python scripts/update_confusables.py PATH_OR_URL [--output FILE] [--origin TEXT]

PATH_OR_URL is a local copy of confusables.txt, or a URL such as
https://www.unicode.org/Public/security/latest/confusables.txt. Fetching a URL needs
network access to unicode.org (not available in every build environment); with no network,
download the file elsewhere, or take it from a package that bundles it, and pass its path.

The output keeps every mapping of confusables.txt (each source is one code point) in a compact
tab-separated form, one mapping a line: the source code point and the prototype's code points,
in hex. A header records where it came from, the Unicode version and date, and a SHA-256 of
the input. The data is (c) Unicode, Inc., under the Unicode License v3 (skilllint/data/LICENSE-unicode.txt).
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
import urllib.request
from pathlib import Path

DEFAULT_OUTPUT = Path(__file__).resolve().parent.parent / "skilllint" / "data" / "confusables.tsv"
HEX = re.compile(r"^[0-9A-F]{4,6}$")


def read_source(source: str) -> bytes:
    if re.match(r"^https?://", source):
        with urllib.request.urlopen(source, timeout=60) as response:  # noqa: S310 - explicit URL from the user
            return response.read()
    return Path(source).read_bytes()


def parse(text: str) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """Return (header fields, [(source hex, prototype hex words)]) from confusables.txt."""
    fields: dict[str, str] = {}
    mappings: list[tuple[str, str]] = []
    seen: set[str] = set()
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.lstrip("\ufeff")
        if line.startswith("#"):
            match = re.match(r"^#\s*(Version|Date):\s*(.+?)\s*$", line)
            if match and match.group(1) not in fields:
                fields[match.group(1)] = match.group(2)
            continue
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        parts = [part.strip() for part in data.split(";")]
        if len(parts) < 2:
            raise ValueError(f"line {lineno}: expected 'source ; target ; type': {raw!r}")
        source = parts[0].upper()
        target = parts[1].upper().split()
        if not HEX.match(source) or not target or not all(HEX.match(cp) for cp in target):
            raise ValueError(f"line {lineno}: not a single-code-point mapping: {raw!r}")
        if source in seen:
            raise ValueError(f"line {lineno}: duplicate source {source}")
        seen.add(source)
        mappings.append((source, " ".join(target)))
    if not mappings:
        raise ValueError("no mappings found: is this confusables.txt?")
    mappings.sort(key=lambda item: int(item[0], 16))
    return fields, mappings


def render(fields: dict[str, str], mappings: list[tuple[str, str]], origin: str, sha256: str) -> str:
    version = fields.get("Version", "unknown")
    date = fields.get("Date", "unknown")
    lines = [
        f"# Derived from Unicode confusables.txt (UTS #39 Unicode Security Mechanisms), Version: {version}, "
        f"Date: {date}",
        f"# Source: {origin} (sha256 {sha256})",
        "# Copyright (c) Unicode, Inc. Distributed under the Unicode License v3: see LICENSE-unicode.txt.",
        "# Format: SOURCE<TAB>PROTOTYPE, hex code points; regenerate with scripts/update_confusables.py.",
        f"# Mappings: {len(mappings)}",
    ]
    lines.extend(f"{source}\t{target}" for source, target in mappings)
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", help="path or URL of confusables.txt (a URL needs network access)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help=f"default: {DEFAULT_OUTPUT}")
    parser.add_argument("--origin", help="where the input came from, for the header (default: the path or URL)")
    args = parser.parse_args(argv)

    raw = read_source(args.source)
    fields, mappings = parse(raw.decode("utf-8-sig"))
    origin = args.origin or args.source
    if "\n" in origin:
        parser.error("--origin must be one line")
    text = render(fields, mappings, origin, hashlib.sha256(raw).hexdigest())
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8", newline="\n")
    print(
        f"wrote {args.output}: {len(mappings)} mappings, Unicode {fields.get('Version', '?')} "
        f"({fields.get('Date', '?')}), {len(text.encode('utf-8'))} bytes",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
