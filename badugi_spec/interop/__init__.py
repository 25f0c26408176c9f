"""Real hand histories: PHH and PokerStars text in, replays, PHH and scenarios out.

`record` is the format-neutral hand; `phh` and `pokerstars` read (and PHH writes) it;
`plan` works out a deck for the cards a history hides; `replay` plays a hand through the
engine under a profile; `export` writes engine hands as PHH; `importer` writes a real
hand as a scenario, and `scenario_out` puts its file inside `--out` without overwriting.

It may use the protocol, scenario, simulation, engine, profiles, rankings and cards;
`pokerkit/` is the only package that imports PokerKit. Only the commands use it.
"""
