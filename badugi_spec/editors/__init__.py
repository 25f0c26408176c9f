"""The scenario language for editors and highlighters: the Pygments lexer (`lexer`, which
also colours the site's scenarios) and the TextMate grammar for VS Code (`textmate`), both
drawn from the grammar's own word lists.

It may use the scenario layer (its keywords) and Pygments; the docs use it to colour the
pages, and nothing below the docs imports it.
"""
