"""The reading layer: files to data with positions. Discovery of skills and the other files
(`discover`, `definitions`, `globs`), documents with frontmatter and node marks (`document`,
`yamlnodes`, `yamlspans`, `markdown`), JSON files and tool manifests (`jsonfile`, `manifests`),
frontmatter schemas (`schema`, `quickschema`) and the file-system view every reader asks through
(`fsview`). Reading records facts and judges nothing: no rule code, no severity."""
