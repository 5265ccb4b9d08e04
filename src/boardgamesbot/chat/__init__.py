"""Play in chat: a Matrix bot and a Telegram bot over the game service.

* `conversation` — the transport-neutral core: messages and buttons in, answers out;
  `commands` (the lobby and the game's commands) and `narration` (one follower per
  table telling its chat what happened) are its two halves; `basics` its vocabulary;
* `tables` — every call into the game service (the only coupling to it);
* `games` — what the chat reads from the game registry;
* `images` — pictures of a position (the game's SVG, rasterized);
* `choices` — buttons for a decision, word by word from the notation;
* `store` — the chat's own ``chat_*`` tables beside the service's;
* `i18n` — the chat's words in en, pt-BR and ca;
* `telegram`, `matrix` — the network adapters (the ``[chat]`` extra).

See docs/chat.md.
"""
