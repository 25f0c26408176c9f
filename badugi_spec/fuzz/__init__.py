"""Fuzzing another implementation: random play and hand values, our engine the oracle.

- `choices`: the stream of small choices every fuzzed game is made from; replaying a
  shorter or smaller stream is how a divergence shrinks;
- `game`: a random session played by our engine, statement by statement;
- `table`: a trial's stacks and the live table's lines before a deal (R8.3, R19);
- `decks`: a trial's decks, drawn card by card, or rigged for a tie, shared ranks or
  shared suits (a swarm's rig);
- `trial`: what a trial holds, and the scenario text that states it;
- `policy`: how a fuzzed player chooses (legal and illegal actions);
- `expects`: our engine's state as `expect` lines;
- `value_lines`: random `evaluate` and `compare` lines, every category of every ranking;
- `coverage`: the rules a trial reached, read from our engine's events, refusals and value
  lines, with `waypoints` (the thin corners: a capped round, a tie in a side pot ...);
  hits per rule and per waypoint over a campaign, and `--target` parsed;
- `corpus`: the streams that reached a rule, waypoint or pair not seen before;
- `guide`: the generator's lead for each trial (a corpus entry mutated, a swarm), a
  function of the seed and the trial number alone (reproducible and shard-safe);
- `plan`: which trials are play and which values, each made from its lead;
- `label`: the statement a divergence is at, and the rule of the field that differs;
- `answers`: properties the implementation's answer must have by itself (a pot's shares
  add up to it, no chip made or lost), each citing its rule, which then labels it;
- `shrink`: the smallest stream that still diverges the same way;
- `reduce`: a divergence, an error or our engine's broken property shrunk to its file;
- `finding`: a finding, its signature (one bug, one file) and how it is written;
- `campaign`: numbered trials against an implementation, findings and their files;
- `reports`: a campaign's JSON report, and merging shard reports (`report_shape` checks a
  report read back);
- `manifest`: what every shard of one campaign shares (versions, the `hello`, the options,
  the seed) and the trials it ran as ranges; what a set of reports lacks;
- `shards`: `--shard auto`, the job's place read from Slurm, GNU parallel or our variables;
- `summary_md`: a merged campaign as Markdown (`fuzz-merge --summary-md`);
- `db`: the findings database (`fuzz --db`): a file per finding, a file per run, merged
  on read;
- `distill`: a campaign's trials replayed, covered and shrunk into a few scenarios
  (`fuzz-distill`).

It may use the scenario layer (its parser and runner: one comparison path with `verify`),
the simulation's stack plan and every layer below them (engine, profiles, rankings, cards);
not the protocol, which is its sibling: the commands give it a protocol client as the
implementation, and only the commands (and the docs) use it.
"""
