"""The rules engine: a hand and a session of heads-up fixed-limit triple draw."""

from badugi_spec.engine.actions import Action, Event, Kind, Legal
from badugi_spec.engine.codes import CODES, Code
from badugi_spec.engine.deck import Deck, shuffled
from badugi_spec.engine.hand import SEATS, Hand, Phase, Result
from badugi_spec.engine.session import Session, SessionResult

__all__ = [
    "CODES",
    "SEATS",
    "Action",
    "Code",
    "Deck",
    "Event",
    "Hand",
    "Kind",
    "Legal",
    "Phase",
    "Result",
    "Session",
    "SessionResult",
    "shuffled",
]
