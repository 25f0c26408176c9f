"""Random legal play with the rules' invariants checked as it goes (`simulate`).

- `random_play`: each hand's private random stream, its set-up and the random policy.
- `watch`: the rules' invariants, checked after every action (`SimulationError`).
- `simulate`: playing hands with both, `PlayedHand` and the run's `Tally`.

It may use the engine and the layers below it (profiles, rankings, cards).
"""
