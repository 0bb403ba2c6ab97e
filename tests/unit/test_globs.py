"""`skilllint.reading.globs`: the glob dialect of `exclude`, `manifests` and `per-file-ignores`.

Each pattern form is matched against real paths; `test_matches_like_the_reference` compares
every generated glob with a small matcher written from the dialect's rules (below), not from
the regex the module builds.
"""

from __future__ import annotations

import time
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skilllint.reading.globs import MAX_WILDCARDS, GlobError, compile_glob, matches


def _matching(pattern: str, paths: list[str]) -> list[str]:
    return [path for path in paths if matches(path, (pattern,))]


# -- a pattern without `/` is a name at any depth ------------------------------------------------

NAMES = ["build", "build/x", "a/build", "a/build/x/y", "rebuild", "build.txt", "a/builds", "b/uild"]


def test_a_name_matches_at_any_depth_and_everything_below_it() -> None:
    assert _matching("build", NAMES) == ["build", "build/x", "a/build", "a/build/x/y"]


def test_a_trailing_slash_keeps_the_pattern_unanchored() -> None:
    assert _matching("build/", NAMES) == _matching("build", NAMES)


# -- a pattern with `/` is anchored at the top ----------------------------------------------------


def test_a_path_is_anchored_at_the_top() -> None:
    paths = ["docs/build", "docs/build/SKILL.md", "x/docs/build", "docs/builds", "docs"]
    assert _matching("docs/build", paths) == ["docs/build", "docs/build/SKILL.md"]


@pytest.mark.parametrize("pattern", ["/build", "./build", "\\build", "/build/"])
def test_a_leading_slash_or_dot_slash_anchors_a_name(pattern: str) -> None:
    assert _matching(pattern, NAMES) == ["build", "build/x"]


def test_backslashes_are_folder_separators_and_spaces_around_are_dropped() -> None:
    paths = ["docs/build/a", "x/docs/build", "docs\\build"]
    assert _matching("  docs\\build\t", paths) == ["docs/build/a"]


def test_the_path_may_start_with_dot_slash() -> None:
    assert matches("./docs/build", ("docs/build",))
    assert matches("./a/build", ("build",))


# -- wildcards --------------------------------------------------------------------------------------


def test_star_stays_within_one_folder() -> None:
    paths = ["a.md", "x/a.md", "docs/a.md", "docs/x/a.md", "docs/a.mdx", "docs/.md"]
    assert _matching("*.md", paths) == ["a.md", "x/a.md", "docs/a.md", "docs/x/a.md", "docs/.md"]
    assert _matching("docs/*.md", paths) == ["docs/a.md", "docs/.md"]


def test_star_of_a_folder_matches_everything_in_it() -> None:
    assert _matching("docs/*", ["docs/a", "docs/x/a.md", "docs", "other/a"]) == ["docs/a", "docs/x/a.md"]


def test_question_mark_is_one_character_other_than_a_slash() -> None:
    assert _matching("a?c", ["abc", "a.c", "ac", "abbc", "a/c", "x/azc"]) == ["abc", "a.c", "x/azc"]


def test_double_star_slash_is_any_number_of_folders() -> None:
    paths = ["a/b", "a/x/b", "a/x/y/b", "a/xb", "b", "x/a/b"]
    assert _matching("a/**/b", paths) == ["a/b", "a/x/b", "a/x/y/b"]
    assert _matching("**/b", paths) == ["a/b", "a/x/b", "a/x/y/b", "b", "x/a/b"]


def test_double_star_at_the_end_is_what_is_inside_not_the_folder() -> None:
    assert _matching("docs/**", ["docs", "docs/a", "docs/a/b", "docsx/a"]) == ["docs/a", "docs/a/b"]


def test_double_star_inside_a_name_crosses_folders() -> None:
    assert _matching("a**b", ["ab", "a/x/b", "axb", "xa/b", "a/x/c", "y/a/b"]) == ["ab", "a/x/b", "axb", "y/a/b"]


def test_double_star_alone_matches_everything() -> None:
    assert _matching("**", ["a", "a/b/c", ".hidden"]) == ["a", "a/b/c", ".hidden"]


@pytest.mark.parametrize(("run", "same_as"), [("a/***/b", "a/**/b"), ("*****.md", "**.md"), ("**/**/b", "**/b"),
                                              ("a/**/**", "a/**")])
def test_runs_of_stars_mean_one_double_star(run: str, same_as: str) -> None:
    paths = ["a/b", "a/x/b", "a/x/y/b", "x.md", "a/x.md", "a", "b", "c/b", "a/c"]
    assert _matching(run, paths) == _matching(same_as, paths)


# -- character classes and alternatives -----------------------------------------------------------


def test_class_range_and_negation() -> None:
    paths = ["ax", "bx", "cx", "dx", "x"]
    assert _matching("[ab]x", paths) == ["ax", "bx"]
    assert _matching("[a-c]x", paths) == ["ax", "bx", "cx"]
    assert _matching("[!a-c]x", paths) == ["dx"]


def test_a_class_never_matches_a_slash() -> None:
    """As in git: `a[!b]c` is one name, so it does not match the folder path `a/c`."""
    assert _matching("a[!b]c", ["a/c", "axc", "abc"]) == ["axc"]
    assert _matching("a[--/]c", ["a/c", "a-c", "a.c"]) == ["a-c", "a.c"]


def test_regex_characters_are_plain_text() -> None:
    paths = ["a.b", "axb", "a+b", "aab", "(x)", "x", "a|b", "a", "^$"]
    assert _matching("a.b", paths) == ["a.b"]
    assert _matching("a+b", paths) == ["a+b"]
    assert _matching("(x)", paths) == ["(x)"]
    assert _matching("a|b", paths) == ["a|b"]
    assert _matching("^$", paths) == ["^$"]
    assert _matching("[&~|]", ["&", "~", "|", "a"]) == ["&", "~", "|"]


def test_braces_are_alternatives() -> None:
    paths = ["tools.json", "tools.yaml", "tools.yml", "tools.toml", "x/tools.json"]
    assert _matching("tools.{json,yaml}", paths) == ["tools.json", "tools.yaml", "x/tools.json"]
    assert _matching("{,x/}tools.json", paths) == ["tools.json", "x/tools.json"]


def test_several_patterns_match_when_any_does() -> None:
    assert matches("b/c", ("a", "c"))
    assert not matches("b/c", ("a", "d"))
    assert not matches("b/c", ())


# -- globs that cannot be compiled ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pattern", "message"),
    [
        ("skills/foo[", "`[` is never closed with `]`"),
        ("*.{md,yaml", "`{` is never closed with `}`"),
        ("a[]", "`[]` is an empty set"),
        ("a[!]", "`[!]` is an empty set"),
        ("[z-a]", "bad character range z-a in `[z-a]`"),
        ("[a--z]", "Possible set difference at position 2 in `[a--z]`"),
        ("*a*b*c*d*e*f*g*h*i", f"more than {MAX_WILDCARDS} `*` wildcards: matching it could take very long"),
        ("**/a/**/b/**/c/**/d/**/e/**/f/**/g/**/h/**/i", f"more than {MAX_WILDCARDS} `*` wildcards"),
    ],
)
def test_glob_errors_say_what_is_wrong(pattern: str, message: str) -> None:
    with pytest.raises(GlobError) as raised:
        compile_glob(pattern)
    assert str(raised.value).startswith(message)
    assert isinstance(raised.value, ValueError)


def test_eight_wildcards_are_allowed_and_a_run_counts_once() -> None:
    compile_glob("*a" * MAX_WILDCARDS)
    compile_glob("a/**" * MAX_WILDCARDS)
    compile_glob("*" * 500 + "x")


# -- matching stays fast ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pattern", "miss", "hit"),
    [
        ("*a" * MAX_WILDCARDS, "a" * 200 + "b", "a" * 200),  # the miss took 6 s at 41 characters
        ("**a" * MAX_WILDCARDS, "a" * 200 + "b", "b" * 200 + "a" * 8),
        ("**/a/" * MAX_WILDCARDS + "b", "a/" * 200 + "c", "a/" * 200 + "b"),  # 6 s at 45 folders
        ("a/" + "**/a/" * (MAX_WILDCARDS - 1) + "b", "a/" * 200 + "c", "a/" * 200 + "b/c"),
        ("*a*a*a" + "**a" * 4, "a" * 200 + "b/" + "a" * 100 + "b", "a" * 200 + "b/" + "a" * 100),
        ("*[ab]?*a?*b*a", "ab" * 120 + "/c", "ab" * 120 + "a/c"),
    ],
)
def test_many_wildcards_do_not_backtrack_for_seconds(pattern: str, miss: str, hit: str) -> None:
    started = time.monotonic()
    assert not matches(miss, (pattern,))
    assert matches(hit, (pattern,))
    assert time.monotonic() - started < 0.1


# -- against a reference matcher ------------------------------------------------------------------


def _reference(pattern: str, path: str) -> bool:
    """The dialect as documented: `**/` any folders, `**` anything, `*` `?` `[...]` within a name,
    `{a,b}` alternatives; a pattern without `/` matches at any depth; a match of a folder
    matches everything below it."""
    pattern = pattern.strip().replace("\\", "/")
    anchored = "/" in pattern.rstrip("/")
    pattern = pattern.strip("/")
    while "***" in pattern:
        pattern = pattern.replace("***", "**")

    @cache
    def at(i: int, j: int, text: str) -> bool:
        if i == len(pattern):
            return j == len(text)
        if pattern.startswith("**/", i):
            return at(i + 3, j, text) or any(text[k] == "/" and at(i + 3, k + 1, text) for k in range(j, len(text)))
        if pattern.startswith("**", i):
            return any(at(i + 2, k, text) for k in range(j, len(text) + 1))
        char = pattern[i]
        if char == "*":
            k = j
            while True:
                if at(i + 1, k, text):
                    return True
                if k == len(text) or text[k] == "/":
                    return False
                k += 1
        if char == "{":
            end = pattern.index("}", i)
            return any(text.startswith(option, j) and at(end + 1, j + len(option), text)
                       for option in pattern[i + 1 : end].split(","))
        if j == len(text):
            return False
        if char == "?":
            return text[j] != "/" and at(i + 1, j + 1, text)
        if char == "[":
            end = pattern.index("]", i + 1)
            content = pattern[i + 1 : end]
            negate = content.startswith("!")
            content = content[negate:]
            inside = any(a <= text[j] <= b for a, b in
                         ((content[k], content[k + 2]) if content[k + 1 : k + 2] == "-" and k + 2 < len(content)
                          else (content[k], content[k]) for k in _class_starts(content)))
            return text[j] != "/" and inside != negate and at(end + 1, j + 1, text)
        return text[j] == char and at(i + 1, j + 1, text)

    starts = [0] if anchored else [0] + [k + 1 for k, c in enumerate(path) if c == "/"]
    ends = [len(path)] + [k for k, c in enumerate(path) if c == "/"]
    return any(at(0, 0, path[start:end]) for start in starts for end in ends if end >= start)


def _class_starts(content: str) -> list[int]:
    starts, k = [], 0
    while k < len(content):
        starts.append(k)
        k += 3 if content[k + 1 : k + 2] == "-" and k + 2 < len(content) else 1
    return starts


GLOB_PARTS = st.sampled_from(["a", "b", ".", "/", "*", "**", "**/", "/**", "?", "[ab]", "[!a]", "[a-b]", "{a,ab}",
                              "{b,a/b}", "{,a}"])
PATHS = st.text(st.sampled_from("ab./"), max_size=10)


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(parts=st.lists(GLOB_PARTS, min_size=1, max_size=7), paths=st.lists(PATHS, min_size=1, max_size=8))
def test_matches_like_the_reference(parts: list[str], paths: list[str]) -> None:
    pattern = "".join(parts)
    for path in paths:
        # `matches` reads a leading "./" as the current folder (a path given as ./skills/x), the
        # reference as a folder named "."; compare them on the path both mean
        same = path[2:] if path.startswith("./") and len(path) > 2 else path
        assert matches(path, (pattern,)) == _reference(pattern, same), (pattern, path)
