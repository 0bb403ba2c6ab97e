"""The result cache: a skill's findings reused when nothing they depend on has changed.

A warm re-run of an unchanged tree skips the per-skill work (reading, parsing, every skill
rule), which is nearly all of a run. What is reused, and when:

- Per skill only: its diagnostics and its summary (what project rules and suppressions are
  fed). Project rules (collisions across skills, manifests) and suppressions look at many
  skills at once, so they are computed afresh on every run from the summaries, cached or not.
- Keyed (`key.py`) by everything the settings make of a run (skilllint's version and a digest
  of its own source and data, the Python and installed distributions, the working folder,
  the rules on, severities, options, limits, every target's full definition, the config's
  content), the skill file's path, its targets, and the digest of its bytes.
- Valid only while every question its checks asked the file system gets the same answer:
  the probes recorded through `doc.fs` (`skilllint.reading.fsview`: metadata.yaml there?, the
  referenced file there?, the folder's listing, the plugin markers above) are asked again
  before an entry is used. A miss is computed and stored; a skill that got SL000 never is.

`pack.py` keeps the entries on disk (one pack per process that computed something), `codec.py`
turns them into bytes and back, `location.py` decides where the cache lives, `results.py` is
what the engine talks to; `runrecord.py` and `store.py` keep each invocation's run record.
"""
