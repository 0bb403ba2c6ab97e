"""The model layer: Severity, Span, Diagnostic (`model`), Location and ReadFact (`readfacts`), the record
base classes (`records`), and the small utilities every layer uses: lazily compiled regular expressions
(`lazyre`), "did you mean" (`suggest`), escaping for the terminal (`textsafe`), where the shipped data
lives (`resources`), Unicode confusables (`confusables`). It imports nothing of skilllint's."""
