"""The language server (`badugi-spec lsp`): what editors show while a scenario is written.

`diagnostics` reads a scenario as `check` does and says where it breaks, `hover` explains
rule IDs, profiles, overrides and error codes, `completion` offers what the grammar accepts
at the cursor (`badugi_spec.scenario.keywords`), and `text` holds the positions they share.
Those four are plain functions of a document's text, tested without a process. `server`
speaks the Language Server Protocol over stdio with `pygls`, the optional `lsp` extra; only
it imports pygls.

It may use the scenario layer and everything under it, not the docs or the commands.
"""
