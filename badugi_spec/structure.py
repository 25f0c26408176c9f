"""The game's shape as data. Kept for existing callers: a `Structure` is a rule profile.

Every number the engine reads (stakes, rounds, cap, session length) is a `Profile` field
(chapter R8); `HOUSE` is the house game of chapters R1 to R6.
"""

from __future__ import annotations

from badugi_spec.profiles.model import HOUSE, Profile

Structure = Profile

__all__ = ["HOUSE", "Structure"]
