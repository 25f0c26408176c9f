import sys

from badugi_spec.cli import main

sys.exit(main())
