"""The engine layer: runs the rules that are on, per target, in worker processes (`linter`, `pool`),
contains faults and time budgets (`faults`), picks each skill's default target from where it lives
(`location`) and reuses a skill's cached result while what it depends on is unchanged (`cache/`).
`runsettings` holds what a run takes and gives. It knows no screen and no rule code."""
