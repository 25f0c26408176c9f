"""The trainer: play a session against a bot, with every event explained by its rule.

`session` runs the game at a terminal or from a script; `bot` chooses the bot's actions;
`narrate`, `narrate_draws` and `wording` tell each event with its rule; `screen`,
`faces` and `keys` draw the table and read the keys; `hints` gives the odds; `selfplay`
plays bots against each other (`bot-sessions`).

It may use the engine, profiles, rankings, rules, cards and errors; the docs and the
commands use it, the mutants beside it do not.
"""

from badugi_spec.trainer.bot import Bot, Seen, Tier, book_discards, seen, tier
from badugi_spec.trainer.selfplay import Report, play_sessions
from badugi_spec.trainer.session import Console, Script, Summary, Terminal, Trainer

__all__ = [
    "Bot",
    "Console",
    "Report",
    "Script",
    "Seen",
    "Summary",
    "Terminal",
    "Tier",
    "Trainer",
    "book_discards",
    "play_sessions",
    "seen",
    "tier",
]
