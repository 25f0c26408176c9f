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


@contextmanager
def fewer_collections(young: int) -> Iterator[None]:
    """The collector's first threshold at least `young` for the block, then as it was."""
    threshold = gc.get_threshold()
    gc.set_threshold(max(threshold[0], young), *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)


__all__ = ["fewer_collections"]
