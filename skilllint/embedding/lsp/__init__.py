"""`skilllint server`: the language server (pygls, imported only by `server.py`, which only the
`server` command loads) and the editor-independent pieces it is made of: positions, the lint of a
buffer, hover text."""
