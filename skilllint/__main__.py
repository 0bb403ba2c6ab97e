"""`python -m skilllint`: the console script's entry (`skilllint.output.fastpath`), which replays an
unchanged `check` before the command line is loaded."""

from skilllint.output.fastpath import main

main()
