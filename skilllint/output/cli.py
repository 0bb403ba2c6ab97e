"""The command line. Only this module and the formatters print.

Exit codes: 0 nothing at or above --fail-on, 1 findings at or above it, 2 usage, config
or internal error (one line; the traceback only with --debug).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import click

from skilllint.output.commands.failure import UsageFailure
from skilllint.version import __version__

EXIT_FINDINGS, EXIT_ERROR = 1, 2


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="skilllint")
def cli() -> None:
    """Lint AI-agent skills (SKILL.md) and tool manifests against the runtimes that run them."""


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("-t", "--target", "targets", multiple=True, metavar="ID",
              help="Runtime to check against (repeatable). Default: config `targets`, else agentskills.")
@click.option("--format", "fmt", type=click.Choice(["auto", "full", "text", "concise", "json", "sarif", "github"]),
              default="auto", show_default=True, help="Output format; auto: github on GitHub Actions, "
              "full on a terminal, concise in pipes; text: the same as full (the name coverage and matrix use).")
@click.option("--fail-on", type=click.Choice(["error", "warning", "info"]), default=None,
              help="Lowest severity that makes the exit code 1 (default: error).")
@click.option("--select", multiple=True, metavar="RULES",
              help="Only these rules (codes, names, prefixes; comma-separated).")
@click.option("--extend-select", multiple=True, metavar="RULES", help="Add rules to the selection.")
@click.option("--ignore", multiple=True, metavar="RULES", help="Turn rules off.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: number of cores). Output is the same for any value.")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None, help="Config file to use.")
@click.option("--isolated", is_flag=True, help="Ignore config files.")
@click.option("--force-exclude", is_flag=True,
              help="Apply `exclude` and .gitignore to paths named on the command line too (for pre-commit).")
@click.option("--statistics", is_flag=True,
              help="Print a count per rule instead of each finding (a JSON array with --format json; "
              "not with sarif or github).")
@click.option("-q", "--quiet", is_flag=True, help="Print findings only: no summary, no warning that nothing was found.")
@click.option("--color/--no-color", default=None,
              help="Colour, whatever FORCE_COLOR and NO_COLOR say. Default: on a terminal; FORCE_COLOR "
              "(any non-empty value) forces it on, NO_COLOR off; FORCE_COLOR wins if both are set.")
@click.option("--no-progress", is_flag=True, help="No progress counter on stderr.")
@click.option("--no-cache", is_flag=True, help="Neither use nor write the result cache.")
@click.option("--cache-dir", metavar="DIR", default=None,
              help="Keep the result cache in DIR (default: $SKILLLINT_CACHE_DIR, else config `cache-dir`, "
              "else $XDG_CACHE_HOME/skilllint or ~/.cache/skilllint).")
@click.option("--fix", is_flag=True,
              help="Apply the fixes that have one right answer (rules whose card has a Fix section) and "
              "write the files; the findings left are printed.")
@click.option("--diff", is_flag=True,
              help="Print the unified diff of what --fix would change and write nothing. Exit code 1 if "
              "there is something to fix, else 0.")
@click.option("--baseline", metavar="FILE", type=click.Path(dir_okay=False), default=None,
              help="Report only findings not recorded in FILE (written by --write-baseline).")
@click.option("--write-baseline", metavar="FILE", type=click.Path(dir_okay=False), default=None,
              help="Record every current finding in FILE (JSON, paths relative to it); report none of them.")
@click.option("-o", "--output-file", metavar="FILE", type=click.Path(dir_okay=False), default=None,
              help="Write the report to FILE (replaced atomically) instead of stdout.")
@click.option("--exit-zero", is_flag=True,
              help="Exit 0 even with findings at or above --fail-on (still 2 on a usage or internal error).")
@click.option("--debug", is_flag=True, help="Show tracebacks of internal errors.")
@click.option("--show-settings", is_flag=True,
              help="Print what governs each path (config file, targets and why, rules on, severities, ignores, "
              "fail-on, cache) and lint nothing.")
@click.option("--stdin-filename", metavar="PATH", default=None,
              help="With `-` (or no path): lint standard input as the file PATH, whose name, folder and "
              "config decide what it is and how it is checked. No cache is used or written.")
@click.option("--inject-fault", metavar="KIND:GLOB", hidden=True, default=None,
              help="Testing only: fail (raise, crash or hang) on files matching GLOB.")
def check(paths: tuple[str, ...], **options: Any) -> None:
    """Lint skill folders, SKILL.md files and tool manifests (default: the current folder; `-`:
    standard input, with --stdin-filename)."""
    sys.exit(_guard(_check, list(paths), options, debug=options["debug"]))


def _check(paths: list[str], options: dict[str, Any]) -> int:
    """The stored output of this same run while nothing it read has changed, else a run."""
    if "-" in paths or options.get("stdin_filename") is not None:
        from skilllint.output.commands.stdin import run_stdin

        return run_stdin(paths, options)
    paths = paths or ["."]
    if options.get("show_settings"):
        from skilllint.output.commands.showsettings import show_settings

        return show_settings(paths, options)
    from skilllint.output.commands.replay import replay

    code = replay(paths, options)
    if code is not None:
        return code
    from skilllint.output.commands.check import run_check

    return run_check(paths, options)


_CONFIG_OPTIONS = (
    click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
                 help="Config file to use."),
    click.option("--isolated", is_flag=True, help="Ignore config files."),
)


def _config_options(function: Any) -> Any:
    for option in reversed(_CONFIG_OPTIONS):
        function = option(function)
    return function


_TREE_OPTIONS = (
    click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, help="Worker processes (default: cores)."),
    *_CONFIG_OPTIONS,
    click.option("--force-exclude", is_flag=True, help="Apply `exclude` to paths named on the command line too."),
    click.option("--no-progress", is_flag=True, help="No progress bar on stderr."),
    click.option("--debug", is_flag=True, help="Show tracebacks of internal errors."),
)
"""What `coverage` and `matrix` take beside their own options: how `check` reads a tree."""


def _tree_options(function: Any) -> Any:
    for option in reversed(_TREE_OPTIONS):
        function = option(function)
    return function


@cli.command("coverage")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("-t", "--target", "targets", multiple=True, metavar="ID",
              help="The runtime to measure (one; default: the one in config `targets`).")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json", "config", "sisu"]), default="text",
              show_default=True, help="config: a .skilllint.yaml with the aliases; sisu: SISU's registerTools "
              "aliases object.")
@_tree_options
def coverage_command(paths: tuple[str, ...], **options: Any) -> None:
    """Which tool names a runtime is missing across the skills, and which aliases would close the gap."""
    from skilllint.output.commands.coverage import run_coverage

    sys.exit(_guard(run_coverage, list(paths) or ["."], options, debug=options["debug"]))


@cli.command("matrix")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("-t", "--target", "targets", multiple=True, metavar="ID",
              help="A runtime column (repeatable). Default: every built-in runtime.")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json", "html"]), default="text",
              show_default=True, help="html: one self-contained page (sortable, reasons on hover).")
@_tree_options
def matrix_command(paths: tuple[str, ...], **options: Any) -> None:
    """Skills x runtimes: which skills run where, each cell what `check --target` says (ok, warn, fail)."""
    from skilllint.output.commands.matrix import run_matrix

    sys.exit(_guard(run_matrix, list(paths) or ["."], options, debug=options["debug"]))


@cli.command("report")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("-t", "--target", "targets", multiple=True, metavar="ID",
              help="A runtime to report on (repeatable). Default: every built-in runtime.")
@click.option("-o", "--output", metavar="FILE", type=click.Path(dir_okay=False), default=None,
              help="Write the report to FILE ('-': stdout). Default: report.html (report.json with --format json).")
@click.option("--format", "fmt", type=click.Choice(["html", "json"]), default="html", show_default=True,
              help="html: one self-contained page; json: the same aggregates for programs.")
@_tree_options
def report_command(paths: tuple[str, ...], **options: Any) -> None:
    """One page over the tree and every runtime: which skills run, what each runtime lacks, why skills fail."""
    from skilllint.output.commands.report import run_report

    sys.exit(_guard(run_report, list(paths) or ["."], options, debug=options["debug"]))


@cli.command("rules")
@click.option("--all", "show_all", is_flag=True, help="Every rule, as without it (kept for scripts that pass it).")
@click.option("--on", "only_on", is_flag=True, help="Only the rules that run by default.")
def rules_command(show_all: bool, only_on: bool) -> None:
    """List every rule: code, name, default severity (`(off)`: runs only when selected), `fix` where
    `check --fix` repairs some of its findings, and summary. With --on, only the rules on by default."""
    from skilllint.checks.registry import all_rules

    rows = [(r.code, r.name, r.severity.value + ("" if r.enabled else " (off)"), "fix" if r.fixable else "",
             r.summary) for r in all_rules() if r.enabled or not only_on]
    width_name = max(len(r[1]) for r in rows)
    width_sev = max(len(r[2]) for r in rows)
    for code, name, severity, fix, summary in rows:
        click.echo(f"{code}  {name:<{width_name}}  {severity:<{width_sev}}  {fix:<3}  {summary}")


@cli.command()
@click.argument("rule")
def explain(rule: str) -> None:
    """Print the rule card of a code or name (e.g. SL200 or unknown-tool)."""
    from skilllint.checks.registry import UnknownRuleError, find_rule
    from skilllint.core.resources import card_path

    try:
        found = find_rule(rule)
    except UnknownRuleError as error:
        raise UsageFailure(str(error)) from None
    path = card_path(found.code)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        raise UsageFailure(f"the card of {found.code} is missing from the installation") from None
    if text.startswith("---"):
        end = text.find("\n---", 3)
        text = text[end + 4 :].lstrip("\n") if end > 0 else text
    click.echo(text.rstrip("\n"))


@cli.group("targets", invoke_without_command=True)
@_config_options
@click.pass_context
def targets_command(context: click.Context, /, **options: Any) -> None:
    """List the runtimes skilllint knows, with tool counts, confidence and source."""
    context.obj = options
    if context.invoked_subcommand is None:
        from skilllint.output.commands.targets import list_targets

        sys.exit(_guard(list_targets, options))


@targets_command.command("show")
@click.argument("ident", metavar="ID")
@click.pass_context
def targets_show(context: click.Context, ident: str) -> None:
    """Show one runtime: its tools, capabilities, aliases and facts."""
    from skilllint.output.commands.targets import show_target

    sys.exit(_guard(show_target, ident, context.obj or {}))


@cli.group("cache")
def cache_command() -> None:
    """The result cache `check` keeps: where it is, and emptying it."""


_CACHE_DIR_OPTION = click.option("--cache-dir", metavar="DIR", default=None, help="The cache folder (as for check).")


@cache_command.command("dir")
@_CACHE_DIR_OPTION
@_config_options
def cache_dir_command(**options: Any) -> None:
    """Print the folder `check` keeps its cache in (from here, with this config)."""
    from skilllint.output.commands.cache import show_dir

    sys.exit(_guard(show_dir, options))


@cache_command.command("clear")
@_CACHE_DIR_OPTION
@_config_options
def cache_clear_command(**options: Any) -> None:
    """Delete every entry of the cache (only files skilllint wrote there)."""
    from skilllint.output.commands.cache import clear

    sys.exit(_guard(clear, options))


@cli.command("resolve")
@click.argument("names", nargs=-1, required=True)
@click.option("-t", "--target", "targets", multiple=True, metavar="ID", help="Runtime (repeatable).")
@_config_options
def resolve_command(names: tuple[str, ...], **options: Any) -> None:
    """Show how each tool NAME resolves on a target, and why."""
    from skilllint.output.commands.targets import resolve_names

    sys.exit(_guard(resolve_names, names, options))


@cli.command("server")
def server_command() -> None:
    """Run the language server on stdin/stdout (for an editor's LSP client): diagnostics as you
    type, hover on tool names."""
    from skilllint.embedding.lsp.server import serve

    sys.exit(_guard(serve))


def _guard(function: Any, *args: Any, debug: bool = False) -> int:
    """Turn configuration and internal errors into exit code 2 with one line.

    The messages can quote the user's paths and config values, so they are escaped
    (`textsafe`): an escape sequence cannot reach the terminal, and a byte that is not
    UTF-8 cannot make printing the error fail in turn. A config error keeps its newlines (a
    YAML error points at the bad spot on the lines below), indented so that no line of it
    can pass for a line of our own.
    """
    try:
        code: int = function(*args)
        return code
    except click.ClickException:
        raise
    except KeyboardInterrupt:
        click.echo("skilllint: interrupted", err=True)
    except BrokenPipeError:
        # the reader went away (`skilllint check | head`): stop quietly, as other CLI tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FINDINGS
    except Exception as error:  # noqa: BLE001 - an internal error must not print a traceback
        _report(error, debug)
    return EXIT_ERROR


def _report(error: Exception, debug: bool) -> None:
    """One line for an error that ended a command. The modules that define the errors are imported
    only now: a run that replays its stored output loads none of them."""
    from skilllint.core.textsafe import escape, escape_lines
    from skilllint.reading.discover import PathNotFoundError
    from skilllint.runtimes.targets import TargetError
    from skilllint.settings.config import ConfigError

    if isinstance(error, (ConfigError, TargetError)):
        message = escape_lines(str(error)).replace("\n", "\n  ")
        click.echo(f"skilllint: config error: {message}", err=True)
    elif isinstance(error, PathNotFoundError):
        click.echo(f"skilllint: error: path does not exist: {escape(str(error.args[0]))}", err=True)
    else:
        if debug or os.environ.get("SKILLLINT_DEBUG"):
            import traceback  # only here: it costs milliseconds of every start

            traceback.print_exception(error)
        click.echo(
            f"skilllint: internal error: {type(error).__name__}: {escape(str(error))} "
            "(run with --debug for the traceback)",
            err=True,
        )


def main() -> None:
    try:
        cli(standalone_mode=True)
    except SystemExit:
        raise


__all__ = ["cli", "main", "Path"]
