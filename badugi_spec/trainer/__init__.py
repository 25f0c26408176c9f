"""The trainer: play a session against a bot, with every event explained by its rule."""

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
