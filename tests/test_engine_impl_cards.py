"""The cards of a request as our implementation reads them: the texts clients write (`As`)
by a lookup, any other spelling the card reader takes (`10h`, `A♠`) as that reads it, and
anything else refused as the request's fault."""

from __future__ import annotations

from typing import Any

import pytest

from badugi_spec.cards import DECK, TEXTS
from badugi_spec.scenario.engine_impl import EngineImplementation, RequestError

PLAYERS = [{"name": "Ann", "stack": 100}, {"name": "Bob", "stack": 100}]
SPELT = {"Th": "10h", "As": "A♠", "2d": "2♦", "Kc": "k♣"}
"""Other spellings of a few cards, which the card reader takes."""


def _dealt(deck: list[Any]) -> dict[str, Any]:
    impl = EngineImplementation()
    impl.start({"players": PLAYERS, "first_dealer": "Ann"})
    return impl.deal({"deck": deck})


def test_a_deck_in_other_spellings_deals_the_same_hand() -> None:
    texts = list(reversed(TEXTS))
    spelt = [SPELT.get(text, text) for text in texts]
    assert spelt != texts
    assert _dealt(spelt) == _dealt(texts)
    assert _dealt(texts)["state"]["hands"]["Bob"] == texts[:8:2]


@pytest.mark.parametrize("bad", [1, None, ["As"], "", "Zz", "As Kd"])
def test_a_card_that_is_not_a_card_text_is_the_requests_fault(bad: object) -> None:
    deck = [*TEXTS[:10], bad, *TEXTS[10:]]
    with pytest.raises(RequestError, match="deck"):
        _dealt(deck)


def test_a_repeated_card_reaches_the_engine() -> None:
    """Refused by the rule it breaks (R1.1), not read as a bad request."""
    reply = _dealt([TEXTS[0], *TEXTS])
    assert reply["ok"] is False and reply["error"] != "bad-request"
    assert len(DECK) == len(TEXTS)
