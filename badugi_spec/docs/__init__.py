"""The tutorial site: the generated pages' computations, their templates and MkDocs' hook.

`build` runs every scenario and registers the generated pages; `hook` is what MkDocs
calls. Python here only computes what a page shows (frames from the engine's events, a
hand's rows, pots, odds, counts) and hands it to a Jinja template under `templates/`
(`templating.render`); the pages' words and markup live there, and `render` escapes the
few pieces drawn in code (a card's span). The pages: `chapters` (rule chapters, the
rulebook), `learn`, `strategy`, `drill` and `rankings_odds` (learner pages), `lessons`,
`reference_pages` (figures, coverage, codes), `about`, `profiles_page`, `games`,
`architecture`, `performance`. The worked examples: `examples`, drawn with `hand_table`,
`hand_rows`, `hand_values` and the replayer (`replayer*`); where each rule and example
sits is `places`.

It may use every layer below it (the mutants for their count, the scenario runner for
every example) and `editors` (its lexer colours the scenarios); only the page's engine
(`web`, which draws a scenario as these pages do), the commands and MkDocs use it.
"""
