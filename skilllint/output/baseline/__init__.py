"""Baselines: adopt skilllint on a repository with old findings, and block only new ones.

`check --write-baseline FILE` records a fingerprint of every finding (`fingerprint.py`) in a
JSON file (`file.py`) meant to be committed; `check --baseline FILE` then reports only the
findings whose fingerprint is not in it, and counts the entries no finding matches any more
(`match.py`), so the file can shrink as old problems are fixed. The CLI's part (reading the
file, the notes in the summary, writing) is `skilllint.output.commands.baselines`.

What was taken from whom:

- GitHub code scanning correlates a result across runs by `partialFingerprints`, whose
  `primaryLocationLineHash` is a hash of the text at the result's line with spaces and tabs
  left out, suffixed with the occurrence of that hash in the file (`<hash>:<n>`;
  github/codeql-action `src/fingerprints.ts`). From it: the offending text, not its line
  number, identifies a finding, whitespace does not count, and identical ones are told apart
  by their order in the file.
- ESLint's bulk suppressions (`eslint-suppressions.json`, eslint.org/docs/latest/use/suppressions)
  and PHPStan's baseline (phpstan.org/user-guide/baseline) keep paths relative to the file
  itself, so the file works from any working folder and in any clone; both report entries
  that no longer match (ESLint's `--prune-suppressions`, PHPStan's unmatched ignored errors)
  so the file shrinks. Unlike PHPStan, the message is not matched: it can hold numbers that
  change with unrelated edits (a body's line count), and is kept in the file for the reader only.
"""
