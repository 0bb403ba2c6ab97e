"""Where runtimes other than Claude Code read agent and prompt files (Markdown with frontmatter).

Claude Code's subagents and commands are found by `discover.definition_role` (folders named
`agents/` and `commands/`, at any depth below `.claude/` or a plugin). The formats here are
found by where their runtime documents them, from the folder and the file name alone:

- GitHub Copilot custom agents: the `.md` files directly in `.github/agents/` (`*.agent.md` by
  convention), except `README.md`. VS Code "detects any `.md` files in the `.github/agents` folder"
  (microsoft/vscode-docs docs/copilot/customization/custom-agents.md @79700012); its locator lists a
  source folder's files without descending (microsoft/vscode src/vs/workbench/contrib/chat/common/
  promptSyntax/utils/promptFilesLocator.ts `resolveFilesAtLocation`) and `getPromptFileType` takes a
  `.md` file as an agent only "directly in the .github/agents/ folder (not in subfolders)", README.md
  excluded (.../promptSyntax/config/promptFileLocations.ts `isInAgentsFolder`); GitHub's reference
  names the files `.md` or `.agent.md` (github/docs content/copilot/reference/
  custom-agents-configuration.md @03e038c5). Read 2026-11-24.
- GitHub Copilot prompt files: `*.prompt.md` directly in `.github/prompts/` (vscode-docs
  docs/copilot/customization/prompt-files.md @8767fee3: "stored in the `.github/prompts` folder",
  "use the `.prompt.md` extension"; the same locator, `PROMPT_DEFAULT_SOURCE_FOLDER`). Read 2026-11-24.
- OpenCode agents: every `.md` file at any depth below `.opencode/agent/` or `.opencode/agents/`
  (anomalyco/opencode packages/opencode/src/config/agent.ts: `Glob.scan("{agent,agents}/**/*.md")` in
  each config directory, `.opencode/` among them; packages/web/src/content/docs/agents.mdx:
  "Per-project: `.opencode/agent/`"). Read 2026-11-24.

Folders a user adds in settings (`chat.agentFilesLocations`, `chat.promptFilesLocations`, OpenCode's
global config folder) are not the project's and are not looked for.
"""

from __future__ import annotations

import os

from skilllint.reading.document import COPILOT_AGENT, COPILOT_PROMPT, OPENCODE_AGENT

GITHUB_FOLDER = ".github"
OPENCODE_FOLDER = ".opencode"
OPENCODE_AGENT_FOLDERS = frozenset({"agent", "agents"})
PROMPT_SUFFIX = ".prompt.md"


def markdown_role(directory: str, name: str) -> str | None:
    """The kind of the Markdown file `name` in `directory` (a path, absolute or relative) when one
    of these runtimes reads it as an agent or a prompt file; None otherwise (a Claude Code
    subagent or command is `discover`'s to tell)."""
    if not name.endswith(".md"):
        return None
    folder = os.path.basename(directory)
    parent = os.path.basename(os.path.dirname(directory))
    if parent == GITHUB_FOLDER:
        if folder == "agents" and name != "README.md":
            return COPILOT_AGENT
        if folder == "prompts" and name.endswith(PROMPT_SUFFIX) and len(name) > len(PROMPT_SUFFIX):
            return COPILOT_PROMPT
        return None
    parts = os.path.normpath(directory).split(os.sep)
    for index, part in enumerate(parts[:-1]):
        if part == OPENCODE_FOLDER and parts[index + 1] in OPENCODE_AGENT_FOLDERS:
            return OPENCODE_AGENT
    return None
