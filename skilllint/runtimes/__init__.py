"""The runtimes layer: what each runtime has (tools, aliases, fields, folders, per-rule severities,
with sources; `targets` and the `<id>.yaml` files here, built into `_builtin.json`), how a tool
reference resolves on it (`resolve`), how a tool entry and a tool field are read (`toolspec`,
`toollist`), and how a runtime that reads frontmatter line by line sees it (`linereader`). It knows
no rules."""
