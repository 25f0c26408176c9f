"""The one function the page calls: a name, JSON arguments in, a JSON answer out.

Strings cross between JavaScript and Python unchanged, so the page needs no proxies of
Python objects (which it would have to free). Every answer is a dict with a `status`; a
Python exception anywhere below becomes `status: crash` with its type, message and the
last place in our code it passed, and the page shows that as a message.
"""

from __future__ import annotations

import hashlib
import json
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import badugi_spec
from badugi_spec.web import play, playground, review


def fingerprint(root: Path | None = None) -> str:
    """A digest of every Python file of the package as installed: the page's engine
    and the checkout's give the same one only if they are the same code."""
    package = root or Path(badugi_spec.__file__).resolve().parent
    h = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        h.update(path.relative_to(package).as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


def about() -> dict[str, Any]:
    """Which engine this is: the version, the fingerprint, the profiles it plays."""
    return {
        "status": "ok",
        "version": badugi_spec.__version__,
        "fingerprint": fingerprint(),
        "profiles": play.profile_choices(),
    }


ENTRIES: Final[dict[str, Callable[..., dict[str, Any]]]] = {
    "about": about,
    "play": play.play,
    "run": playground.run,
    "review": review.review,
}


def call(name: str, arguments: str = "{}") -> str:
    try:
        entry = ENTRIES[name]
        answer = entry(**json.loads(arguments))
    except Exception as error:  # the page shows it; a blank area would say nothing
        answer = {"status": "crash", "message": f"{type(error).__name__}: {error}"}
        ours = [f for f in traceback.extract_tb(error.__traceback__) if "badugi_spec" in f.filename]
        if ours:
            last = ours[-1]
            answer["where"] = f"{Path(last.filename).name}:{last.lineno} in {last.name}"
    return json.dumps(answer, ensure_ascii=False)
