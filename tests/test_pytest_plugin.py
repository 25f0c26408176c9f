"""The pytest plugin collects scenario files: one item per scenario, domain diffs on failure."""

from __future__ import annotations

import pytest

HEAD = 'scenario {id} "A hand"\nrules R3.7\nplayers Ann 100 dealer, Bob 100\nshuffle seed 5\n'


def test_scenarios_are_items_named_by_id_and_failures_show_the_diff(
    pytester: pytest.Pytester,
) -> None:
    pytester.makefile(
        ".badugi", good=HEAD.format(id="good-one") + "Ann calls 1\nexpect pot 4\nunfinished\n"
    )
    pytester.makefile(".badugi", bad=HEAD.format(id="bad-one") + "Ann calls 1\nexpect pot 7\n")
    pytester.makefile(".badugi", broken='scenario broken "x"\nrules R2.1\nplayers Ann\n')
    result = pytester.runpytest("-v", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=2)
    for line in (
        "*good.badugi::good-one PASSED*",
        "*bad.badugi::bad-one FAILED*",
        "*expected: pot 7*",
        "*actual:   pot 4*",
        "*broken.badugi:3:12: unexpected the end of the line; expected a number*",
    ):
        result.stdout.fnmatch_lines([line])
    assert "Traceback" not in result.stdout.str()
