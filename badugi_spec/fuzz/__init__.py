"""Fuzzing another implementation: random play and hand values, our engine the oracle.

- `choices`: the stream of small choices every fuzzed game is made from; replaying a
  shorter or smaller stream is how a divergence shrinks;
- `game`: a random session played by our engine, statement by statement;
- `trial`: what a trial holds, and the scenario text that states it;
- `policy`: how a fuzzed player chooses (legal and illegal actions);
- `expects`: our engine's state as `expect` lines;
- `value_lines`: random `evaluate` and `compare` lines, every category of every ranking;
- `shrink`: the smallest stream that still diverges the same way;
- `campaign`: numbered trials against an implementation, findings and their files;
- `reports`: a campaign's JSON report, and merging shard reports.

It may use the scenario layer (its parser and runner: one comparison path with `verify`),
the simulation's stack plan and every layer below them (engine, profiles, rankings, cards);
not the protocol, which is its sibling: the commands give it a protocol client as the
implementation, and only the commands (and the docs) use it.
"""
