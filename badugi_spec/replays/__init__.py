"""A hand's replay: the engine's events kept as it plays, turned into frames and sentences.

`record` keeps each step's events and a checkpoint of the live hand (its `Recorder` is an
engine implementation for the scenario runner; a `Tape` follows a `Hand` played directly),
`frames` turns a record into the table after every event, and `words` tells each event in a
sentence (`words.toml`); `moments` keeps what each player faced at each decision (the
lesson pages' figures). Plain data, no markup: the docs' replayer draws it on the site, the
page's engine (`web`) on the play page and the playground.

It may use the scenario runner's interface, the engine, profiles, rankings, cards and errors;
the docs and `web` use it, and the protocol and fuzz beside it do not.
"""
