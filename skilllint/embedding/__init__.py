"""The embedding layer: the same run for programs, the Python API (`api`, loaded lazily by
`skilllint/__init__.py`) and the language server (`lsp/`)."""
