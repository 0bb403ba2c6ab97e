"""Ship the top-level rulebook (rules/) and schemas (schemas/) inside the wheel.

They live at the top of the repository so humans find them; in an installed package
they sit under skilllint/_data/, where skilllint.core.resources looks for them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).parent


class BuildWithData(build_py):
    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "skilllint" / "_data"
        for name in ("rules", "schemas"):
            dest = target / name
            if dest.exists():
                shutil.rmtree(dest)
            shutil.copytree(ROOT / name, dest)


setup(cmdclass={"build_py": BuildWithData})
