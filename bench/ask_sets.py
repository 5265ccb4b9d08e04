"""Every question set of tests/ask measured at once, for a pass's before → after table
(docs/ask.md): per set, top-1, top-3 and "read first" (the answer — for the older sets
their facts — in the first 160 characters shown of the first answer), and each question's
rank, written to a JSON file so two runs can be compared question by question.

    .venv/bin/python bench/ask_sets.py before.json
    .venv/bin/python bench/ask_sets.py after.json --compare before.json
    .venv/bin/python bench/ask_sets.py basic.json --table   # asked at a table of default options
    .venv/bin/python bench/ask_sets.py after.json --compare before.json --languages  # per language
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the question sets live in tests/

from boardgamesbot.help.search import ask  # noqa: E402
from tests.ask import heldout, questions, questions_fresh  # noqa: E402
from tests.ask.scoring import SHOWN, holds, shown  # noqa: E402

SETS = {
    "QUESTIONS": questions.QUESTIONS,
    "HELD_OUT": heldout.HELD_OUT,
    "HELD_OUT_2": heldout.HELD_OUT_2,
    **{
        name: getattr(questions_fresh, name)
        for name in dir(questions_fresh)
        if name.startswith("FRESH")
    },
    "DEV_EN": questions_fresh.DEV_EN,  # a development set, English only: for diagnosis
    "DEV_PT_CARTOGRAPHERS": questions_fresh.DEV_PT_CARTOGRAPHERS,  # development, pt-BR only
}

#: Held-out sets: their totals are printed, never which of their questions moved (a pass must
#: not learn their misses; docs/ask.md, *Twelfth pass*).
HELD_OUT_SETS = {
    "FRESH_13", "FRESH_15", "FRESH_17", "FRESH_19", "FRESH_20", "FRESH_21", "FRESH_24",
    "FRESH_25", "FRESH_26", "FRESH_29", "FRESH_30", "FRESH_32",
}
# (FRESH_22 was held out for its first figures, then looked at by its pass: development since;
# FRESH_23 was held out by the twenty-second pass, and is development from the twenty-third on;
# FRESH_28 was held out by the twenty-eighth pass, and is development from the twenty-ninth on;
# FRESH_31 was held out by the thirty-first pass, and is development from the thirty-second on)


#: the options of the table the questions are asked from (``--table``: every option at its
#: default, Tikal's basic game); None: asked of no table
OPTIONS: dict | None = None


def measured(entry: tuple, game: str) -> tuple[int | None, bool]:
    """The rank of the passage holding the facts (and answer), and whether the answer is read
    first."""
    lang, question, facts, *answer = entry
    wanted = [*facts, *answer]
    reply = ask(game, question, lang, options=OPTIONS)
    position = next(
        (n for n, given in enumerate(reply.answers, 1) if holds(given.text, wanted)), None
    )
    first = bool(reply.answers) and holds(shown(reply.answers[0])[:SHOWN], answer or facts)
    return position, first


def figures(table: dict[str, list]) -> tuple[int, int, int]:
    """How many of ``table``'s questions come first, within three, and are read first."""
    return (
        sum(r == 1 for r, _ in table.values()),
        sum(r is not None and r <= 3 for r, _ in table.values()),
        sum(read for _, read in table.values()),
    )


def row(ranks: dict[str, list], was: dict[str, list] | None) -> str:
    """The three figures of ``ranks``, each after its figure in ``was`` when compared."""
    now = figures(ranks)
    cells = [f"{w}→{a}" if was else f"{a}" for w, a in zip(figures(was) if was else now, now)]
    return " ".join(f"{cell:>9}" for cell in cells)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out")
    parser.add_argument("--compare")
    parser.add_argument("--table", action="store_true",
                        help="ask from a table with every option at its default")
    parser.add_argument("--languages", action="store_true",
                        help="also each set's figures per language (en, pt-BR, ca)")
    arguments = parser.parse_args()
    global OPTIONS
    OPTIONS = {} if arguments.table else None
    results: dict[str, dict[str, list]] = {}
    for name, games in SETS.items():
        for game, entries in games.items():
            for entry in entries:
                key = f"{game} [{entry[0]}] {entry[1]}"
                results.setdefault(name, {})[key] = list(measured(entry, game))
    off = {
        f"{lang} {q}": [
            g for g in ("tikal", "cartographers") if ask(g, q, lang, options=OPTIONS).known
        ]
        for lang, q in questions.OFF_TOPIC
    }
    Path(arguments.out).write_text(
        json.dumps({"sets": results, "off_topic": off}, indent=0, ensure_ascii=False)
    )
    before = json.loads(Path(arguments.compare).read_text()) if arguments.compare else None
    print(f"{'set':<12} {'n':>4} {'top-1':>9} {'top-3':>9} {'read':>9}")
    for name, ranks in results.items():
        was_ranks = before["sets"][name] if before and name in before["sets"] else None
        print(f"{name:<12} {len(ranks):>4} {row(ranks, was_ranks)}")
        if arguments.languages:
            for lang in ("en", "pt-BR", "ca"):
                asked = {key: r for key, r in ranks.items() if f" [{lang}] " in key}
                was = {key: r for key, r in (was_ranks or {}).items() if f" [{lang}] " in key}
                print(f"  {lang:<10} {len(asked):>4} {row(asked, was or None)}")
        if before and name in before["sets"] and name not in HELD_OUT_SETS:
            for key, (rank, read) in ranks.items():
                old = before["sets"][name].get(key)
                if old and (old[0] != rank or old[1] != read):
                    print(f"    {key}: rank {old[0]} → {rank}, read {old[1]} → {read}")
    print("off-topic answered:", {k: v for k, v in off.items() if v})
    if before:
        print("off-topic before:", {k: v for k, v in before["off_topic"].items() if v})


if __name__ == "__main__":
    main()
