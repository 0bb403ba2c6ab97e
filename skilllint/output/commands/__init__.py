"""The work behind each CLI command, kept out of cli.py so `skilllint --help` stays fast."""
