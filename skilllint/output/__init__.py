"""The output layer: the command line (`cli`, `commands/`), the report formats (`formatters/`) and
baselines (`baseline/`). Only this layer prints; it decides exit codes."""
