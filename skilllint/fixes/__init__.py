"""`check --fix` and `--diff`: apply the fixes rules attach to their findings (`model.Fix`).

`edits` applies text edits to a file's text, `files` reads, diffs and writes files, `passes`
lints, picks the fixes of each pass and lints again until none is left.
"""
