"""`python -m badugi_spec`: the `badugi-spec` command."""

import sys

from badugi_spec.cli import main

sys.exit(main())
