"""Child processes that end with their parent, however it ends.

The service's bot workers and the arena's game workers are pools of processes
started by one parent. When that parent ends — SIGTERM, ``kill -9``, a crash —
they must end too, not play on for nobody under PID 1. Linux's
``PR_SET_PDEATHSIG`` delivers SIGKILL to the child when its parent dies, and a
watchdog thread on the parent's pid covers what the signal cannot (a parent
already gone before the child armed it, or a system without ``prctl``).
"""

from __future__ import annotations

import ctypes
import os
import signal
import threading
import time

__all__ = ["die_with_parent"]

PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int | None = None) -> None:
    """End this process when its parent (``parent``, default the current one) ends.

    Meant as a process pool's ``initializer`` with ``initargs=(os.getpid(),)``.
    """
    parent = os.getppid() if parent is None else parent
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # pragma: no cover - not Linux: the watchdog alone
        pass
    if os.getppid() != parent:  # the parent died before the signal was armed
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="parent-watchdog", daemon=True).start()
