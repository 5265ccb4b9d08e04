"""Tikal's auction variant on a phone's 40x24 terminal, one person against three
computers: the auction's own lines (its heading on two rows, four tiles on display a
row each, who still bids, who passed, the amulets) pushed the top of the board away on
269 of 444 screens of seeded games (every eighth prompt, seeds 0-9, three languages)."""

from __future__ import annotations

import pytest

from tests.test_terminal_small_screens_cartographers import prompt_screens


def history_rows(lines: list[str], lang: str) -> int:
    """How many rows the scores' history takes (its heading's row and those standing in
    under it): it never gives way during a game, and four players' history wraps at 40
    columns from the second scoring on."""
    from boardgamesbot.games.tikal.catalog import say

    heading = say(lang, "tikal.term.dense.history", rounds="").strip()
    start = next((at for at, line in enumerate(lines) if line.startswith(heading)), None)
    if start is None:
        return 0
    end = start + 1
    while end < len(lines) and lines[end].startswith("  "):
        end += 1
    return end - start


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_a_four_player_auction_keeps_to_a_phones_rows(lang):
    """Over seeded random four-player auction games (seeds 0-9), every screen at the
    prompt is within 40 columns and, but for the scores' history's rows after its first
    (kept by design), within 24 rows; a bidder's screen still shows each tile on display
    by its number, the bid so far and who is still bidding."""
    from boardgamesbot.games.tikal.catalog import seat_tag

    over, checked, bids = [], 0, 0
    for seed in range(10):
        for _, view, lines in prompt_screens("tikal", 4, seed, lang, 24, 40, every=8,
                                             variant="auction"):
            checked += 1
            text = "\n".join(lines)
            history = max(history_rows(lines, lang) - 1, 0)
            if len(lines) - history > 24 or max(len(line) for line in lines) > 40:
                over.append(f"seed {seed}, {len(lines)} rows:\n{text}")
                continue
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
    assert checked > 100 and bids > 10
