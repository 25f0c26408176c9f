"""Evaluator-only implementations with one deliberate bug each, run as scripts.

Each file is a plain program that speaks protocol 2 on stdin/stdout, started as
`python tests/fakes/NAME.py`; its docstring says what its bug is. They declare the
capabilities `evaluate` and `compare` (no play), the profile `house` and all four rankings
of chapter R9, and answer right everywhere except where their bug is: our own rankings
code does the rest.

- `low_a5_full_house.py`: ace-to-five scores every full house as the best hand.
- `badugi_trips_kicker.py`: a Badugi hand of trips and a kicker plays two of the trips
  (`2-A-A`).

`tests/test_fixed_suite_catches_fakes.py` shows that the fixed scenario suite catches
both. Nothing is imported here: start them as processes.
"""

from pathlib import Path

FOLDER = Path(__file__).resolve().parent
"""Where the fakes are, for `[sys.executable, str(FOLDER / "low_a5_full_house.py")]`."""
LOW_A5_FULL_HOUSE = FOLDER / "low_a5_full_house.py"
BADUGI_TRIPS_KICKER = FOLDER / "badugi_trips_kicker.py"
