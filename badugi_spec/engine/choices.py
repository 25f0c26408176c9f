"""The profile's choices that the engine tests on every action, worked out once per profile.

A `Profile` is a frozen dataclass of about sixty fields; the hot paths need a dozen of
them, some derived (`last_card == "dealt"`), and reading them through the profile on
every action costs more than the rest of the action. So a hand unpacks this tuple into
its own slots once (`Hand.__init__`).
"""

from __future__ import annotations

import functools
from typing import Any

from badugi_spec.engine import betting as _betting
from badugi_spec.engine.actions import DRAW, Legal
from badugi_spec.profiles.model import Profile

_BY_PROFILE: dict[int, tuple[Profile, tuple[Any, ...]]] = {}


@functools.cache
def _draw_options(max_discards: int) -> tuple[Legal, ...]:
    return (Legal(DRAW, adds=max_discards),)


def of(rules: Profile) -> tuple[Any, ...]:
    """The choices, in the order `Hand.__init__` unpacks them. Keyed by identity, since
    hashing a profile reads every field (profiles are immutable)."""
    known = _BY_PROFILE.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    choices: tuple[Any, ...] = (
        rules.short_all_in == "largest-raise",
        rules.covered_is_all_in,
        rules.keep_turn_when_others_all_in,
        rules.fold_when_free,
        rules.complete_short_all_in,
        rules.cap,
        rules.last_card == "dealt",
        rules.draw_delivery == "after-all-declare",
        _draw_options(rules.max_discards),
        # Cards a draw may need besides those declared before it (R4.4, R4.2, R8.33).
        rules.burns_per_draw + rules.max_discards,
        rules.return_uncalled == "round-end",
        rules.betting_rounds,
        # A reshuffle can gather every card out of the live hands, with none held back.
        {"discards", "current-discards", "folded", "burns"} <= set(rules.reshuffle)
        and rules.last_card == "dealt"
        and not rules.burn_after_reshuffle,
        _betting.opening_increment(rules),
        {},  # the profile's fixed-limit options by spot, filled as spots come up (`legal_actions`)
    )
    if len(_BY_PROFILE) > 256:  # overrides make profiles on the fly; keep the cache small
        _BY_PROFILE.clear()
    _BY_PROFILE[id(rules)] = (rules, choices)
    return choices
