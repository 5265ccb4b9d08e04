"""Tikal's auction variant on a phone's 40x24 terminal, one person against three
computers: the auction's own lines (its heading on two rows, four tiles on display a
row each, who still bids, who passed, the amulets) pushed the top of the board away on
269 of 444 screens of seeded games (every eighth prompt, seeds 0-9, three languages);
then 30, each by the scores' history's second row (four players' history wraps at 40
columns from the second scoring on), until the history kept to the latest scorings
that fit."""

from __future__ import annotations

import re

import pytest

from tests.test_terminal_small_screens_cartographers import (
    board_line_alone_under_computers,
    prompt_screens,
)


def history_said(lines: list[str], lang: str) -> str | None:
    """The scores' history on the screen, its rows joined: whole ("Scorings: p1: 3→1,
    …") or its latest scorings, numbered ("Scoring 3: p1 2, …"); None where none is."""
    from boardgamesbot.games.tikal.catalog import say

    headings = []
    for key in ("history", "history.last", "history.latest"):
        said = re.escape(say(lang, f"tikal.term.dense.{key}", first="\1", last="\2",
                             rounds="\3"))
        headings.append(said.replace(re.escape("\1"), r"\d+").replace(
            re.escape("\2"), r"\d+").replace(re.escape("\3"), ""))
    start = next((at for at, line in enumerate(lines)
                  if any(re.match(heading, line) for heading in headings)), None)
    if start is None:
        return None
    end = start + 1
    while end < len(lines) and lines[end].startswith("  "):
        end += 1
    return " ".join(line.strip() for line in lines[start:end])


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_a_four_player_auction_keeps_to_a_phones_rows(lang):
    """Over seeded random four-player auction games (seeds 0-9), every screen at the
    prompt is within 40 columns and 24 rows, the scores' history's rows too: it says at
    least the latest scoring, each seat's points after it, and where it says fewer, the
    line naming 'board' is folded onto the computers' line; a scoring round's note is on
    one row; a bidder's screen still shows each tile on display by its number, the bid
    so far and who is still bidding."""
    from boardgamesbot.games.tikal.catalog import say, seat_tag

    over, checked, bids, cut, rounds = [], 0, 0, 0, 0
    for seed in range(10):
        for _, view, lines in prompt_screens("tikal", 4, seed, lang, 24, 40, every=8,
                                             variant="auction"):
            checked += 1
            text = "\n".join(lines)
            if len(lines) > 24 or max(len(line) for line in lines) > 40:
                over.append(f"seed {seed}, {len(lines)} rows:\n{text}")
                continue
            if view["score_history"]:
                history = history_said(lines, lang)
                assert history is not None, text
                latest = view["score_history"][-1]
                for seat, points in enumerate(latest):
                    assert re.search(rf"\b{seat_tag(seat, lang)}:? (\d+→)*{points}\b",
                                     history), text
                shortened = history.count("→") < (len(view["score_history"]) - 1) * 4
                # (where the history is cut short, the line naming 'board' does not take
                # a row of its own under "Computers: 8 actions ('log')")
                assert not shortened or not board_line_alone_under_computers(lines, lang), \
                    text
                cut += shortened
            if view["round"]:  # (the scoring round's note on one row: it wrapped)
                key = f"tikal.term.dense.round.{view['round']}"
                queue = ", ".join(seat_tag(seat, lang) for seat in view["queue"])
                order = ", ".join(seat_tag(seat, lang) for seat in
                                  [view["current"][0], *view["queue"]])
                said = (say(lang, key, queue=queue or say(lang, "tikal.term.nobody")),
                        say(lang, f"{key}.order", order=order))
                assert any(note in line for line in lines for note in said), text
                rounds += 1
            auction = view["auction"]
            if not auction["bidding"] or auction["to_act"] != 0:
                continue
            flat = " ".join(text.split())
            for tile in auction["display"]:
                assert f"{tile['index']}. " in flat, text
            if auction["bidder"] is not None:
                assert f"{auction['bid']}" in flat, text
                assert seat_tag(auction["bidder"], lang) in flat, text
            assert all(seat_tag(seat, lang) in flat for seat in auction["bidding"]), text
            bids += 1
    assert not over, f"{len(over)} of {checked} screens over:\n\n" + "\n\n".join(over[:3])
    assert checked > 100 and bids > 10 and cut > 0 and rounds > 10
