"""The tutorial site: page generators, hand tables, learner pages, lexer and MkDocs hook."""
