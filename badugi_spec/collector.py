"""Python's garbage collector held back for a block of work that makes many short-lived
objects: `fuzz` judging a trial and `serve` answering requests (issue 40).

At Python's own threshold (700 new objects) the collector ran every few steps of a hand,
each pass walking the long-lived objects too (a campaign's corpus and caches); raised for the
block, it runs a few times where it ran hundreds, and is put back as it was after.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

REVIEW: Final = 256
"""Settled blocks (`settled`) after which what was set aside is looked at again."""
_settled = [0]


@contextmanager
def fewer_collections(young: int) -> Iterator[None]:
    """The collector's first threshold at least `young` for the block, then as it was."""
    threshold = gc.get_threshold()
    gc.set_threshold(max(threshold[0], young), *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)


def settled() -> None:
    """A block of work is over and let go: what is still alive now lives on (a campaign's
    corpus, caches and findings), so it is set aside where the collector's passes do not
    walk it (`gc.freeze`, which moves the lists, whatever their length). Those passes then
    walk only what the next block makes: in a campaign the passes over the long-lived
    objects were 0.2 to 0.6 CPU ms of a six-seat hand, 0.0 to 0.3 so (issue 40).

    What is set aside is never freed by the collector, only by its count of references
    (most objects: a state, a trial), so once every `REVIEW` blocks it is put back where the
    collector's next full pass looks at it: a cycle that became garbage meanwhile (a trial
    dropped from the corpus, say) is freed then."""
    _settled[0] += 1
    if _settled[0] >= REVIEW:
        _settled[0] = 0
        gc.unfreeze()
    else:
        gc.freeze()


__all__ = ["fewer_collections", "settled"]
