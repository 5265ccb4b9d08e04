"""The Matrix adapter: matrix-nio, end-to-end encrypted, around the conversation core.

* `device` — log in once, then the same device (id, token, keys) at every start;
* `crosssigning` — the bot signs its own device, so clients see it verified by its owner;
* `transport` — messages, encrypted pictures, edits, menus and direct rooms;
* `menus` — which message is whose current menu (the bot answers only those);
* `threads` — answers in the thread asked from; a table's messages in the thread it lives in;
* `reactions` — which 👍 joined whom and whom each 🚪 question asks, across restarts;
* `sent` — the bot's own recent messages, lobbies sent anew, closed menus, across restarts;
* `groups` — which rooms are groups, a group shrunk to two included, across restarts;
* `kept` — how those five keep their small JSON files beside the crypto store;
* `bot` — what the bot listens to (quietly), undecryptable events, the sync loop;
* `formatting` — plain and HTML bodies (mention pills, boards, Markdown rules pages).

See docs/chat.md.
"""

from .bot import MatrixBot, run
from .device import describe, login
from .formatting import notice as _content  # the name tests/chat/test_formatting.py reads
from .transport import MatrixTransport

__all__ = ["MatrixBot", "MatrixTransport", "describe", "login", "run", "_content"]
