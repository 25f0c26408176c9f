"""Wrong engines and evaluators, each one rule misread, for measuring the suite's strength.

It may use every layer below it (cards to protocol); only the commands import it.
"""
