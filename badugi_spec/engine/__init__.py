"""The rules engine: one hand and a session of Badugi, for 2 to 8 seats under any profile.

- `hand`: the coordinator, with its parts by phase: `posting`, `betting_round` (with
  `betting_options` and `reopening`), `draw_round`, `stub`, `settlement`; `table` holds
  what the parts share and says who owns which state.
- `session`: hands in a row, the button moving, stacks carried over (R6, R8.23).
- Values and small rules: `actions`, `codes` (refusal codes), `phase`, `pots`, `split`
  (halves of a split pot), `betting` (raise sizes of the big-bet structures), `deck`,
  `choices` (the profile read once), `snapshot` (the protocol's view of a hand).

It may use profiles, rankings, cards and errors; nothing above the engine.
"""

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
