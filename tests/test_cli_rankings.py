"""`badugi-spec hand --ranking` and `compare --ranking`: the four rankings from the command line."""

from __future__ import annotations

from badugi_spec.rankings.explain import explain
from tests.support import Capsys, one_line_error, run_cli


def test_hand_in_a_low(capsys: Capsys) -> None:
    status, out, err = run_cli(["hand", "--ranking", "low-2-7", "A♠ 2♥ 3♦ 4♣ 5♠"], capsys)
    assert (status, err) == (0, "")
    first, *rest = out.splitlines()
    assert first == "A♠ 2♥ 3♦ 4♣ 5♠ plays A-5-4-3-2: A♠ 5♠ 4♣ 3♦ 2♥"
    assert any("not a straight: the ace is high in low-2-7" in line for line in rest)


def test_hand_in_the_house_ranking_reads_as_without_it(capsys: Capsys) -> None:
    status, out, _ = run_cli(["hand", "--ranking", "badugi", "A♠ 2♥ 3♦ K♦"], capsys)
    assert status == 0
    assert out == f"{explain('A♠ 2♥ 3♦ K♦')}\n"
    status, five, _ = run_cli(["hand", "--ranking", "badugi", "2♠ 2♥ 3♦ 4♣ 8♠"], capsys)
    assert status == 0
    assert "plays 4-card 8-4-3-2 (badugi): 8♠ 4♣ 3♦ 2♥" in five
    assert "2♠ is dropped: it pairs with 2♥ and shares ♠ with 8♠" in five


def test_compare_the_contrast_pair(capsys: Capsys) -> None:
    first, second = "A♠ 2♥ 3♦ 4♣ 9♠", "2♠ 3♥ 4♦ 6♣ K♦"
    verdicts = {}
    for name in ("badugi", "badugi-ace-high", "low-2-7", "low-a-5"):
        status, out, err = run_cli(["compare", "--ranking", name, first, second], capsys)
        assert (status, err) == (0, "")
        assert "hand 1: " in out and "hand 2: " in out
        verdicts[name] = out.splitlines()[-1]
    assert verdicts["badugi"].startswith("hand 1 wins with 4-card 4-3-2-A (badugi) in badugi:")
    assert verdicts["badugi-ace-high"] == (
        "hand 2 wins with 4-card 6-4-3-2 (badugi) in badugi-ace-high: same size, and the first"
        " difference from the top is 6 against 9; the lower card wins (R9.3)"
    )
    assert verdicts["low-2-7"].startswith("hand 2 wins with K-6-4-3-2 in low-2-7:")
    assert verdicts["low-a-5"] == (
        "hand 1 wins with 9-4-3-2-A in low-a-5: both are no pair, and the first difference"
        " in reading order is 9 against K; the lower card wins (R9.4)"
    )


def test_compare_ties_and_shared_wins(capsys: Capsys) -> None:
    status, out, _ = run_cli(
        ["compare", "--ranking", "low-a-5", "A♠ 2♥ 3♦ 4♣ 5♠", "A♥ 2♣ 3♠ 4♦ 5♥"], capsys
    )
    assert status == 0
    assert out.splitlines()[-1] == (
        "tie: every hand is 5-4-3-2-A in low-a-5; suits never break ties (R9.1)"
    )
    hands = ["7♠ 5♥ 4♦ 3♣ 2♠", "7♥ 5♣ 4♠ 3♦ 2♥", "K♠ K♥ 4♥ 3♥ 2♦"]
    status, out, _ = run_cli(["compare", "--ranking", "low-2-7", *hands], capsys)
    assert status == 0
    assert out.splitlines()[-1] == (
        "hand 1 and hand 2 tie for the win with 7-5-4-3-2 in low-2-7:"
        " no pair beats pair in low-2-7 (R9.5)"
    )


def test_ranking_errors_are_one_line(capsys: Capsys) -> None:
    status, out, err = run_cli(["hand", "--ranking", "low-a-5", "A♠ 2♥ 3♦ 4♣"], capsys)
    assert "a low-a-5 hand has 5 cards, got 4" in one_line_error(status, out, err)
    status, out, err = run_cli(["hand", "--ranking", "razz", "A♠ 2♥ 3♦ 4♣ 5♠"], capsys)
    assert "invalid choice: 'razz'" in one_line_error(status, out, err)
    status, out, err = run_cli(
        ["compare", "--ranking", "low-2-7", "A♠ 2♥ 3♦ 4♣ 5♠", "A♠ 2♣ 3♠ 4♦ 5♥"], capsys
    )
    assert "A♠ is in hand 1 and hand 2" in one_line_error(status, out, err)


# ----- --game: a profile's rankings, one per share of the pot (R8.29) ---------------------


def test_hand_in_a_game_shows_each_half_with_its_explanation(capsys: Capsys) -> None:
    status, out, err = run_cli(["hand", "--game", "badeucy", "A♠ 2♥ 3♦ 4♣ 9♠"], capsys)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "badeucy: badugi-ace-high and low-2-7 (R8.29)"
    badugi, low = (
        lines.index("the Badugi half, in badugi-ace-high:"),
        lines.index("the low half, in low-2-7:"),
    )
    assert lines[badugi + 1] == "  A♠ 2♥ 3♦ 4♣ 9♠ plays 4-card 9-4-3-2 (badugi): 9♠ 4♣ 3♦ 2♥"
    assert "the ace plays high" in " ".join(lines[badugi:low])
    assert lines[low + 1] == "  A♠ 2♥ 3♦ 4♣ 9♠ plays A-9-4-3-2: A♠ 9♠ 4♣ 3♦ 2♥"


def test_compare_in_each_game_scoops_the_contrast_pair_the_other_way(capsys: Capsys) -> None:
    first, second = "A♠ 2♥ 3♦ 4♣ 9♠", "2♠ 3♥ 4♦ 6♣ K♦"
    endings = {}
    for game in ("badeucy", "badacy"):
        status, out, err = run_cli(["compare", "--game", game, first, second], capsys)
        assert (status, err) == (0, "")
        endings[game] = out.splitlines()[-1]
    assert endings == {
        "badeucy": "hand 2 scoops: it takes both halves (R8.29)",
        "badacy": "hand 1 scoops: it takes both halves (R8.29)",
    }


def test_compare_in_a_game_names_who_takes_each_half(capsys: Capsys) -> None:
    hands = ["A♠ 2♥ 3♦ 4♣ 5♠", "A♥ 2♣ 3♠ 4♦ 6♥"]
    status, out, _ = run_cli(["compare", "--game", "badacy", *hands], capsys)
    assert status == 0
    assert out.splitlines()[-2:] == [
        "hand 1 and hand 2 share the Badugi half",
        "hand 1 takes the low half",
    ]


def test_a_game_reads_as_many_cards_as_its_profile_deals(capsys: Capsys) -> None:
    assert one_line_error(*run_cli(["hand", "--game", "badacy", "A♠ 2♥ 3♦ 4♣"], capsys)) == (
        "badugi-spec: error: expected 5 cards, got 4 in 'A♠ 2♥ 3♦ 4♣'"
    )
    status, out, _ = run_cli(["hand", "--game", "house", "A♠ 2♥ 3♦ K♦"], capsys)
    assert status == 0 and out.splitlines()[:2] == ["house: badugi (R8.22)", "the pot, in badugi:"]


def test_an_unknown_game_lists_the_profiles(capsys: Capsys) -> None:
    message = one_line_error(*run_cli(["hand", "--game", "razzdugi", "A♠ 2♥ 3♦ 4♣ 5♠"], capsys))
    assert message.startswith("badugi-spec: error: unknown game 'razzdugi'; the profiles are")
    assert "badeucy" in message and "badacy" in message
