"""Wrong engines and evaluators, each one rule misread, for measuring the suite's strength.

- `rankings`: wrong hand values, evaluators of the house game and misread named rankings;
- `profiles`: wrong readings of the case's profile, one parameter each;
- `hand`: `MutantHand`, our hand with a pluggable evaluator, and the hands that override
  one of the engine's hooks;
- `stub`: the hands that misread where a draw's cards come from (R8.20, R8.33);
- `session`: `MutantSession` and the sessions that move the button or end differently;
- `reported`: the misreadings only the statements of issue 22 show (the show order, a
  tied pot's shares, who posted which blind, a deal after a bust, a drawn session, a hand
  still going on), hands and two reports of the state;
- `catalogue`: the `Mutant` record, `CATALOGUE` and `BY_NAME`, and the protocol server of
  one mutant (`python -m badugi_spec.mutants.catalogue NAME`);
- `implementation`: `MutantImplementation`, a mutant behind the runner's interface.

It may use every layer below it (cards, rankings, profiles, engine, scenario, protocol) and
nothing above; only the commands import it. Inside it, `hand` and `session` build on
`rankings`, `stub` on `hand`, and the catalogue on all the others.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from badugi_spec.mutants.catalogue import BY_NAME, CATALOGUE, Mutant
    from badugi_spec.mutants.hand import MutantHand
    from badugi_spec.mutants.implementation import MutantImplementation
    from badugi_spec.mutants.rankings import aces_high, shortcut
    from badugi_spec.mutants.session import MutantSession

_HOMES = {
    "BY_NAME": "catalogue",
    "CATALOGUE": "catalogue",
    "Mutant": "catalogue",
    "MutantHand": "hand",
    "MutantImplementation": "implementation",
    "MutantSession": "session",
    "aces_high": "rankings",
    "shortcut": "rankings",
}

if not TYPE_CHECKING:
    # Imported on first use, not with the package: `python -m badugi_spec.mutants.catalogue`
    # runs the catalogue as __main__, and runpy warns (and the catalogue is built twice) when
    # the package has imported it already. Hidden from mypy so a misspelt name is an error.
    def __getattr__(name: str) -> Any:
        if name not in _HOMES:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
        globals()[name] = value
        return value


__all__ = [
    "BY_NAME",
    "CATALOGUE",
    "Mutant",
    "MutantHand",
    "MutantImplementation",
    "MutantSession",
    "aces_high",
    "shortcut",
]
