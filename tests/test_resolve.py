"""resolve(): the heart of the linter (DESIGN "Resolution"), tested case by case and by fuzzing."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from skilllint.runtimes.resolve import Outcome, Resolution, resolve, vocabulary
from skilllint.runtimes.targets import Target, Tool, builtin_targets, target_from_dict, with_aliases

TARGETS = builtin_targets()


def r(reference: str, target_id: str) -> Resolution:
    return resolve(reference, TARGETS[target_id])


# --------------------------------------------------------------------------------------------
# sisu: the case skilllint was born from
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["bash", "read_file", "write_file"])
def test_sisu_ecosystem_names_are_unknown(name: str) -> None:
    assert r(name, "sisu").outcome is Outcome.UNKNOWN


def test_sisu_read_file_help_names_terminal_read_file() -> None:
    res = r("read_file", "sisu")
    assert res.suggestions[0] == "terminalReadFile"
    assert "read-file" in (res.hint or "") and "`terminalReadFile`" in (res.hint or "")


def test_sisu_bash_help_names_terminal_run() -> None:
    res = r("bash", "sisu")
    assert res.suggestions[0] == "terminalRun"
    assert "`terminalRun`" in (res.hint or "")


def test_sisu_write_file_has_no_equivalent() -> None:
    res = r("write_file", "sisu")
    assert "sisu has no write-file tool" in (res.hint or "")
    assert "terminalRun" not in res.suggestions


def test_sisu_execute_command_suggests_terminal_run() -> None:
    res = r("execute_command", "sisu")
    assert res.suggestions[0] == "terminalRun"
    assert "cline" in (res.hint or "") and "shell" in (res.hint or "")


def test_sisu_with_app_aliases() -> None:
    app = with_aliases(TARGETS["sisu"], {"bash": "terminalRun", "read_file": "terminalReadFile"})
    bash, read, write = (resolve(n, app) for n in ("bash", "read_file", "write_file"))
    assert (bash.outcome, bash.tool and bash.tool.name, bash.via) == (Outcome.ALIAS, "terminalRun", "bash")
    assert (read.outcome, read.tool and read.tool.name) == (Outcome.ALIAS, "terminalReadFile")
    assert write.outcome is Outcome.UNKNOWN
    assert r("bash", "sisu").outcome is Outcome.UNKNOWN  # the built-in target is untouched


def test_sisu_camel_case_mismatch() -> None:
    res = r("webfetch", "sisu")
    assert res.outcome is Outcome.MISMATCH and res.suggestions == ("webFetch",)


# --------------------------------------------------------------------------------------------
# claude-code
# --------------------------------------------------------------------------------------------


def test_claude_code_lowercase_bash_is_a_mismatch() -> None:
    res = r("bash", "claude-code")
    assert res.outcome is Outcome.MISMATCH
    assert res.tool is not None and res.tool.name == "Bash"
    assert res.suggestions == ("Bash",)
    assert not res.resolved


def test_claude_code_read_file_suggests_read() -> None:
    res = r("read_file", "claude-code")
    assert res.outcome is Outcome.UNKNOWN
    assert res.suggestions[0] == "Read"


@pytest.mark.parametrize(
    ("legacy", "canonical"),
    [("Task", "Agent"), ("MultiEdit", "Edit"), ("View", "Read"), ("NotebookRead", "Read"),
     ("KillShell", "TaskStop"), ("SlashCommand", "Skill"), ("BashOutput", "TaskOutput")],
)
def test_claude_code_deprecated_names(legacy: str, canonical: str) -> None:
    res = r(legacy, "claude-code")
    assert res.outcome is Outcome.DEPRECATED and res.resolved
    assert res.via == legacy and res.tool is not None and res.tool.name == canonical
    assert res.suggestions == (canonical,)


@pytest.mark.parametrize(
    "reference",
    ["Bash(git diff:*)", "Bash(npm run *)", "Bash(*)", "Read(./src/**)", "Edit(/src/**)",
     "WebFetch(domain:x.com)", "Skill(deploy *)", "Agent(Explore)", "Agent(model:opus)",
     "PowerShell(Get-ChildItem *)", "Read", "Grep", "TodoWrite", "LS"],
)
def test_claude_code_valid_references_resolve(reference: str) -> None:
    res = r(reference, "claude-code")
    assert res.resolved, res
    assert res.specifier_problem is None, res.specifier_problem


def test_claude_code_permission_rule_parts() -> None:
    res = r("Bash(git diff:*)", "claude-code")
    assert (res.outcome, res.name, res.specifier) == (Outcome.EXACT, "Bash", "git diff:*")
    assert res.reference == "Bash(git diff:*)"


@pytest.mark.parametrize(
    "reference",
    ["mcp__github__create_issue", "mcp__github__*", "mcp__github", "mcp__*", "mcp__plugin_asana_asana__*"],
)
def test_claude_code_mcp_references(reference: str) -> None:
    res = r(reference, "claude-code")
    assert res.outcome is Outcome.MCP and res.resolved
    assert "claude-code" in res.runtime_ids


@pytest.mark.parametrize(
    ("reference", "fragment"),
    [
        ("WebSearch(foo)", "takes no specifier"),
        ("Bash(git:* push)", "literal"),
        ("WebFetch(example.com)", "domain:"),
        ("WebFetch(domain:)", "domain:"),
        ("Bash()", "empty specifier"),
        ("Bash(git diff", "unbalanced"),
        ("Bash(a)b", "after the closing"),
        ("Read)", "unbalanced"),
        ("mcp__github__create_issue(x)", "MCP"),
    ],
)
def test_claude_code_specifier_problems(reference: str, fragment: str) -> None:
    res = r(reference, "claude-code")
    assert res.specifier_problem is not None and fragment in res.specifier_problem


def test_deprecated_tool_part_of_rule_uses_canonical_specifier() -> None:
    res = r("Task(Explore)", "claude-code")
    assert res.outcome is Outcome.DEPRECATED and res.specifier == "Explore"
    assert res.specifier_problem is None


def test_claude_code_foreign_mcp_notations() -> None:
    res = r("github/create_issue", "claude-code")
    assert res.outcome is Outcome.MCP_FOREIGN and not res.resolved
    assert res.runtime_ids == ("copilot",)
    assert res.suggestions == ("mcp__github__create_issue",)
    for reference in ("mcp:github:create_issue", "mcp_github_create_issue", "mcp--github--x", "@github/x"):
        assert r(reference, "claude-code").outcome is Outcome.MCP_FOREIGN, reference


def test_claude_code_typos() -> None:
    for typo, fix in (("Bassh", "Bash"), ("Grpe", "Grep"), ("Raed", "Read"), ("WebFecth", "WebFetch"),
                      ("Agnet", "Agent"), ("TodoWrit", "TodoWrite"), ("Reed", "Read"), ("Grap", "Grep")):
        res = r(typo, "claude-code")
        assert res.outcome is Outcome.UNKNOWN and res.suggestions[:1] == (fix,), (typo, res.suggestions)


def test_a_typo_of_another_runtimes_tool_names_the_targets_tool_of_its_capability() -> None:
    """`Bassh` on codex: close to no codex name, one edit from claude-code's `Bash`, a shell tool."""
    res = r("Bassh", "codex")
    assert res.outcome is Outcome.UNKNOWN
    assert res.suggestions[:1] == ("shell",), res.suggestions
    assert (res.hint or "").startswith("`Bassh` looks like `Bash`: `Bash` is a shell tool of")
    assert r("Blorpx", "codex").hint is None  # close to nothing anywhere: no guess


@pytest.mark.parametrize("word", ["the", "foo", "code", "file", "test", "python", "git", "exit", "ls", "cd"])
def test_no_noise_suggestions_for_ordinary_words(word: str) -> None:
    assert r(word, "claude-code").suggestions == ()


def test_removed_tool_is_not_the_target_of_a_case_variant() -> None:
    res = r("ls", "claude-code")
    assert res.outcome is Outcome.UNKNOWN
    assert "claude-code has no list-dir tool" in (res.hint or "")
    assert r("LS", "claude-code").tool.status == "removed"  # type: ignore[union-attr]


def test_lowercase_legacy_name_points_to_canonical() -> None:
    res = r("task", "claude-code")
    assert res.outcome is Outcome.MISMATCH and res.suggestions == ("Agent",) and res.via == "Task"


# --------------------------------------------------------------------------------------------
# cline, opencode, copilot, openclaw, roo, gemini
# --------------------------------------------------------------------------------------------


def test_cline_read_file_exact_and_bash_unknown() -> None:
    assert r("read_file", "cline").outcome is Outcome.EXACT
    res = r("bash", "cline")
    assert res.outcome is Outcome.UNKNOWN and "execute_command" in res.suggestions


def test_cline_mcp_patterns() -> None:
    assert r("github__create_issue", "cline").outcome is Outcome.MCP
    res = r("mcp__github__x", "cline")
    assert res.outcome is Outcome.MCP_FOREIGN and res.suggestions == ("github__x",)


def test_opencode_bare_mcp_pattern_does_not_swallow_tool_names() -> None:
    res = r("read_file", "opencode")
    assert res.outcome is Outcome.UNKNOWN and res.suggestions[0] == "read"
    assert r("github_create_issue", "opencode").outcome is Outcome.MCP


def test_permission_rules_ignored_where_runtime_has_none() -> None:
    res = r("bash(git:* push)", "opencode")
    assert res.outcome is Outcome.EXACT and res.specifier == "git:* push"
    assert res.specifier_problem is None


def test_copilot_is_case_insensitive_but_not_style_insensitive() -> None:
    folded = r("Bash", "copilot")
    assert folded.outcome is Outcome.FOLDED and folded.resolved and folded.tool.name == "bash"  # type: ignore[union-attr]
    alias = r("SHELL", "copilot")
    assert alias.outcome is Outcome.ALIAS and alias.tool.name == "execute"  # type: ignore[union-attr]
    assert r("WebFetch", "copilot").outcome is Outcome.ALIAS
    assert r("readFile", "copilot").outcome is Outcome.EXACT
    assert r("read-file", "copilot").outcome is Outcome.MISMATCH
    assert r("github/create_issue", "copilot").outcome is Outcome.MCP


def test_openclaw_aliases() -> None:
    res = r("BASH", "openclaw")
    assert res.outcome is Outcome.ALIAS and res.tool.name == "exec"  # type: ignore[union-attr]
    assert r("apply-patch", "openclaw").outcome is Outcome.ALIAS


def test_roo_alias_and_mcp() -> None:
    assert r("write_file", "roo-code").outcome is Outcome.ALIAS
    assert r("mcp--github--create_issue", "roo-code").outcome is Outcome.MCP
    assert r("mcp__github__create_issue", "roo-code").outcome is Outcome.MCP_FOREIGN


def test_gemini_legacy_alias() -> None:
    res = r("search_file_content", "gemini-cli")
    assert res.outcome is Outcome.DEPRECATED and res.tool.name == "grep_search"  # type: ignore[union-attr]


# --------------------------------------------------------------------------------------------
# agentskills: a name resolves when some runtime has it
# --------------------------------------------------------------------------------------------


def test_agentskills_typo_is_unknown_everywhere() -> None:
    res = r("Bassh", "agentskills")
    assert res.outcome is Outcome.UNKNOWN
    assert res.suggestions[:2] == ("Bash", "bash")


def test_agentskills_lists_runtimes() -> None:
    bash = r("bash", "agentskills")
    assert bash.outcome is Outcome.EXACT and {"opencode", "crush"} <= set(bash.runtime_ids)
    big = r("Bash", "agentskills")
    assert big.resolved and "claude-code" in big.runtime_ids


def test_agentskills_alias_and_deprecated_kinds() -> None:
    assert r("search_and_replace", "agentskills").outcome is Outcome.ALIAS
    view = r("View", "agentskills")
    assert view.outcome is Outcome.DEPRECATED and view.runtime_ids == ("claude-code",)
    assert r("Task", "agentskills").outcome is Outcome.EXACT  # Amp's name, Claude Code's legacy one


def test_agentskills_style_variant_and_mcp() -> None:
    res = r("READ", "agentskills")
    assert res.outcome is Outcome.MISMATCH and "Read" in res.suggestions
    assert r("mcp__github__create_issue", "agentskills").outcome is Outcome.MCP
    assert r("mcp:github:create_issue", "agentskills").outcome is Outcome.MCP_FOREIGN


def test_agentskills_specifiers_follow_claude_code() -> None:
    assert r("Bash(git:*)", "agentskills").specifier_problem is None
    assert r("Read(./src/**)", "agentskills").specifier_problem is None
    assert r("WebSearch(foo)", "agentskills").specifier_problem is not None


# --------------------------------------------------------------------------------------------
# user-defined targets and the vocabulary
# --------------------------------------------------------------------------------------------


def test_user_target_extending_sisu() -> None:
    app = target_from_dict(
        {"id": "my-app", "extends": "sisu", "aliases": {"bash": "terminalRun"},
         "tools": [{"name": "writeFile", "capability": "write-file"}]},
        TARGETS["sisu"],
    )
    assert resolve("bash", app).outcome is Outcome.ALIAS
    res = resolve("write_file", app)
    assert res.outcome is Outcome.MISMATCH and res.suggestions == ("writeFile",)


def test_target_from_scratch() -> None:
    target = Target(id="tiny", tools=(Tool(name="run", capability="shell"),))
    assert resolve("run", target).outcome is Outcome.EXACT
    res = resolve("execute_command", target)
    assert res.outcome is Outcome.UNKNOWN and res.suggestions == ("run",)
    empty = Target(id="empty", tools=())
    assert resolve("bash", empty).outcome is Outcome.UNKNOWN


def test_vocabulary() -> None:
    vocab = vocabulary()
    assert vocab is vocabulary()
    assert tuple(rid for rid, tool in vocab["Task"] if tool.name == "Agent") == ("claude-code",)
    assert {rid for rid, _ in vocab["read_file"]} >= {"cline", "roo-code", "gemini-cli"}
    assert "terminalRun" in vocab and "agentskills" not in {rid for v in vocab.values() for rid, _ in v}


def test_resolution_is_frozen() -> None:
    res = r("Read", "claude-code")
    with pytest.raises(AttributeError):
        res.outcome = Outcome.UNKNOWN  # type: ignore[misc]


# --------------------------------------------------------------------------------------------
# robustness
# --------------------------------------------------------------------------------------------

EDGE_CASES = ["", " ", "\t\n", "(", ")", "()", "((", "))", "(((x)))", "Bash(((", "Bash)))", "\x00", "é",
              "Ｂａｓｈ", "mcp__", "mcp__*__", "/", "@", "@/", "mcp:", "a" * 100_000, "(" * 50_000,
              "Bash(" + "x" * 100_000 + ")", "read_file" * 1000, "😀(😀)"]


def _never_raises(reference: str) -> None:
    """`reference` resolves on every target to a Resolution that keeps it and says no more
    than it can: at most three suggestions, `resolved` exactly for the outcomes that are."""
    for target_id, target in TARGETS.items():
        res = resolve(reference, target)
        assert isinstance(res, Resolution)
        assert res.target_id == target_id and res.reference == reference
        assert len(res.suggestions) <= 3
        assert res.resolved == (res.outcome in {Outcome.EXACT, Outcome.ALIAS, Outcome.DEPRECATED, Outcome.FOLDED,
                                                Outcome.MCP})


def _with_edge_cases(test: Callable[[str], None]) -> Callable[[str], None]:
    """Run each edge case as an explicit example, before (and whatever) Hypothesis generates."""
    for case in EDGE_CASES:
        test = example(reference=case)(test)
    return test


@_with_edge_cases
@settings(max_examples=100, deadline=None, derandomize=True, database=None)
@given(reference=st.one_of(st.sampled_from(EDGE_CASES), st.text()))
def test_never_raises_on_any_reference(reference: str) -> None:
    """Every edge case and generated text, on every target."""
    _never_raises(reference)


@settings(max_examples=200, deadline=None)
@given(name=st.sampled_from(sorted(vocabulary())), spec=st.text(max_size=20))
def test_fuzz_permission_rules_keep_the_tool_part(name: str, spec: str) -> None:
    res = resolve(f"{name}({spec})", TARGETS["claude-code"])
    assert isinstance(res, Resolution)
    if "(" not in spec and ")" not in spec:
        assert res.name == name.strip()


FRAGMENTS = st.sampled_from(["Bash", "bash", "Read", "mcp", "__", "_", "--", "-", "/", "@", ":", ":*", "*", "(",
                             ")", " ", "domain:", "github", "read_file", "Task", "é", "\u200b", "."])


@settings(max_examples=300, deadline=None)
@given(parts=st.lists(FRAGMENTS, max_size=8), target_id=st.sampled_from(sorted(TARGETS)))
def test_fuzz_from_meaningful_fragments(parts: list[str], target_id: str) -> None:
    res = resolve("".join(parts), TARGETS[target_id])
    assert isinstance(res, Resolution) and len(res.suggestions) <= 3
    if res.outcome in {Outcome.EXACT, Outcome.ALIAS, Outcome.DEPRECATED, Outcome.FOLDED, Outcome.MISMATCH}:
        assert res.tool is not None


@pytest.mark.parametrize("target_id", sorted(t for t in TARGETS if TARGETS[t].tools is not None))
def test_every_spelling_resolves_on_its_own_target(target_id: str) -> None:
    """The tables and the resolver agree: names are exact, aliases alias, legacy names deprecated."""
    target = TARGETS[target_id]
    for tool in target.tools or ():
        assert (resolve(tool.name, target).outcome, resolve(tool.name, target).tool) == (Outcome.EXACT, tool)
        for alias in tool.aliases:
            assert resolve(alias, target).outcome is Outcome.ALIAS, alias
        for alias in tool.deprecated_aliases:
            assert resolve(alias, target).outcome is Outcome.DEPRECATED, alias
        assert resolve(tool.name, TARGETS["agentskills"]).resolved, tool.name


LEGACY = {("TodoRead", "claude-code"): ("exact", "removed"), ("LSTool", "claude-code"): ("exact", "removed"),
          ("todoread", "opencode"): ("exact", "removed"), ("MultiEdit", "claude-code"): ("deprecated-alias", "default")}


@pytest.mark.parametrize(("name", "target_id"), sorted(LEGACY))
def test_legacy_and_removed_names_resolve_with_their_status(name: str, target_id: str) -> None:
    """A name a runtime once had resolves there as removed or through a deprecated alias, with the tool's status;
    on the portable baseline it resolves too (some runtime knows it), never as unknown."""
    outcome, status = LEGACY[(name, target_id)]
    found = r(name, target_id)
    assert (found.outcome.value, found.tool and found.tool.status) == (outcome, status)
    assert r(name, "agentskills").resolved


# --------------------------------------------------------------------------------------------
# alias_exposure: rename (SISU's registerTools aliases: the model sees one name per tool)
# --------------------------------------------------------------------------------------------


def _renaming_sisu(exposure: str | None = None) -> Target:
    spec: dict[str, object] = {"id": "app", "extends": "sisu", "aliases": {"bash": "terminalRun", "sh": "terminalRun"}}
    if exposure is not None:
        spec["alias_exposure"] = exposure
    return target_from_dict(spec, TARGETS["sisu"])


def test_sisu_renames_its_aliased_tools() -> None:
    assert TARGETS["sisu"].alias_exposure == "rename"


def test_rename_offers_the_canonical_name_as_its_first_alias() -> None:
    app = _renaming_sisu()
    canonical = resolve("terminalRun", app)
    assert canonical.outcome is Outcome.EXACT and canonical.offered_as == "bash"
    assert resolve("bash", app).offered_as is None  # the name the model sees
    assert resolve("sh", app).offered_as == "bash"  # a second alias is not offered either
    assert resolve("terminalReadFile", app).offered_as is None  # a tool without alias keeps its name


def test_api_exposure_offers_every_name() -> None:
    app = _renaming_sisu("api")
    assert resolve("terminalRun", app).offered_as is None
    assert resolve("sh", app).offered_as is None
