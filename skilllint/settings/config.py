"""Configuration: `.skilllint.yaml` or `[tool.skilllint]` in pyproject.toml.

Found by walking up from the working directory (in each folder `.skilllint.yaml` beats
pyproject.toml; a folder holding `.git` is the last one looked at). Validated against
schemas/config.schema.json before use; every error names the key it is about.

A config is input like any other, so nothing in it may hang, crash or quietly switch a
check off: it is read only from a regular file (opened non-blocking, so a FIFO cannot
block), parsed with the project's bounded YAML builder, and its nesting, globs, regexes and
`extends` chains are checked here. Whatever the run cannot use is a ConfigError naming the
file, the key and the value.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any, Final

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode

from skilllint.checks.registry import UnknownRuleError, expand_selector
from skilllint.core import lazyre
from skilllint.core.linear import PatternError, compile_linear
from skilllint.core.records import FrozenRecord, Record
from skilllint.core.resources import load_schema
from skilllint.reading.fsview import PlainFs, RunInputs
from skilllint.reading.globs import GlobError, compile_glob
from skilllint.reading.quickschema import surely_valid
from skilllint.reading.yamlnodes import YamlRefused, find_node, parse_yaml
from skilllint.reading.yamlspans import Mark, line_and_column
from skilllint.runtimes.targets import TargetError, builtin_raw, extends_chain, user_parent

CONFIG_NAMES = (".skilllint.yaml", ".skilllint.yml")
MAX_CONFIG_BYTES = 4 * 1024 * 1024
"""A config is a few hundred bytes; past this it is refused rather than read."""
MAX_NESTING = 64
"""Deepest nesting of lists and mappings accepted (the deepest real key is 4 levels down)."""
MAX_SHOWN = 80
"""Characters of a value quoted in a message."""

_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
_NOT_REGULAR = (
    (stat.S_ISDIR, "is a folder, not a file"),
    (stat.S_ISFIFO, "is a FIFO (named pipe), not a regular file"),
    (stat.S_ISSOCK, "is a socket, not a regular file"),
    (stat.S_ISCHR, "is a character device, not a regular file"),
    (stat.S_ISBLK, "is a block device, not a regular file"),
)
_CONTROL_ESCAPES = {code: repr(chr(code))[1:-1] for code in (*range(32), 127)}
_MENTIONS_SKILLLINT = lazyre.compile(
    rb"(?m)^[ \t]*(?:\[[ \t]*tool[ \t]*\.[ \t]*[\"']?skilllint|(?:tool[ \t]*\.[ \t]*)?[\"']?skilllint[\"']?[ \t]*[.=])"
)
_STR_TAG = "tag:yaml.org,2002:str"


class ConfigError(ValueError):
    """A config that cannot be used; the message names the file and the key.

    The CLI prints it as one line, so control characters (a newline in a key, in a YAML
    message) are escaped and an overlong message is cut.
    """

    def __init__(self, message: str) -> None:
        message = message.translate(_CONTROL_ESCAPES)
        super().__init__(message if len(message) <= 1000 else message[:999] + "…")


class Config(Record, internal=("root",)):
    __slots__ = ("path", "data", "root")
    path: Path | None
    data: dict[str, Any]
    root: Node | None  # the YAML node tree, to say where a value is written (None for TOML or the API's mapping)

    def __init__(self, path: Path | None = None, data: dict[str, Any] | None = None) -> None:
        self.path = path
        self.data = {} if data is None else data
        self.root = None

    def where(self, *path: Any) -> str:
        """`<file>: line L, column C:` for a message about the value at `path` (without the position
        where the config has no node tree)."""
        return f"{self.path}:{where_written(self.root, path)}"

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    @property
    def base_dir(self) -> Path:
        return self.path.parent if self.path else Path.cwd()


# --------------------------------------------------------------------------------------------
# finding
# --------------------------------------------------------------------------------------------


class _Found(FrozenRecord):
    """A config file found, with its bytes when finding it meant reading it (pyproject.toml), or
    the error reading it met (a pyproject.toml that could not be read to decide is reported, not
    passed over: see `_pyproject_with_section`)."""

    __slots__ = ("path", "raw", "error")
    path: Final[Path]
    raw: Final[bytes | None]
    error: Final[ConfigError | None]

    def __init__(self, path: Path, raw: bytes | None = None, error: ConfigError | None = None) -> None:
        self.path = path
        self.raw = raw
        self.error = error


def find_config(start: Path) -> Path | None:
    """The nearest config file at or above `start`, stopping at a repository root."""
    found = _find(start, PlainFs())
    return found.path if found else None


def discover_config(start: Path, fs: RunInputs | None = None) -> Config | None:
    """The nearest config, loaded: a pyproject.toml is read once, to decide and to load. What it
    looked at and read is recorded in `fs` when given."""
    fs = PlainFs() if fs is None else fs
    found = _find(start, fs)
    if found is None:
        return None
    if found.error is not None:
        raise found.error
    return _load(found.path, found.raw, fs)


def _find(start: Path, fs: RunInputs) -> _Found | None:
    """Walk up. A `.skilllint.yaml` that is there but is no regular file (a folder, a FIFO, a
    dangling link) is found all the same, so loading it reports why it cannot be used."""
    for folder in (start, *start.parents):
        for name in CONFIG_NAMES:
            candidate = folder / name
            if fs.lexists(os.fspath(candidate)):
                return _Found(candidate)
        pyproject = folder / "pyproject.toml"
        try:
            raw = _pyproject_with_section(pyproject, fs)
        except ConfigError as error:
            return _Found(pyproject, error=error)
        if raw is not None:
            return _Found(pyproject, raw)
        if fs.lexists(os.fspath(folder / ".git")):
            return None
    return None


def _pyproject_with_section(pyproject: Path, fs: RunInputs) -> bytes | None:
    """The bytes of `pyproject` when it configures skilllint, else None.

    Decided by parsing, so `[tool]` + `skilllint = {...}` counts. One that does not parse
    (not UTF-8, bad TOML) counts when a line seems to set skilllint up, so that loading it
    reports the error; any other project's broken pyproject is not ours to judge. A file in
    UTF-16 or UTF-32 (which no TOML reader takes) is searched for that line in its own
    encoding: its bytes never hold `skilllint` as ASCII, and it was passed over in silence.

    One that is there but cannot be read to decide (a folder, a FIFO, a device, a dangling link,
    over MAX_CONFIG_BYTES, unreadable) raises the very ConfigError `.skilllint.yaml` gets from
    `_read_regular`: it may hold the settings the user expects, and ignoring it would lint with
    others unseen. Read non-blocking, so a FIFO never blocks the walk.
    """
    if not fs.lexists(os.fspath(pyproject)):
        return None
    raw = _read_regular(pyproject, fs)
    if b"skilllint" in raw or b"\\" in raw:  # else no table can name skilllint (but through an escape)
        import tomllib  # only for a pyproject.toml that may configure skilllint: it costs milliseconds of a start

        try:
            return raw if _tool_section(tomllib.loads(raw.decode("utf-8"))) is not None else None
        except (ValueError, RecursionError):  # UnicodeDecodeError and TOMLDecodeError are ValueErrors
            if _MENTIONS_SKILLLINT.search(raw):
                return raw
    wide = _wide_text(raw)
    return raw if wide is not None and _MENTIONS_SKILLLINT.search(wide) else None


_WIDE_BOMS = (
    (b"\x00\x00\xfe\xff", "utf-32"), (b"\xff\xfe\x00\x00", "utf-32"),  # before UTF-16: FF FE starts both
    (b"\xfe\xff", "utf-16"), (b"\xff\xfe", "utf-16"),
)


def _wide_encoding(raw: bytes) -> str | None:
    """`utf-16` or `utf-32` when the bytes are text in one of them, else None: a byte-order mark,
    or NUL bytes by the quarter at least (UTF-16 spells each ASCII character with one; a stray NUL
    in a UTF-8 file is no sign of it)."""
    for bom, encoding in _WIDE_BOMS:
        if raw.startswith(bom):
            return encoding
    head = raw[:4096]
    if head.count(b"\x00") * 4 < len(head) or not head:
        return None
    return "utf-16-be" if head[:1] == b"\x00" else "utf-16-le"


def _wide_text(raw: bytes) -> bytes | None:
    """The bytes of a UTF-16 or UTF-32 file re-encoded as UTF-8 (undecodable units replaced), to
    search for a mention of skilllint; None for any other file."""
    encoding = _wide_encoding(raw)
    if encoding is None:
        return None
    return raw.decode(encoding, "replace").encode("utf-8", "replace")


def _tool_section(document: dict[str, Any]) -> Any:
    tool = document.get("tool")
    return tool.get("skilllint") if isinstance(tool, dict) else None


# --------------------------------------------------------------------------------------------
# reading and parsing
# --------------------------------------------------------------------------------------------


def load_config(path: Path, fs: RunInputs | None = None) -> Config:
    """Read and validate one config file; raises ConfigError (and nothing else). The read is
    recorded in `fs` when given."""
    return _load(path, None, PlainFs() if fs is None else fs)


def _load(path: Path, raw: bytes | None, fs: RunInputs) -> Config:
    """Read (unless already read), parse, validate.

    An exception nobody foresaw still becomes a ConfigError naming the file, with the
    exception's type and message: wrapped, not hidden, and never a bare internal error.
    """
    try:
        data, root = _parse(path, raw if raw is not None else _read_regular(path, fs))
        validate_config(data, path, root)
    except ConfigError:
        raise
    except Exception as error:  # noqa: BLE001 - see the docstring
        raise ConfigError(f"{path}: cannot load config: {type(error).__name__}: {error}") from error
    config = Config(path, data)
    config.root = root
    return config


def _read_regular(path: Path, fs: RunInputs) -> bytes:
    """The bytes of `path`, which must be a regular file of at most MAX_CONFIG_BYTES.

    Checked with stat before opening (a socket cannot even be opened) and with fstat after
    opening non-blocking (it may have changed in between): reading a FIFO would block forever.
    """
    try:
        _refuse_irregular(path, os.stat(path).st_mode)
        handle = os.open(path, _OPEN_FLAGS)
        try:
            info = os.fstat(handle)
            _refuse_irregular(path, info.st_mode)
            data = _read_at_most(path, handle)
            fs.note_whole(os.fspath(path), info, data)
            return data
        finally:
            os.close(handle)
    except OSError as error:
        raise ConfigError(f"{path}: cannot read config: {error.strerror or error}") from None


def _refuse_irregular(path: Path, mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    what = next((text for test, text in _NOT_REGULAR if test(mode)), "is not a regular file")
    raise ConfigError(f"{path}: {what}")


def _read_at_most(path: Path, handle: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while chunk := os.read(handle, 1 << 20):
        size += len(chunk)
        if size > MAX_CONFIG_BYTES:
            raise ConfigError(f"{path}: the config is larger than {MAX_CONFIG_BYTES:,} bytes; not read")
        chunks.append(chunk)
    return b"".join(chunks)


def _parse(path: Path, raw: bytes) -> tuple[dict[str, Any], Node | None]:
    """The config's data and, for YAML, its node tree (to quote values as written)."""
    text = _decode(path, raw)
    data, root = (_parse_toml(path, text), None) if path.name == "pyproject.toml" else _parse_yaml(path, text)
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: the config must be a mapping of keys to values")
    return data, root


def _decode(path: Path, raw: bytes) -> str:
    """The text of a config, which must be UTF-8 without NUL bytes (neither YAML nor TOML allows one).

    A NUL is where a UTF-16 file without a byte-order mark shows first, so it is reported as such
    rather than left to the parser, whose message (an invalid key character) would not say it."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ConfigError(f"{path}: {_byte_position(raw, error.start)}: byte 0x{raw[error.start]:02x} is not "
                          f"UTF-8{_looks_wide(raw)}; save the file as UTF-8") from None
    nul = raw.find(b"\x00")
    if nul >= 0:
        raise ConfigError(f"{path}: {_byte_position(raw, nul)}: a NUL byte{_looks_wide(raw)}; "
                          "save the file as UTF-8") from None
    return text


def _byte_position(raw: bytes, offset: int) -> str:
    line = raw.count(b"\n", 0, offset) + 1
    column = offset - raw.rfind(b"\n", 0, offset)
    return f"line {line}, column {column}"


def _looks_wide(raw: bytes) -> str:
    encoding = _wide_encoding(raw)
    return f" (the file looks {encoding[:6].upper()})" if encoding is not None else ""


def _parse_toml(path: Path, text: str) -> Any:
    """The `[tool.skilllint]` table ({} when absent). tomllib recurses once per nesting level."""
    import tomllib

    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: invalid TOML: {error}") from None
    except RecursionError:
        raise ConfigError(f"{path}: TOML nests too deeply to parse (at most {MAX_NESTING} levels)") from None
    section = _tool_section(document)
    return {} if section is None else section


def _parse_yaml(path: Path, text: str) -> tuple[Any, Node | None]:
    """Parsed with `parse_yaml`, which refuses alias bombs and deep nesting without building them."""
    try:
        parsed = parse_yaml(text)
    except YamlRefused as error:
        raise ConfigError(f"{path}: {line_and_column(error)}: {error}") from None
    except yaml.YAMLError as error:
        raise ConfigError(f"{path}: invalid YAML: {_yaml_problem(error)}") from None
    for item in parsed.nonportable:  # YAML keeps the last of two equal keys: the first would be ignored unseen
        if item.feature == "duplicate-key":
            raise ConfigError(f"{path}: {line_and_column(item)}: key `{_clip(item.detail)}` is given twice; YAML "
                              "keeps the last one: remove or merge one of them")
    return ({} if parsed.data is None else parsed.data), parsed.root


def _yaml_problem(error: yaml.YAMLError) -> str:
    """PyYAML's message on one line: the problem and where, then what it was parsing."""
    if not isinstance(error, yaml.MarkedYAMLError) or error.problem is None:
        return str(error)
    text = error.problem + _at(error.problem_mark)
    if error.context:
        text += f" ({error.context}{_at(error.context_mark)})"
    return text


def _at(mark: Mark | None) -> str:
    return f" at {line_and_column(mark)}" if mark is not None else ""


# --------------------------------------------------------------------------------------------
# validation
# --------------------------------------------------------------------------------------------


def validate_config(data: dict[str, Any], path: Path | str, root: Node | None = None) -> None:
    """Shape first (nesting, string keys, the schema), then meaning (rule names, globs,
    regexes, `extends` chains); each error names the offending key and value.

    `root`, the YAML node tree, lets a message quote a value as written: YAML 1.1 reads an
    unquoted `off` as false, and the user should be told to quote it, not that False is wrong.
    """
    _check_nesting(data, path)
    _check_keys(data, path, root)
    _check_schema(data, path, root)
    _check_selectors(data, path)
    _check_globs(data, path)
    _check_runtimes(data, path)


def _check_nesting(data: dict[str, Any], path: Path | str) -> None:
    """Iteratively, so a 2,000-deep TOML array is an error here, not a RecursionError later."""
    stack: list[tuple[Any, int, Any]] = [(value, 1, key) for key, value in data.items()]
    while stack:
        value, depth, top = stack.pop()
        if depth > MAX_NESTING:
            raise ConfigError(f"{path}: key `{top}`: nests more than {MAX_NESTING} levels deep")
        if isinstance(value, dict):
            stack.extend((child, depth + 1, top) for child in value.values())
        elif isinstance(value, list):
            stack.extend((child, depth + 1, top) for child in value)


def _check_keys(data: dict[str, Any], path: Path | str, root: Node | None) -> None:
    """Every key of every mapping is a string (YAML reads `on:`, `no:`, `1:` as other things)."""
    stack: list[tuple[tuple[Any, ...], Any]] = [((), data)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, dict):
            for key, child in value.items():
                if not isinstance(key, str):
                    text = _key_text(root, where, key)
                    raise ConfigError(f"{path}: key `{_dotted((*where, text or key))}`: {_not_a_string(key, text)}")
                stack.append(((*where, key), child))
        elif isinstance(value, list):
            stack.extend(((*where, index), child) for index, child in enumerate(value))


def _key_text(root: Node | None, where: tuple[Any, ...], key: Any) -> str | None:
    """The key as written in the YAML file, found among the non-string keys of its mapping."""
    mapping = find_node(root, where) if root is not None else None
    if not isinstance(mapping, MappingNode):
        return None
    for key_node, _ in mapping.value:
        if _is_plain_non_string(key_node) and _scalar_value(key_node) == key:
            return str(key_node.value)
    return None


def _is_plain_non_string(node: Node | None) -> bool:
    """An unquoted scalar YAML resolved to something else than a string (false, 1, null...)."""
    return isinstance(node, ScalarNode) and not node.style and node.tag != _STR_TAG  # libyaml: "", PyYAML: None


def _scalar_value(node: ScalarNode) -> Any:
    try:
        return SafeConstructor().construct_object(node)
    except (yaml.YAMLError, ValueError):
        return None


def _not_a_string(value: Any, text: str | None) -> str:
    """Why a value is not the string expected and, when it is unquoted YAML, how to write it."""
    if text is None:
        return f"{_short(value)} is {_reading(value)}, not a string"
    if not text:
        return "has no value: write one after the colon"
    return f"`{text}` unquoted is read as {_reading(value)} in YAML: write '{text}' in quotes"


def _reading(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null (no value)"
    if isinstance(value, int | float):
        return f"the number {value}"
    return f"a {type(value).__name__}"


@cache
def _schema_validator() -> Any:
    import jsonschema

    return jsonschema.Draft202012Validator(load_schema("config.schema.json"))


def _check_schema(data: dict[str, Any], path: Path | str, root: Node | None) -> None:
    if "tools" in data:  # an app's tools belong to a target, where resolution can use them
        raise ConfigError(f"{path}: unknown key `tools` in the top level: declare an app's tools in a target, "
                          "`runtimes: {my-app: {extends: claude-code, tools_from: [tools.json]}}`, "
                          "and lint with `--target my-app`")
    if surely_valid(data, load_schema("config.schema.json")):
        return  # the usual case, without importing jsonschema (100 ms)
    errors = _schema_validator().iter_errors(data)
    error = min(errors, key=lambda e: list(map(str, e.absolute_path)), default=None)
    if error is None:
        return
    if error.validator == "additionalProperties":
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        where = f"`{_dotted(error.absolute_path)}`" if error.absolute_path else "the top level"
        at = _where_written(root, (*error.absolute_path, extra[0]), key=True) if extra else ""
        raise ConfigError(f"{path}:{at} unknown key {', '.join(f'`{_clip(e)}`' for e in extra[:5])} in {where}")
    key = _dotted(error.absolute_path) or "(top level)"
    raise ConfigError(f"{path}:{_where_written(root, tuple(error.absolute_path))} key `{key}`: "
                      f"{_schema_message(error, root)}")


def where_written(root: Node | None, path: tuple[Any, ...], *, key: bool = False) -> str:
    """` line L, column C:` of the value (or key) at `path` in a YAML config, for a message naming it;
    empty where the config has no node tree (TOML, or a mapping given to the API)."""
    return _where_written(root, path, key=key)


def _where_written(root: Node | None, path: tuple[Any, ...], *, key: bool = False) -> str:
    node = find_node(root, path, want_key=key) if root is not None else None
    return f" {line_and_column(node.start_mark)}:" if node is not None else ""


def _schema_message(error: Any, root: Node | None) -> str:
    """jsonschema's message, made to say what to write where it can, and never overlong."""
    if _wants_string(error) and not isinstance(error.instance, str | list | dict):
        text = _plain_scalar_text(root, tuple(error.absolute_path))
        if text is not None:
            return _not_a_string(error.instance, text)
    if error.validator in ("minimum", "maximum"):
        return _range_message(error)
    shown = repr(error.instance)
    message = str(error.message)
    if len(shown) > MAX_SHOWN and message.startswith(shown):
        return _short(error.instance) + message[len(shown):]
    return message


def _wants_string(error: Any) -> bool:
    if error.validator == "type":
        expected = error.validator_value
        return "string" in (expected if isinstance(expected, list) else [expected])
    return error.validator == "enum" and all(isinstance(v, str) for v in error.validator_value)


def _plain_scalar_text(root: Node | None, where: tuple[Any, ...]) -> str | None:
    node = find_node(root, where) if root is not None else None
    return str(node.value) if node is not None and _is_plain_non_string(node) else None


_BYTE_KEYS = frozenset({"max-file-size"})


def _range_message(error: Any) -> str:
    """Both bounds in one message, e.g. `must be an integer from 1 to 268,435,456 bytes (256 MiB)`."""
    low, high = error.schema.get("minimum"), error.schema.get("maximum")
    kind = "an integer" if error.schema.get("type") == "integer" else "a number"
    if low is not None and high is not None:
        bounds = f"from {low:,} to {high:,}"
    else:
        bounds = f"of at least {low:,}" if low is not None else f"of at most {high:,}"
    if error.absolute_path and error.absolute_path[-1] in _BYTE_KEYS:
        bounds += " bytes" + (f" ({high // (1 << 20):,} MiB)" if high is not None and high % (1 << 20) == 0 else "")
    return f"must be {kind} {bounds}, not {_short(error.instance)}"


def _check_selectors(data: dict[str, Any], path: Path | str) -> None:
    for key in ("select", "extend-select", "ignore"):
        for selector in data.get(key, []):
            _check_selector(selector, key, path)
    for selector in data.get("severity", {}):
        _check_selector(selector, f"severity.{selector}", path)
    for glob, selectors in data.get("per-file-ignores", {}).items():
        for selector in selectors:
            _check_selector(selector, f"per-file-ignores.{glob}", path)


def _check_selector(selector: str, key: str, path: Path | str) -> None:
    try:
        expand_selector(selector)
    except UnknownRuleError as error:
        raise ConfigError(f"{path}: key `{key}`: {error}") from None


def _check_globs(data: dict[str, Any], path: Path | str) -> None:
    """Compiled with the very function matching uses, so a glob that passes here works there."""
    for key in ("exclude", "manifests"):
        for glob in data.get(key, []):
            _check_glob(glob, key, path)
    for glob in data.get("per-file-ignores", {}):
        _check_glob(glob, "per-file-ignores", path)


def _check_glob(glob: str, key: str, path: Path | str) -> None:
    try:
        compile_glob(glob)
    except GlobError as error:
        raise ConfigError(f"{path}: key `{key}`: invalid glob `{_clip(glob)}`: {error}") from None


def _check_runtimes(data: dict[str, Any], path: Path | str) -> None:
    runtimes = data.get("runtimes", {})
    for ident, spec in runtimes.items():
        _check_name_pattern(ident, spec.get("name_pattern"), path)
        _check_mcp_pattern(ident, spec.get("mcp_pattern"), path)
    _check_extends(runtimes, path)


def _check_name_pattern(ident: str, pattern: str | None, path: Path | str) -> None:
    """SL207 compiles `name_pattern`; one that cannot compile would switch the rule off unseen. It runs
    on RE2 (linear time: `^(a+)+$` cannot hang a run), so a pattern RE2 refuses (a backreference, a
    lookaround) is a config error too, naming the key."""
    if pattern is None:
        return
    try:
        compile_linear(pattern)
    except PatternError as error:
        raise ConfigError(
            f"{path}: key `runtimes.{ident}.name_pattern`: not a regular expression RE2 accepts (no backreferences "
            f"or lookaround) `{_clip(pattern)}`: {error}"
        ) from None


def _check_mcp_pattern(ident: str, pattern: str | None, path: Path | str) -> None:
    """`mcp_pattern` is a template (`mcp__{server}__{tool}`), not a regular expression: without `{tool}`
    it names no tool, so every MCP reference would be foreign; say so instead of accepting `[`."""
    if pattern is None:
        return
    if "{tool}" not in pattern:
        raise ConfigError(f"{path}: key `runtimes.{ident}.mcp_pattern`: `{_clip(pattern)}` is no MCP naming: write "
                          "a template with `{tool}` (and `{server}`), as `mcp__{server}__{tool}`")


def _check_extends(runtimes: dict[str, Any], path: Path | str) -> None:
    """Every user runtime's `extends` chain ends at a root: no unknown parent, no cycle, not too long."""
    if not runtimes:
        return
    raw_all = {**builtin_raw(), **{ident: {"extends": user_parent(ident, spec)} for ident, spec in runtimes.items()}}
    for ident in runtimes:
        try:
            extends_chain(ident, raw_all)
        except TargetError as error:
            raise ConfigError(f"{path}: key `runtimes.{ident}.extends`: {error}") from None


# --------------------------------------------------------------------------------------------
# showing values in messages
# --------------------------------------------------------------------------------------------


def _dotted(parts: Sequence[Any]) -> str:
    return ".".join(_clip(str(part)) for part in parts)


def _clip(text: str) -> str:
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 1] + "…"


def _short(value: Any) -> str:
    """repr of a value for a message, cut to MAX_SHOWN characters."""
    return _clip(repr(value))
