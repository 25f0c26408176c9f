"""The tutorial site: the generated pages' computations, their templates and MkDocs' hook.

`build` runs every scenario and registers the generated pages; `hook` is what MkDocs
calls. Python here only computes what a page shows (frames from the engine's events, a
hand's rows, pots, odds, counts) and hands it to a Jinja template under `templates/`
(`templating.render`); the pages' words and markup live there and their tables and lists
under `data/` (`templating.data`). The architecture page draws the way a page takes.

It may use every layer below it (the mutants for their count, the scenario runner for
every example) and `editors` (its lexer colours the scenarios); only the page's engine
(`web`, which draws a scenario as these pages do), the commands and MkDocs use it.
"""
