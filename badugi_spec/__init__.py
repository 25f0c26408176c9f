"""badugi-spec: the rules of Badugi, executable: the house game and its family of profiles.

The promised surface is `__all__`; everything else is reachable but may change.
"""

from badugi_spec.cards import Card, Rank, Suit, parse_cards
from badugi_spec.errors import BadugiError, CardError, IllegalAction, RankingError, ScenarioError
from badugi_spec.rankings import RankedValue, Ranking, compare, evaluate, ranking
from badugi_spec.rankings.explain import explain
from badugi_spec.rankings.house import HandValue

__version__ = "0.1.0"

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
