"""Broken and partial implementations for `verify`, run as `python tests/fake_impl.py MODE`.

Each mode is our engine behind the protocol with one way of going wrong (or of doing only
part of the job), so a test can show that `verify` reports it and never hangs:

- `evaluator`, `evaluate-only`, `compare-only`: capabilities cut down; answers right.
- `badugi-evaluator`: an evaluator that declares the `badugi` ranking only (R9.1).
- `not-supported`: the handshake is fine, every other request is answered not-supported.
- `silent`: reads requests and never answers, not even `hello`.
- `double`: answers every request twice.
- `fork`: starts a child that keeps stdout and stderr open, and dies at the first `act`.
- `escape`: the same, but the child leaves the process group first (it cannot be killed).
- `hang-act`: never answers an `act`.
- `crash-act`: exits at every `act`.
- `stderr-flood`: writes 8 MB to stderr before answering `hello`.
- `surrogate`: an `evaluate` answer holds a lone surrogate.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from typing import Any

from badugi_spec.protocol.server import answer
from badugi_spec.scenario.engine_impl import EngineImplementation

CAPABILITIES = {
    "evaluator": ["evaluate", "compare"],
    "evaluate-only": ["evaluate"],
    "compare-only": ["compare"],
    "badugi-evaluator": ["evaluate", "compare"],
}
RANKINGS = {"badugi-evaluator": ["badugi"]}


def _reply(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def _child(mode: str) -> None:
    # The child inherits stdout and stderr: while it lives, they stay open.
    code = "import os, time\nif MODE == 'escape':\n    os.setsid()\ntime.sleep(30)\n"
    subprocess.Popen([sys.executable, "-c", f"MODE = {mode!r}\n{code}"])


def main(mode: str) -> int:
    engine = EngineImplementation()
    if mode in ("fork", "escape"):
        _child(mode)
    for line in sys.stdin:
        request = json.loads(line)
        kind = request.get("type")
        if mode == "silent":
            continue
        if mode == "stderr-flood" and kind == "hello":
            for _ in range(8):
                sys.stderr.write("x" * (1 << 20) + "\n")
            sys.stderr.flush()
        if kind == "act" and mode in ("fork", "escape", "crash-act"):
            print(f"fake: {mode} dies at act", file=sys.stderr, flush=True)
            return 3
        if kind == "act" and mode == "hang-act":
            time.sleep(60)
        if mode == "not-supported" and kind not in ("hello", "bye"):
            _reply({"ok": False, "error": "not-supported", "message": "fake does nothing"})
            continue
        reply = answer(engine, request, version="fake")
        if kind == "hello" and mode in CAPABILITIES:
            reply["capabilities"] = CAPABILITIES[mode]
        if kind == "hello" and mode in RANKINGS:
            reply["rankings"] = RANKINGS[mode]
        if kind in ("evaluate", "compare", "start", "deal", "act") and mode in CAPABILITIES:
            needed = "play" if kind in ("start", "deal", "act") else kind
            if needed not in CAPABILITIES[mode]:
                reply = {"ok": False, "error": "not-supported", "message": f"no {needed}"}
        if kind == "evaluate" and mode == "surrogate":
            reply = {"ok": True, "value": {"size": 1, "ranks": ["\ud800"]}}
        _reply(reply)
        if mode == "double":
            _reply(reply)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
