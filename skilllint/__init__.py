"""skilllint: static validation and linting for AI-agent skills and tool manifests."""

__version__ = "0.1.0"
