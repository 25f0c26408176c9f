"""The tutorial site: page generators, hand tables, learner pages, lexer and MkDocs hook.

`build` runs every scenario and registers the generated pages; `hook` is what MkDocs
calls. The pages: `chapters` (rule chapters, the rulebook, links), `learn` and
`rankings_odds` (learner pages), `reference_pages` (figures, coverage, codes), `about`,
`profiles_page`, `games`, `architecture`. The worked examples: `examples`, drawn with
`hand_table`, `hand_rows`, `hand_values` and `render`. `lexer` colours the language.

It may use every layer below it (the mutants for their count, the scenario runner for
every example); only the page's engine (`web`, which draws a scenario as these pages do),
the commands and MkDocs use it.
"""
