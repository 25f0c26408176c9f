"""The trainer, scripted: keys in through a `Script` console, the transcript checked.

Stacked decks (R1.7: the big blind gets cards 1, 3, 5, 7) put known cards in each hand,
so the tests can say what the bot holds, what it does by its written strategy, and that
its cards never show before the showdown.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from badugi_spec import profiles
from badugi_spec.cards import Card, parse_cards
from badugi_spec.rankings.odds import hand_odds
from badugi_spec.rules import load
from badugi_spec.trainer import Script, Trainer
from badugi_spec.trainer.faces import COLOURS, Faces
from badugi_spec.trainer.hints import draw_hint
from badugi_spec.trainer.keys import BadKey, Draw, Odds, parse
from tests.conftest import hand_fingerprint, stacked_deck

PLAIN = Faces(colour=False)
RULE_IDS = set(load())
# You deal the first hand (R6.1 set-up), so the bot is the big blind and gets cards 1, 3, 5, 7.
BOT_BADUGI = "A♠ 2♥ 3♦ 4♣"
YOUR_TRASH = "K♠ K♥ Q♠ Q♥"


def run(
    inputs: Sequence[str],
    *,
    seed: int = 1,
    decks: Sequence[Sequence[Card]] = (),
    hints: bool = False,
    profile: str = "house",
) -> tuple[Trainer, Script]:
    console = Script(inputs, width=1000)  # one narrated line per output line
    trainer = Trainer(
        console=console,
        profile=profiles.get(profile),
        seed=seed,
        faces=PLAIN,
        hints=hints,
        decks=decks,
    )
    trainer.run()
    return trainer, console


def narrated(console: Script) -> list[tuple[str, str]]:
    """(rule, text) of every narrated line: those with a rule ID in the first column."""
    found = []
    for line in console.lines:
        match = re.match(r"^(R\d+\.\d+)\s+(.*)$", line)
        if match:
            found.append((match[1], match[2]))
    return found


def passive(count: int) -> list[str]:
    """Check, call or stand pat, whichever is legal: the others are refused and change nothing."""
    return ["k", "c", "p"] * count


def test_a_whole_session_is_played_and_summed_up() -> None:
    trainer, console = run(passive(400), seed=7)
    summary = trainer.summary
    result = trainer.session.result
    assert result is not None and summary.stopped is None
    assert summary.hands == result.hands == len(trainer.session.hands)
    assert summary.hands == 12 or result.reason == "bust"
    rules = [rule for rule, _ in narrated(console)]
    assert rules.count("R6.4") == 1 and rules.count("R6.5") == 1
    assert console.text.count("Stacks: ") == summary.hands
    assert "Seed 7: badugi-spec play --seed 7" in console.text
    assert sum(summary.stacks) == 200


def test_every_narrated_line_cites_a_rule_of_the_rulebook() -> None:
    _, console = run(passive(400), seed=11)
    lines = narrated(console)
    assert len(lines) > 200
    cited = {rule for rule, _ in lines}
    assert cited <= RULE_IDS, cited - RULE_IDS
    # The explanations the issue asks for, each with its rule.
    for rule in ("R3.3", "R4.4", "R4.3", "R4.2", "R5.1", "R1.5", "R1.7", "R3.9", "R6.2"):
        assert rule in cited, rule


def test_the_bot_acting_first_is_explained() -> None:
    _, console = run(passive(60), seed=1)
    texts = [text for rule, text in narrated(console) if rule == "R3.3"]
    assert "Bot acts first: after a draw the big blind acts first." in texts
    assert "You act first: before the first draw the dealer acts first." in texts
    # Hand 2: the button has moved to the bot, who acts first before the draw.
    assert "Bot acts first: before the first draw the dealer acts first." in texts


def capped_round() -> tuple[Trainer, Script]:
    # You limp, the bot (a strong badugi) raises to 4, you raise to 6, the bot caps it at 8.
    deck = stacked_deck(big_blind=BOT_BADUGI, dealer=YOUR_TRASH)
    return run(["c", "r", "r", "c"], decks=[deck])


def test_the_cap_stops_a_raise_and_says_why() -> None:
    trainer, console = capped_round()
    lines = narrated(console)
    assert ("R3.5", "Bot raises to 8: 4 chips, a call of 2 and one bet more (a bet is 2).") in lines
    assert (
        "R3.6",
        "That is bet level 4 of 4: the round is capped, so from here on nobody may raise,"
        " only call or fold.",
    ) in lines
    refusal = next(text for rule, text in lines if text.startswith("Refused, raise-cap"))
    assert ("R3.6", refusal) in lines and refusal.endswith("Nothing changed.")
    assert "capped: no more raises, only call or fold (R3.6)" in console.text
    assert "A call or a fold was all that was left: the round is capped." in console.text
    hand = trainer.session.hand
    assert hand is not None and str(hand.phase) == "draw-1"
    assert hand.stacks == [92, 92]


def test_an_illegal_action_is_refused_with_its_rule_and_nothing_changes() -> None:
    deck = stacked_deck(big_blind=BOT_BADUGI, dealer=YOUR_TRASH)
    console = Script(["k", "b", "x", "d 9", "d 1", "k"], width=1000)
    trainer = Trainer(
        console=console, profile=profiles.get("house"), seed=1, faces=PLAIN, decks=[deck]
    )
    fingerprints: list[dict[str, object]] = []
    original_ask = console.ask

    def ask(prompt: str) -> str | None:
        hand = trainer.session.hand
        assert hand is not None
        fingerprints.append(hand_fingerprint(hand))
        return original_ask(prompt)

    console.ask = ask  # type: ignore[method-assign]
    trainer.run()
    assert fingerprints and all(f == fingerprints[0] for f in fingerprints)
    lines = narrated(console)
    refused = [(rule, text.split(":")[0]) for rule, text in lines if text.startswith("Refused")]
    assert refused == [
        ("R3.5", "Refused, check-facing-bet"),
        ("R3.5", "Refused, bet-facing-bet"),
        ("R4.1", "Refused, not-draw-round"),
        ("R3.5", "Refused, check-facing-bet"),
    ]
    assert "Not a key: 'x' is not a key" in console.text
    assert "Not a key: there is no card 9: your cards are 1 to 4. Nothing changed." in console.text


def test_fold_when_free_is_refused_under_the_house_rules_only() -> None:
    # The bot's two-card hand checks after the draw; folding then costs nothing.
    deck = stacked_deck(big_blind=YOUR_TRASH, dealer=BOT_BADUGI)
    _, console = run(["c", "p", "f"], decks=[deck])
    assert ("R3.4", "Bot checks: there is nothing to call.") in narrated(console)
    assert any(
        rule == "R3.4" and text.startswith("Refused, fold-when-free")
        for rule, text in narrated(console)
    )
    _, console = run(["c", "p", "f"], decks=[deck], profile="pokerstars-2010")
    assert ("R3.10", "You fold: the hand ends at once, and nobody shows cards.") in narrated(
        console
    )


def test_what_you_hold_after_a_draw_and_why() -> None:
    # Dealer (you): 2♣ 5♦ 9♥ 9♠; after the big blind's draw the next cards come to you.
    deck = stacked_deck(big_blind=BOT_BADUGI, dealer="2♣ 5♦ 9♥ 9♠", then="7♣ 4♠")
    # The bot stands pat; the burn takes 7♣ and you draw 4♠ for the 9♠.
    _, console = run(["c", "c", "d 4"], decks=[deck])
    lines = narrated(console)
    assert ("R4.2", "Bot stands pat: no cards drawn.") in lines
    assert (
        "R4.2",
        "You throw 9♠ and draw 4♠. You hold 2♣ 5♦ 9♥ 4♠, which plays 4-card 9-5-4-2 (badugi).",
    ) in lines
    assert ("R2.1", "no card is dropped: four ranks and four suits, a badugi (R2.2)") in lines


def test_the_showdown_explains_both_hands_and_the_verdict() -> None:
    deck = stacked_deck(big_blind=BOT_BADUGI, dealer="2♣ 5♦ 9♥ 9♠", then="7♣ 4♠")
    _, console = run(["c", "c", "d 4"] + ["c", "p"] * 6, decks=[deck])
    lines = narrated(console)
    shows = [text for rule, text in lines if rule == "R5.1" and text.startswith("Showdown")]
    assert len(shows) == 2
    assert any("A♠ 2♥ 3♦ 4♣, 4-card 4-3-2-A (badugi)" in text for text in shows)
    assert any("2♣ 5♦ 9♥ 4♠, 4-card 9-5-4-2 (badugi)" in text for text in shows)
    assert (
        "R2.4",
        "Verdict: both play 4 cards; from the top down, the first difference is Bot's 4 against"
        " your 9, and the lower card wins.",
    ) in lines
    assert any(rule == "R5.1" and text.startswith("Bot wins ") for rule, text in lines)


def test_the_bots_cards_never_show_before_the_showdown() -> None:
    deck = stacked_deck(big_blind=BOT_BADUGI, dealer="2♣ 5♦ 9♥ 9♠", then="7♣ 4♠")
    trainer, console = run(["c", "c", "d 4"] + ["c", "p"] * 6, decks=[deck])
    first_hand = trainer.session.hands[0]
    text = console.text.split("Showdown")[0]
    for card in first_hand.holdings[1]:
        assert card.pretty() not in text
    assert "7♣" not in console.text.split("Stacks: ")[0]  # the burn is never shown


def test_the_bot_folds_and_nothing_is_shown() -> None:
    # The bot's K♠ K♥ Q♠ Q♥ is weak: facing your raise to 4 it folds (its written strategy).
    deck = stacked_deck(big_blind=YOUR_TRASH, dealer=BOT_BADUGI)
    _, console = run(["r"], decks=[deck])
    lines = narrated(console)
    assert ("R3.10", "Bot folds: the hand ends at once, and nobody shows cards.") in lines
    assert ("R3.10", "You win 6: everyone else folded.") in lines
    assert not any("Showdown" in text for _, text in lines)


@pytest.mark.parametrize(
    ("inputs", "stopped"),
    [(["c"], "end of input"), (["c", "q"], "quit")],
)
def test_end_of_input_and_quit_end_with_a_summary(inputs: list[str], stopped: str) -> None:
    trainer, console = run(inputs)
    assert trainer.summary.stopped == stopped
    assert f"Session stopped ({stopped}) during hand 1, which does not count." in console.text
    assert "After 0 hands: You 100, Bot 100." in console.text


def test_ctrl_c_ends_with_a_summary() -> None:
    class Interrupting(Script):
        def ask(self, prompt: str) -> str | None:
            if self.asked == 2:
                raise KeyboardInterrupt
            return super().ask(prompt)

    console = Interrupting(passive(5), width=1000)
    trainer = Trainer(console=console, profile=profiles.get("house"), seed=2, faces=PLAIN)
    summary = trainer.run()
    assert summary.stopped == "Ctrl-C"
    assert "Session stopped (Ctrl-C)" in console.text


def test_same_seed_same_session_and_another_seed_another() -> None:
    first = run(passive(200), seed=5)[1].text
    assert run(passive(200), seed=5)[1].text == first
    assert run(passive(200), seed=6)[1].text != first


def test_hints_show_the_books_draw_with_the_odds_modules_figures() -> None:
    deck = stacked_deck(big_blind=BOT_BADUGI, dealer="A♥ 2♣ 7♦ 7♠")
    _, console = run(["c", "c", "o 4", "o 3"], decks=[deck], hints=True)
    hints = [line for line in console.lines if line.startswith("hint")]
    book, throw_4, throw_3 = hints
    assert book.startswith("hint   The book says throw 7♠, keep A♥ 2♣ 7♦ (keep the cards")
    # You saw only your own cards: 48 unseen; 7♠ thrown, so the outs are 3-6 and 8-K of spades.
    odds = hand_odds("A♥ 2♣ 7♦ 7♠", "7♠", draws=3)
    assert f"{odds.outs} outs among 48 unseen cards" in book
    assert f"by draw 1 {float(odds.badugi[0]) * 100:.2f}% ({odds.badugi[0]})" in book
    assert f"({odds.badugi[2]})" in book
    assert throw_4 == book.replace("The book says throw", "Throw").replace(
        " (keep the cards that play (R2.1), throw the rest)", ""
    )
    assert "keep A♥ 2♣ 7♠" in throw_3


def test_a_hint_counts_only_better_badugis_when_one_is_broken() -> None:
    text = draw_hint(parse_cards("J♥ 8♦ 4♠ 9♣"), None, draw=1, draws_left=3)
    odds = hand_odds("J♥ 8♦ 4♠ 9♣", "J♥", draws=3, top=parse_cards("10c")[0].rank)
    assert "break the rough badugi" in text
    assert f"a badugi 10-high or better by draw 1 {float(odds.badugi[0]) * 100:.2f}%" in text


def test_odds_of_an_impossible_draw_say_why() -> None:
    text = draw_hint(parse_cards("A♥ 2♣ 7♦ 7♠"), (), draw=1, draws_left=3)
    assert text.startswith("No odds for throwing nothing: the kept cards must all play together")


def test_keys() -> None:
    held = parse_cards("A♥ 2♣ 7♦ 7♠")
    assert parse("d 14", held) == Draw((held[0], held[3]))
    assert parse("d 1 4", held) == Draw((held[0], held[3]))
    assert parse("14", held) == Draw((held[0], held[3]))
    assert parse("d 7s", held) == Draw((held[3],))
    assert parse("p", held) == Draw(())
    assert parse("o", held) == Odds(None)
    assert parse("o p", held) == Odds(())
    for bad in ("", "z", "d", "d 5", "b x", "d Zz"):
        with pytest.raises(BadKey):
            parse(bad, held)


def test_the_four_colour_deck() -> None:
    faces = Faces(colour=True)
    text = faces.paint("A♠ 2♥ 3♦ 4♣")
    for suit, code in COLOURS.items():
        assert code in text, suit
    assert Faces(colour=False).paint("A♠ 2♥") == "A♠ 2♥"
    assert Faces(colour=False, symbols=False).paint("A♠ 10♥, shares ♦") == "As 10h, shares d"


def test_the_table_shows_stacks_pot_round_cap_cards_and_keys() -> None:
    deck = stacked_deck(big_blind=BOT_BADUGI, dealer="A♥ 2♣ 7♦ 7♠")
    _, console = run([], decks=[deck])
    table = console.text.split("── Hand 1 of 12")[1]
    assert " · house · betting round 1 of 4, before the first draw ──" in table
    assert re.search(r"You\s+dealer\s+stack\s+99\s+in this round\s+1", table)
    assert re.search(r"Bot\s+big blind\s+stack\s+98\s+in this round\s+2", table)
    assert "Pot 3 · bets are 2 · the big blind counts as the bet, so 3 raises left" in table
    assert "Your cards  [A♥] [2♣] [7♦] [7♠]   3-card 7-2-A" in table
    assert re.search(r"1\*\s+2\*\s+3\*\s+4\s+\(\* plays, R2\.1\)", table)
    assert "Your move: c call 1 · r raise to 4 · f fold" in table


def test_other_profiles_cite_their_own_rules() -> None:
    # PokerStars 2010 burns no card (R11.5): no burn line, and the cap is R8.6's.
    _, console = run(passive(40), profile="pokerstars-2010")
    rules = {rule for rule, _ in narrated(console)}
    assert "R4.4" not in rules
    assert "(R8.6)" in console.text


@pytest.mark.parametrize("profile", ["wsop-2023", "pokerkit"])
def test_every_profile_is_narrated_with_known_rules(profile: str) -> None:
    _, console = run(passive(400), seed=100, profile=profile)
    assert {rule for rule, _ in narrated(console)} <= RULE_IDS


def test_a_multi_way_table_cites_the_multi_way_rules() -> None:
    console = Script(passive(300), width=1000)
    trainer = Trainer(
        console=console, profile=profiles.get("pokerstars-2010"), seed=9, faces=PLAIN, seats=3
    )
    summary = trainer.run()
    lines = narrated(console)
    rules = {rule for rule, _ in lines}
    assert rules <= RULE_IDS
    assert {"R8.4", "R8.5"} <= rules
    assert "Bot 1" in console.text and "Bot 2" in console.text
    assert sum(summary.stacks) == 300
    assert summary.stopped in (None, "you have no chips left")


def test_help_and_reading_a_rule() -> None:
    _, console = run(["?", "? R3.6", "? r9.9"])
    text = console.text
    assert "Keys, then Enter:" in text
    assert "R3.6 The cap" in text
    assert "Each betting round allows at most one bet and three raises." in text
    assert "There is no rule R9.9; rule IDs look like R3.6" in text
