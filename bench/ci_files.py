"""Where a CI run's time goes, file by file, and what `--dist loadfile` makes of it.

Reads the JUnit XML of a run (``pytest --junitxml=run.xml``: each test's setup, call and
teardown) and prints the files' summed times, the longest first, then the run replayed on
``-n`` workers the way pytest-xdist 3.8's ``loadfile`` hands out files: whole files, the
files of most tests first (collection order among equals), each worker given the next file
once two or fewer of its tests are left. A worker's end is the sum of its files' times;
the run cannot end before its longest file, nor before the sum over the workers.

    python bench/ci_files.py run.xml                 # 4 workers, the README's command
    python bench/ci_files.py run.xml --workers 6 --top 30

Worker start-up and collection (about a minute on CI's two cores) are not in the XML:
a real run ends that much later than the replay.
"""

from __future__ import annotations

import argparse
import collections
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def file_of(classname: str) -> str:
    """The test file of a JUnit classname ("tests.chat.test_matrix", or with a class)."""
    parts = classname.split(".")
    for end in range(len(parts), 0, -1):
        path = "/".join(parts[:end]) + ".py"
        if (ROOT / path).exists():
            return path
    return "/".join(parts) + ".py"


def files_of(xml: Path) -> dict[str, list[float]]:
    """Each file's tests' times, in the order the XML lists them (a file's run order)."""
    files: dict[str, list[float]] = collections.defaultdict(list)
    for case in ET.parse(xml).getroot().iter("testcase"):
        files[file_of(case.get("classname", ""))].append(float(case.get("time") or 0))
    return dict(files)


def replayed(files: dict[str, list[float]], workers: int) -> list[tuple[float, list[str]]]:
    """(end, files) of each worker, the files handed out as loadfile does (see above)."""
    queue = sorted(files, key=lambda name: -len(files[name]))  # (stable: xdist's order)
    ends = [0.0] * workers
    pending: list[collections.deque[float]] = [collections.deque() for _ in range(workers)]
    given: list[list[str]] = [[] for _ in range(workers)]

    def give(worker: int) -> None:
        name = queue.pop(0)
        given[worker].append(name)
        pending[worker].extend(files[name])

    for worker in range(workers):
        if queue:
            give(worker)
    for worker in range(workers):
        if queue and len(pending[worker]) <= 2:
            give(worker)
    while any(pending):
        worker = min((w for w in range(workers) if pending[w]), key=lambda w: ends[w])
        ends[worker] += pending[worker].popleft()
        if queue and len(pending[worker]) <= 2:
            give(worker)
    return list(zip(ends, given))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("xml", type=Path)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    files = files_of(args.xml)
    total = sum(sum(times) for times in files.values())
    print(
        f"{len(files)} files, {sum(map(len, files.values()))} tests, "
        f"{total:.0f} s of tests ({total / args.workers:.0f} s a worker if even)"
    )
    for name in sorted(files, key=lambda name: -sum(files[name]))[: args.top]:
        print(f"{sum(files[name]):8.1f} s {len(files[name]):5d} tests  {name}")
    for number, (end, given) in enumerate(replayed(files, args.workers)):
        print(f"worker {number}: ends at {end:.0f} s, {len(given)} files, the last {given[-1]}")


if __name__ == "__main__":
    main()
