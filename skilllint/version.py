"""The package's version: one module with nothing to import, so the result cache and the run record
can key on it without importing the package's public API."""

__version__ = "0.1.0"
