"""The run record: a whole `check` run's output, replayed while nothing the run read has changed.

The per-skill cache (`results.py`) still pays for the discovery walk, reading and hashing every
SKILL.md, decoding every entry, re-asking every probe and formatting the findings: a warm run of
5,000 skills took a fifth of the cold one. A run record skips all of it. After a run that used the
cache (and met no internal error, SL000, nor ran out of time), the CLI stores:

- under a key (`run_key`) made of everything that decides the output besides the file system:
  skilllint's version, the Python and the installed distributions, the working folder, the paths
  given, every option (format, colour, fail level, statistics, quiet, targets, rules, config path,
  cache folder...), whether stdout and stderr are terminals and their encodings, and the
  environment variables skilllint reads;
- the exact text written to stdout and stderr (never the progress counter) and the exit code;
- the digest of skilllint's own source and data (`key.package_digest`, compared on replay: it is not
  in the key because computing it reads every file) and their signature (`package.py`), which lets
  the fast path (`skilllint.output.fastpath`) stat them instead;
- the inputs: every folder the discovery walk listed, with its `os.stat` signature (mtime, ctime,
  inode, size, device: a folder's mtime changes when an entry is added, removed or renamed) and a
  digest of its entries and their kinds; every file any layer read (config files, pyproject.toml,
  `.gitignore`, git's `info/exclude`, manifests, `tools_from` manifests, each SKILL.md and
  metadata.yaml, files the `full` format quotes) with its signature, taken before its bytes were
  read, and the digest of the bytes; and every other question asked (a path there or not, a
  symlink's target, a plugin marker above a skill, a config file above the working folder), with its
  answer. A question about an entry of a listed folder is not stored: the folder's signature
  and listing already answer it.

A later run with the same key stats every recorded folder and file. When each signature is
unchanged, the output is printed again and the run ends, without discovery, rules or formatters.
A folder or file whose mtime or ctime is later than 2 s before the moment the record says it was
written (when its draft began, before the last skill was read: `Draft`; file system timestamps are
coarse: a change in the same tick leaves the signature as it was) is not trusted on its signature:
its listing or bytes are compared with the recorded digest. So is any whose signature changed
(a `touch`, a checkout that rewrote the same bytes). Any difference, and the run goes the normal
way, which writes a new record.

Records are entries of `store.py` (one file per invocation): written atomically, pruned once a
day by a run that computed something (entries unused for 14 days), checked with a SHA-256 header
(a damaged record is a miss). A run that finds its record stale and cannot write a new one (too
big a tree, an internal error) deletes it.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from skilllint.engine.cache import package
from skilllint.engine.cache.hashing import hash_value, sha256, sha256_hex
from skilllint.engine.cache.store import EntryStore
from skilllint.reading.fsview import (
    _ASK,
    Answer,
    FileSystemView,
    RunInputs,
    Scan,
    Sig,
    access,
    digest,
    listing_digest,
    read_with_stat,
    scan_kinds,
)
from skilllint.version import __version__

if TYPE_CHECKING:
    from pathlib import Path

MAGIC = b"skilllint-run 1 "
FORMAT = 2
"""Bumped when what a record holds, or how its key is made, changes."""
RACY_NS = 2_000_000_000
"""A signature this close to the moment the record was written is not trusted alone."""
WHOLE = -1
"""The read limit of a file read whole (a config, a `.gitignore`)."""
_PATH_OPS = frozenset({"exists", "isfile", "isdir", "lexists"})
_LISTED_OPS = _PATH_OPS | {"listdir", "subdirs"}
"""The questions a folder listing can answer (`implied`)."""
_POSIX = os.sep == "/" and os.altsep is None


def _installed() -> list[Any]:
    """The folders distributions are installed in, with their signatures (installing or removing
    anything changes the folder's mtime) and the distributions they hold (names with versions).
    Only those: the first entry of sys.path is the script's folder or the working one, which
    depends on how skilllint was started, not on what it runs (PYTHONPATH is in the key)."""
    found: list[Any] = []
    for folder in sys.path:
        if not folder.endswith(("site-packages", "dist-packages")):
            continue
        try:
            info = os.stat(folder or ".")
            names = sorted(name for name in os.listdir(folder or ".") if name.endswith((".dist-info", ".egg-info")))
        except OSError:
            continue
        found.append([folder, info.st_mtime_ns, info.st_ino, names])
    return found


def run_key(invocation: Mapping[str, Any]) -> str:
    """The key of a run's record: the invocation (the CLI's part) and skilllint and its Python.
    Not the digest of skilllint's files: computing it reads them all, so the record holds it and
    `Replay.holds` compares it (`package.py`)."""
    return hash_value({
        "format": FORMAT,
        "version": __version__,
        "python": [sys.version, sys.platform, sys.implementation.cache_tag, sys.executable],
        "installed": _installed(),
        "invocation": invocation,
    })


class Replay:
    """A decoded record: what to print, the exit code, and the inputs to check first."""

    __slots__ = ("stdout", "stderr", "code", "written", "dirs", "files", "probes", "package", "origin")

    def __init__(self, raw: dict[str, Any]) -> None:
        self.stdout: str = raw["stdout"]
        self.stderr: str = raw["stderr"]
        self.code: int = raw["code"]
        self.written: int = raw["written"]
        self.dirs: list[list[Any]] = raw["dirs"]
        self.files: list[list[Any]] = raw["files"]
        self.probes: list[list[Any]] = raw["probes"]
        self.package: list[Any] = raw["package"]
        """The digest of skilllint's files the run had (`key.package_digest`) and their signature
        (`package.signature`, None when it could not be trusted)."""
        self.origin: tuple[Path | str, str, dict[str, Any], bytes] | None = None
        """Where `load` found the record (cache folder, key), its JSON and its output's bytes."""
        if not (type(self.package) is list and len(self.package) == 2 and type(self.package[0]) is str
                and type(self.package[1]) in (str, type(None))
                and type(self.stdout) is str and type(self.stderr) is str and type(self.code) is int
                and type(self.written) is int and all(type(part) is list for part in (self.dirs, self.files,
                                                                                         self.probes))):
            raise ValueError("a record of the wrong shape")

    def holds(self, *, by_signature: bool = False) -> bool:
        """Whether every recorded input is as it was, skilllint's own files included. A malformed input
        (a corrupt record) does not hold.

        `by_signature` (the fast path, `skilllint.output.fastpath`): skilllint's files are taken as
        they were when their signature is, as the linted files are; else (and when it differs) their
        digest is computed and compared, as the result cache's key does (`key.package_digest`)."""
        try:
            return self._dirs_hold() and self._files_hold() and self._probes_hold() \
                and self._package_holds(by_signature)
        except (KeyError, TypeError, ValueError, IndexError):
            return False

    def _package_holds(self, by_signature: bool) -> bool:
        recorded, signature = self.package
        if not by_signature:
            from skilllint.engine.cache import key as cache_key

            return bool(cache_key.package_digest() == recorded)
        folders = package.default_tops()
        if folders is None:
            return False
        if signature is not None and package.signature(folders) == signature:
            return True
        fresh = package.signature(folders, older_than=time.time_ns() - RACY_NS)  # before the bytes are read
        if package.digest(folders) != recorded:
            return False
        if fresh is not None:
            self._keep_signature(fresh)
        return True

    def _keep_signature(self, signature: str) -> None:
        """Store the record again with the files' signature it could not trust (a run within 2 s of
        installing skilllint, as a pre-commit hook's first) or that has changed (skilllint reinstalled
        with the same files): the next replays stat them instead of reading them all."""
        if self.origin is None:
            return
        root, key, raw, output = self.origin
        try:
            EntryStore(root).put(key, _sealed({**raw, "package": [self.package[0], signature]}, output))
        except (OSError, TypeError, ValueError):
            return

    def _dirs_hold(self) -> bool:
        trusted_before = self.written - RACY_NS
        stat = os.stat
        for path, sig, listing in self.dirs:
            try:
                info = stat(path)
            except OSError:
                return False
            mtime, ctime = info.st_mtime_ns, info.st_ctime_ns
            if not (mtime == sig[0] and ctime == sig[1] and info.st_ino == sig[2] and info.st_size == sig[3]
                    and info.st_dev == sig[4] and mtime < trusted_before and ctime < trusted_before) \
                    and (not listing or _listed(info, path) != listing):
                return False
        return True

    def _files_hold(self) -> bool:
        trusted_before = self.written - RACY_NS
        stat = os.stat
        for path, sig, limit, answer in self.files:
            if sig is not None:
                try:
                    info = stat(path)
                except OSError:
                    return False
                mtime, ctime = info.st_mtime_ns, info.st_ctime_ns
                if (mtime == sig[0] and ctime == sig[1] and info.st_ino == sig[2] and info.st_size == sig[3]
                        and info.st_dev == sig[4] and mtime < trusted_before and ctime < trusted_before):
                    continue
            if read_answer(path, limit) != answer:
                return False
        return True

    def _probes_hold(self) -> bool:
        return all(type(path) is str and _ASK[op](path) == answer for op, path, answer in self.probes)


def _listed(info: os.stat_result, path: str) -> str:
    """A folder's access (mode, owners) and the digest of its listing: all a check asks of it."""
    mode, uid, gid = access(info)
    return f"{mode}:{uid}:{gid}:" + listing_digest(scan_kinds(path))


def read_answer(path: str, limit: int) -> Answer:
    """What reading `path` answers now, as the record holds it (`limit`: the reader's, or WHOLE)."""
    if limit != WHOLE:
        return FileSystemView(limit).answer("read", path)
    try:
        data, _ = read_with_stat(path, 1 << 62)
    except OSError as error:
        return ["error", error.errno]
    return ["ok", digest(data), len(data)]


def load(root: Path | str, key: str) -> Replay | None:
    """The record stored under `key`, or None (none, unreadable, damaged, another format).

    Layout: `MAGIC <sha256 of the rest>\\n`, the inputs and exit code as one line of JSON, then the
    output's bytes as they are (stdout, then stderr; their lengths are in the JSON): a JSON string
    of megabytes of findings would cost a replay its escaping and unescaping."""
    data = EntryStore(root).get(key)
    if data is None:
        return None
    header, newline, payload = data.partition(b"\n")
    if not newline or header != MAGIC + sha256_hex(payload).encode("ascii"):
        return None
    try:
        inputs, newline, output = payload.partition(b"\n")
        raw = json.loads(inputs)
        if not newline or type(raw) is not dict:
            return None
        split = raw["stdout"]
        if type(split) is not int or not 0 <= split <= len(output):
            return None
        found = Replay({**raw, "stdout": output[:split].decode("utf-8", "surrogatepass"),
                        "stderr": output[split:].decode("utf-8", "surrogatepass")})
        found.origin = (root, key, raw, output)
        return found
    except (ValueError, KeyError, TypeError, RecursionError):  # UnicodeDecodeError is a ValueError
        return None


Row = tuple["Sig | None", int, Answer]
"""A file a computed skill read, as the record's `files` keeps it beside its path: its signature (None for
a read that failed), the limit it was read with and what reading it answered. Two readings of one file
in a run must give equal rows (`take`, `take_rows`, `build`)."""


def recorded(probes: list[list[Answer]], sigs: Mapping[str, Sig], limit: int, inputs: RunInputs
             ) -> tuple[list[list[Answer]], dict[str, Row]]:
    """What a run record needs of one computed skill's probes, sorted out where the skill is computed
    (a pool worker: the walk's listings came with the fork): the questions no listing answers already
    (`implied`: most are, as `metadata.yaml there?` of a listed folder), and each file read, as its row
    by path."""
    scans = inputs.scans
    kept: list[list[Answer]] = []
    rows: dict[str, Row] = {}
    for probe in probes:
        op, path, answer = probe
        if op == "read":
            rows[path] = _row(path, answer, sigs, limit)
        elif op not in _LISTED_OPS or not implied(op, path, answer, scans):
            kept.append(probe)
    return kept, rows


def _row(path: str, answer: Answer, sigs: Mapping[str, Sig], limit: int) -> Row:
    sig = sigs.get(path) if answer[0] == "ok" and answer[1] is not None else None
    return sig, limit, answer


def encode_rows(rows: Mapping[str, Row]) -> bytes:
    """Rows as the record's `files` holds them, comma-separated (each a JSON array: path, signature,
    limit, answer): one encoding for them all, where they were gathered (a pool worker encodes its own
    while the main process goes on: `engine.deferred`)."""
    if not rows:
        return b""
    return _compact([[path, *row] for path, row in rows.items()])[1:-1]


class _Part:
    """The rows a pool worker encoded (`encode_rows`), decoded only when another reading of one of its
    files must be compared with its row (rare but for the `full` format's source lines): decoding the
    rows of 5,500 skills in this process cost 20 ms, their paths alone 1."""

    __slots__ = ("blob", "_rows")

    def __init__(self, blob: bytes) -> None:
        self.blob = blob
        self._rows: dict[str, Row] | None = None

    def rows(self) -> dict[str, Row]:
        if self._rows is None:
            self._rows = {path: (None if sig is None else tuple(sig), limit, answer)
                          for path, sig, limit, answer in json.loads(b"[" + self.blob + b"]")}
        return self._rows


class Draft:
    """What of a run's record is ready before the run ends: the walk's folders, encoded while the
    workers finish, and each file a computed skill read, as its row (a pool worker's already encoded).

    The record says it was written when the draft began, earlier than it is: a signature is trusted
    alone only when older than 2 s before that (`RACY_NS`), so an earlier moment trusts fewer of them,
    never more."""

    __slots__ = ("written", "scanned", "dirs", "rows", "parts", "blobs")

    def __init__(self, inputs: RunInputs, *, listed: bool = True) -> None:
        self.written = time.time_ns()
        self.rows: dict[str, Row] = {}  # each file a skill computed here read: its row, by path
        self.parts: dict[str, _Part] = {}  # each file a pool worker's skills read: the rows holding it
        self.blobs: list[_Part] = []  # those rows, in the order they came
        self.scanned, self.dirs = -1, b""
        if listed:
            self.list_folders(inputs)

    def list_folders(self, inputs: RunInputs) -> None:
        """Encode the folders the walk listed (again, when one was listed since)."""
        self.scanned, self.dirs = len(inputs.scans), _compact(_dirs(inputs.scans, self.written))

    def row(self, path: str) -> Row | None:
        """The row filed for `path`, if any."""
        found = self.rows.get(path)
        if found is None and path in self.parts:
            found = self.parts[path].rows()[path]
        return found


def begin(inputs: RunInputs) -> None:
    """Begin the run's draft now, before any pool worker reads (its moment: `Draft`); its folders are
    encoded later (`list_folders`), while the workers finish what they left for later."""
    if inputs.broken is None and not isinstance(inputs.draft, Draft):
        inputs.draft = Draft(inputs, listed=False)


def list_folders(inputs: RunInputs) -> None:
    """Encode the draft's folders now (see `begin`)."""
    if isinstance(inputs.draft, Draft) and inputs.broken is None:
        inputs.draft.list_folders(inputs)


def _draft(inputs: RunInputs) -> Draft:
    draft = inputs.draft
    if not isinstance(draft, Draft):
        draft = inputs.draft = Draft(inputs)
    return draft


def take(inputs: RunInputs, kept: list[list[Answer]], rows: dict[str, Row], limit: int) -> None:
    """Take what a computed skill probed (`recorded`) into the run's inputs and draft record (begun
    here the first time). A file read twice must give the same row, and its signature must be the one
    any other reader of the run saw (a config or the `full` format's source lines, read whole here):
    else it changed during the run (or was read with two limits), and no record is written."""
    inputs.merge(kept, {}, limit)
    if inputs.broken is not None:
        return
    draft = _draft(inputs)
    sigs = inputs.sigs
    for path, row in rows.items():
        known = draft.row(path)
        sig = row[0]
        if (known is not None and known != row) or (sig is not None and sigs.setdefault(path, sig) != sig):
            inputs.give_up(f"{path} changed during the run")
            return
        if known is None:
            draft.rows[path] = row


def take_rows(inputs: RunInputs, kept: list[list[Answer]], paths: list[str], blob: bytes, limit: int) -> None:
    """`take`, for what a pool worker's skills read as a whole (`engine.deferred`): the paths of the files,
    and their rows encoded (`encode_rows`). A file another reader of the run read too (another worker,
    or this process: a config, the `full` format's source lines) must have the same row and signature."""
    inputs.merge(kept, {}, limit)
    if inputs.broken is not None:
        return
    draft = _draft(inputs)
    part = _Part(blob)
    both = (draft.rows.keys() | draft.parts.keys()) & set(paths) if draft.rows or draft.parts else set()
    sigs = inputs.sigs
    try:
        if any(draft.row(path) != part.rows()[path] for path in both) or any(
                part.rows()[path][0] not in (None, sigs[path]) for path in sigs.keys() & paths):
            inputs.give_up("a file changed during the run")
            return
        if both:  # (a file two workers read): each row once
            part = _Part(encode_rows({path: row for path, row in part.rows().items() if path not in both}))
            paths = [path for path in paths if path not in both]
    except (KeyError, TypeError, ValueError):  # rows that do not decode: no record of them
        inputs.give_up("a worker's rows could not be read")
        return
    draft.parts.update(dict.fromkeys(paths, part))
    if part.blob:
        draft.blobs.append(part)


def _dirs(scans: Mapping[str, Scan], written: int) -> list[list[Any]]:
    """The record's folders. A folder's listing is kept (as a digest) only where its signature cannot
    be trusted alone: one changed since (rarely unchanged: a folder's mtime moves when an entry comes
    or goes) is a miss."""
    racy = written - RACY_NS
    return [[path, sig, f"{owner[0]}:{owner[1]}:{owner[2]}:" + listing_digest(kinds)
             if sig[0] >= racy or sig[1] >= racy else ""] for path, (sig, owner, kinds) in scans.items()]


def build(inputs: RunInputs, stdout: list[bytes], stderr: str, code: int) -> list[bytes] | None:
    """The record of a finished run that printed `stdout` (its pieces), in pieces to write one after
    the other, or None when its inputs cannot all be recorded."""
    if inputs.broken is not None:
        return None
    from skilllint.engine.cache import key as cache_key

    draft = inputs.draft if isinstance(inputs.draft, Draft) else None
    if draft is None:  # no skill computed (a warm run): nothing drafted
        draft = Draft(inputs)
    elif draft.scanned != len(inputs.scans):  # a folder listed after the draft began: its rows stay
        draft.list_folders(inputs)
    own: dict[str, Row] = {}  # the files this process read (configs, manifests, cache lookups, ...)
    probes: list[list[Any]] = []
    sigs, limits, scans = inputs.sigs, inputs.limits, inputs.scans
    try:
        for (op, path), answer in inputs.answers().items():
            if op == "read":
                row = _row(path, answer, sigs, limits.get(path, inputs.max_bytes))
                known = draft.row(path)
                if known is None:
                    own[path] = row
                elif known != row:  # a worker read other bytes
                    return None
            elif not implied(op, path, answer, scans):
                probes.append([op, path, answer])
        whole = {path: _row(path, answer, sigs, WHOLE) for path, answer in inputs.whole.items()}
        err = stderr.encode("utf-8", "surrogatepass")
        # skilllint's files are trusted on their signature only if unchanged since before this
        # process read them (less the racy margin): else the digest may be of other bytes
        package_part = [cache_key.package_digest(), package.signature(
            cache_key.package_tops(), older_than=cache_key.IMPORTED_NS - RACY_NS)]
        head = b'{"written":%d,"stdout":%d,"code":%d,"dirs":' % (draft.written, sum(map(len, stdout)), code)
        files = b",".join(part for part in (*(part.blob for part in draft.blobs), encode_rows(draft.rows),
                                            encode_rows(own), encode_rows(whole)) if part)
        tail = b'],"probes":' + _compact(probes) + b',"package":' + _compact(package_part) + b"}\n"
        return _sealed_pieces([head, draft.dirs, b',"files":[', files, tail, *stdout, err])
    except (KeyError, TypeError, ValueError):  # (a worker's rows that do not decode)
        return None


def _compact(value: Any) -> bytes:
    from skilllint.core.fastjson import compact  # a replay reads records with json alone

    return compact(value)


def _sealed_pieces(payload: list[bytes]) -> list[bytes]:
    """A record's pieces, the header first (see `load`): its bytes are their concatenation."""
    digest = sha256(large=True)
    for piece in payload:
        digest.update(piece)
    return [MAGIC + digest.hexdigest().encode("ascii") + b"\n", *payload]


def _sealed(record: dict[str, Any], output: bytes) -> bytes:
    """A record's bytes (see `load`). Raises TypeError or ValueError for what JSON cannot hold."""
    return b"".join(_sealed_pieces([_compact(record), b"\n", output]))


def _normal(path: str) -> bool:
    """Whether `path` is absolute and normalised (no `.`, `..`, doubled or trailing separator),
    the way the walk spells the folders it lists."""
    if _POSIX and path.startswith("/") and "//" not in path and not path.endswith(("/", "/.", "/..")) \
            and "/./" not in path and "/../" not in path:
        return True  # the usual answer, without normpath: `/.claude-plugin` is a name, not a `.` step
    return os.path.isabs(path) and os.path.normpath(path) == path


def implied(op: str, path: str, answer: Answer, scans: Mapping[str, Scan]) -> bool:
    """Whether a recorded folder listing answers this question as the run got it, so that checking
    the folder checks the answer: `exists`, `isfile`, `isdir`, `lexists` of an entry that is no
    symlink (or of a path below an entry that is missing or a file), `listdir` of a listed folder,
    `subdirs` of one without symlinks."""
    if op not in _LISTED_OPS or type(path) is not str or not (_POSIX or _normal(path)):
        return False
    # a folder the walk listed is spelt as it spells them (`_normal`), and so is that folder's path
    # joined with a plain name: only a path neither is needs the test (most are one or the other)
    if op in ("listdir", "subdirs"):
        found = scans.get(path)
        kinds = None if found is None else found[2]
        if kinds is None:
            return False
        if op == "listdir":
            return bool(answer == sorted(kinds))
        return "l" not in kinds.values() and bool(answer == sorted(name for name, kind in kinds.items() if kind == "d"))
    plain = _POSIX and path.startswith("/") and not path.startswith("//")
    if plain:  # split at the last separator, as os.path.split does
        head, _, name = path.rpartition("/")  # (which keeps the two slashes POSIX lets start a path)
        parent = head or "/"
        plain = name not in ("", ".", "..")  # a listed folder and a plain name: spelt as the walk does
    else:
        parent, name = os.path.split(path)
    found = scans.get(parent)
    if found is not None and (plain or _normal(path)):
        kinds = found[2]
        if kinds is None:
            return False
        kind = kinds.get(name)
        if kind == "l":
            return False
        expected = kind is not None if op in ("exists", "lexists") else kind == ("f" if op == "isfile" else "d")
        return answer is expected
    if not _normal(path):
        return False
    while parent not in scans:  # the nearest listed folder above: is the path's next step missing there?
        if _POSIX and not parent.startswith("//"):
            head, _, step = parent.rpartition("/")
            up = head or "/"
        else:
            up, step = os.path.dirname(parent), os.path.basename(parent)
        if up == parent:
            return False
        name, parent = step, up
    kinds = scans[parent][2]
    if kinds is None or kinds.get(name, "f") not in ("f", "o"):
        return False  # a folder the walk skipped, or a symlink: the answer is not the listing's
    return answer is False
