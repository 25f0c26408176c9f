"""`lsp`: the language server for editors, over stdin and stdout (`badugi_spec.lsp`)."""

from __future__ import annotations

import argparse
import sys
from typing import Any, Final

USAGE_ERROR: Final = 2
MISSING: Final = "the language server needs the lsp extra: pip install 'badugi-spec[lsp]'"
_EXTRA: Final = frozenset({"pygls", "lsprotocol", "cattrs", "attrs"})
"""What the extra installs: only their absence means the extra is missing."""


def register(sub: Any) -> None:
    cmd = sub.add_parser(
        "lsp", help="run the language server for editors (stdio; needs the lsp extra)"
    )
    cmd.set_defaults(run=run_lsp)


def run_lsp(args: argparse.Namespace) -> int:
    try:
        # Imported here: the rest of the command line works without the extra.
        from badugi_spec.lsp.server import serve
    except ImportError as error:
        if (error.name or "").split(".")[0] not in _EXTRA:
            raise
        print(f"badugi-spec: error: {MISSING}", file=sys.stderr)
        return USAGE_ERROR
    return serve()
