"""Random legal play with the rules' invariants checked as it goes (`simulate`).

It may use the engine and the layers below it (profiles, rankings, cards).
"""
