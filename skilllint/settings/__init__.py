"""The settings layer: config files (`config`) and command-line options to the engine's `Settings`
(`build`): which config governs which path, the rules that are on, targets and user runtimes, rule
options validated by the rules' own declarations."""
