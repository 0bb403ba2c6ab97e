"""Portability: which skills run where (`matrix`), and which aliases close a runtime's gaps
(`coverage`). Both answer their question from the engine's own reading and resolution (the
same discovery, documents, tool references and `resolve()` as `check`), one skill at a time,
so a large tree costs totals, not documents."""
