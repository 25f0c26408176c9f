"""Entry point for `make bench`."""

import sys


def main() -> int:
    print("no benchmarks yet")
    return 0


sys.exit(main())
