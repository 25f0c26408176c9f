"""The tutorial site: the generated pages' computations, their templates and MkDocs' hook.

`build` runs every scenario and registers the generated pages; `hook` is what MkDocs
calls. Python here computes what a page shows and hands it to a Jinja template under
`templates/`; the pages' tables and lists are under `data/` (`templating`).

It may use every layer below it (the mutants for their count, the scenario runner for
every example) and `editors` (its lexer colours the scenarios); only the page's engine
(`web`, which draws a scenario as these pages do), the commands and MkDocs use it.
"""
