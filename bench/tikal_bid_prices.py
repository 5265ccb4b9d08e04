"""Fit the Tikal auction's quick bid prices (``heuristics.BID_PRICES``) to the full pricing.

`heuristics.display_worths` prices a displayed tile by evaluating the position
after every placement of it: right for the seat's own bid, far too dear for the
rivals a search simulates (issue 32: 23 of 28 profiled seconds). The quick model
prices a tile from a summary instead: its kind, its temple value or wafers, and
the scorings the seat has left. This script collects, at the first bid of each
auction of greedy-played auction games, the full worths of the display for the
seat to bid, and fits the summary's weights by least squares *within each
display* (a bid reads the spread between tiles, not their level). It prints the
weights, to paste into ``BID_PRICES``, and how well the quick spread follows the
full one.

    .venv/bin/python bench/tikal_bid_prices.py --games 12 --seed 3201
"""

from __future__ import annotations

import argparse
import json

import numpy as np

from boardgamesbot.bots import make_bot
from boardgamesbot.engine import load_game
from boardgamesbot.games.tikal import heuristics
from boardgamesbot.games.tikal.heuristics import bid_features, display_worths


def collect(games: int, seed: int, players: int) -> list[tuple[list[list[float]], list[float]]]:
    rows = []
    for index in range(games):
        state = load_game("tikal").new(players, seed + index, variant="auction")
        bots = [make_bot("greedy", seed + index * 10 + seat) for seat in range(players)]
        while not state.is_over():
            seat = state.current_players()[0]
            auction = state.auction
            if state.phase == "bid" and auction.bidder < 0 and not auction.passed \
                    and len(auction.display) > 1:
                rows.append(([bid_features(state, seat, tile) for tile in auction.display],
                             display_worths(state, seat)))
            state.apply(seat, bots[seat].choose(state.clone(), seat))
    return rows


def fit(rows) -> tuple[np.ndarray, float]:
    xs, ys = [], []
    for features, worths in rows:
        x, y = np.array(features, float), np.array(worths, float)
        xs.append(x - x.mean(axis=0))
        ys.append(y - y.mean())
    weights, *_ = np.linalg.lstsq(np.vstack(xs), np.concatenate(ys), rcond=None)
    full = np.array([max(w) - min(w) for _, w in rows])
    quick = np.array([(np.array(f) @ weights).max() - (np.array(f) @ weights).min()
                      for f, _ in rows])
    r2 = 1 - ((full - quick) ** 2).sum() / ((full - full.mean()) ** 2).sum()
    return weights, float(r2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=3201)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--out", help="also write the collected displays here (JSON)")
    args = parser.parse_args()
    rows = collect(args.games, args.seed, args.players)
    if args.out:
        with open(args.out, "w") as handle:
            json.dump(rows, handle)
    weights, r2 = fit(rows)
    print(f"{len(rows)} displays from {args.games} games (seed {args.seed}, "
          f"{args.players} players)")
    print("BID_PRICES =", tuple(round(float(w), 3) for w in weights))
    print(f"spread R^2 (quick against full): {r2:.3f}")
    shipped = np.array(heuristics.BID_PRICES)
    full = np.array([max(w) - min(w) for _, w in rows])
    quick = np.array([(np.array(f) @ shipped).max() - (np.array(f) @ shipped).min()
                      for f, _ in rows])
    print(f"shipped BID_PRICES: spread R^2 "
          f"{1 - ((full - quick) ** 2).sum() / ((full - full.mean()) ** 2).sum():.3f}, "
          f"mean full spread {full.mean():.2f}, mean quick spread {quick.mean():.2f}")


if __name__ == "__main__":
    main()
