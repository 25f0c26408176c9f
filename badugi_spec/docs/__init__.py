"""The tutorial site: a Pygments lexer for scenarios and the generator of the rule pages."""
