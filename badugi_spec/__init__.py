"""badugi-spec: the rules of Badugi, executable: the house game and its family of profiles.

The promised surface is `__all__`; everything else is reachable but may change.

The names are imported on first use (PEP 562), not with the package: every module of the
package imports this file first, and `badugi-spec --help` should not pay for the rankings.
"""

from __future__ import annotations

TYPE_CHECKING = False  # as typing's, without importing typing (mypy reads it by its name)
if TYPE_CHECKING:
    from badugi_spec.cards import Card, Rank, Suit, parse_cards
    from badugi_spec.errors import (
        BadugiError,
        CardError,
        IllegalAction,
        RankingError,
        ScenarioError,
    )
    from badugi_spec.rankings import RankedValue, Ranking, compare, evaluate, ranking
    from badugi_spec.rankings.explain import explain
    from badugi_spec.rankings.house import HandValue

__version__ = "0.1.0"

_HOMES = {
    "badugi_spec.cards": ("Card", "Rank", "Suit", "parse_cards"),
    "badugi_spec.errors": (
        "BadugiError",
        "CardError",
        "IllegalAction",
        "RankingError",
        "ScenarioError",
    ),
    "badugi_spec.rankings": ("RankedValue", "Ranking", "compare", "evaluate", "ranking"),
    "badugi_spec.rankings.explain": ("explain",),
    "badugi_spec.rankings.house": ("HandValue",),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}


if not TYPE_CHECKING:  # for mypy the names are the imports above, and no other name exists
    from badugi_spec.lazy import names as _names

    __getattr__, __dir__ = _names(__name__, _HOME)


__all__ = [
    "BadugiError",
    "Card",
    "CardError",
    "HandValue",
    "IllegalAction",
    "Rank",
    "RankedValue",
    "Ranking",
    "RankingError",
    "ScenarioError",
    "Suit",
    "__version__",
    "compare",
    "evaluate",
    "explain",
    "parse_cards",
    "ranking",
]
