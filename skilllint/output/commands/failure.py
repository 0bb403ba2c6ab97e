"""The one error a command raises to stop with exit code 2 and one line on stderr."""

from __future__ import annotations

from typing import Any

import click

EXIT_ERROR = 2


class UsageFailure(click.ClickException):
    """A usage or input error of the user's (a flag that names nothing, a file that cannot be used or
    written): `skilllint: error: MESSAGE` on stderr and exit code 2, never a traceback."""

    exit_code = EXIT_ERROR

    def show(self, file: Any = None) -> None:
        click.echo(f"skilllint: error: {self.format_message()}", err=True)
