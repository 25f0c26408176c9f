"""Random legal play with the rules checked as properties of every hand (`simulate`).

- `properties`: the rules as properties of a hand's history, each citing its rule
  (`Broken`), in one place; the checkers walk the events (`history`, `history_chips`,
  `history_cards`, `history_showdown`). `simulate` and `fuzz` both run them.
- `random_play`: each hand's private random stream, its set-up and the random policy.
- `watch`: a hand played under the properties (`SimulationError`).
- `simulate`: playing hands with both, `PlayedHand` and the run's `Tally`.

It may use the engine and the layers below it (profiles, rankings, cards).
"""
