"""A fake Telegram Bot API server on loopback (Starlette), for python-telegram-bot's real
HTTP stack: long-polled ``getUpdates``, form and multipart bodies, Telegram-shaped
results, Telegram's limits (text 4096, caption 1024, callback_data 64 bytes, a button is
exactly one of callback_data / url / web_app, web_app only in private chats, an edit
that changes nothing) enforced as Telegram does (HTTP 400), and 429 answers on request
for a method or for one chat. Photos are edited (``editMessageMedia``), albums sent
(``sendMediaGroup``), deleted (``deleteMessage``, ``deleteMessages``), and a group can
become a supergroup (`migrate`). What a person says is marked and delivered as Telegram
does: commands by tdlib's rule (`bot_commands`), and in a group with privacy mode on
(`privacy`, the default) only a command for the bot or a reply to it (`delivered`).

Only the network boundary is fake: the bot under test runs unchanged.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import re
import socket
import string
import time
import unicodedata

import uvicorn
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route

BOT = {"id": 4242, "is_bot": True, "first_name": "BGBot", "username": "bgbot_test_bot"}


def free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class FakeTelegram:
    def __init__(self) -> None:
        self.updates: list[dict] = []
        self.asked_from = 0  # the offset of the bot's latest getUpdates: all below it fetched
        self.sent: list[tuple[str, dict, dict]] = []  # (method, fields, files), accepted
        self.refused: list[tuple[str, int]] = []  # (method, status) answered with an error
        self.admins: set[int] = set()
        self.blocked: set[int] = set()  # people who never started the bot (403 in private)
        self.privacy = True  # BotFather's /setprivacy, on by default: see `delivered`
        self.unheard: list[dict] = []  # messages said in a group the bot was not given
        self.too_many: dict[str, int] = {}  # method -> answer its next call with 429
        self.flooded: dict[int, tuple[float, int]] = {}  # chat -> (until, retry_after): 429s
        self.bad_gateway: set[str] = set()  # methods whose next call gets a 502
        self.chats: dict[int, dict] = {}
        self.commands: dict[str, list] = {}  # language code -> the command menu
        self.messages: dict[tuple[int, int], dict] = {}
        self._new = asyncio.Event()
        self._uid = itertools.count(1)
        self._mid = itertools.count(500)
        self.app = Starlette(routes=[Route("/bot{token}/{method}", self.handle,
                                           methods=["GET", "POST"])])
        self.server: uvicorn.Server | None = None
        self.port = 0

    async def start(self) -> None:
        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port,
                                                    log_level="warning", lifespan="off"))
        self.task = asyncio.create_task(self.server.serve())
        while not self.server.started:
            await asyncio.sleep(0.01)

    async def stop(self) -> None:
        self.server.should_exit = True
        await self.task

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    # What a test does ----------------------------------------------------------------

    def push(self, update: dict, update_id: int | None = None) -> int:
        update["update_id"] = next(self._uid) if update_id is None else update_id
        self.updates.append(update)
        self._new.set()
        return update["update_id"]

    def say(self, chat: dict, user: dict, text: str, thread: int | None = None,
            reply_to: dict | None = None) -> int | None:
        """``user`` writes ``text`` in ``chat``: the update the bot gets, if Telegram
        delivers it (`delivered`: privacy mode), else None and the message is kept in
        `unheard` (the group saw it; the bot never will)."""
        message = {"message_id": next(self._mid), "date": int(time.time()), "chat": chat,
                   "from": user, "text": text, "entities": bot_commands(text)}
        if thread is not None:  # a forum topic
            message.update(message_thread_id=thread, is_topic_message=True)
        if reply_to is not None:  # (the message replied to, its sender and all)
            message["reply_to_message"] = reply_to
        if not self.delivered(message):
            self.unheard.append(message)
            return None
        return self.push({"message": message})

    def delivered(self, message: dict) -> bool:
        """Whether Telegram gives the bot this message (core.telegram.org/bots/features,
        "Privacy mode"): everything in a private chat, or in a group when privacy mode is
        off or the bot is an admin there; else only a message holding a command for it
        (a ``bot_command`` entity with no '@bot' or with this bot's — the one bot of the
        group is always "the last bot to send a message" there) or a reply to one of its
        messages. An '@mention' of the bot alone is not delivered."""
        if message["chat"]["type"] == "private" or not self.privacy or BOT["id"] in self.admins:
            return True
        replied = message.get("reply_to_message") or {}
        if (replied.get("from") or {}).get("id") == BOT["id"]:
            return True
        text = message["text"]
        for entity in message["entities"]:
            if entity["type"] == "bot_command":
                command = _utf16(text)[2 * entity["offset"]:
                                       2 * (entity["offset"] + entity["length"])]
                _, _, target = command.decode("utf-16-le").partition("@")
                if not target or target.lower() == BOT["username"].lower():
                    return True
        return False

    def press(self, chat: dict, user: dict, message_id: int, data: str) -> int:
        message = self.messages.get((chat["id"], message_id)) or {
            "message_id": message_id, "date": int(time.time()), "chat": chat, "from": BOT,
            "text": "?"}
        return self.push({"callback_query": {"id": str(next(self._mid)), "from": user,
                                             "chat_instance": "ci", "data": data,
                                             "message": message}})

    def calls(self, method: str, chat_id: int | None = None) -> list[dict]:
        return [f for m, f, _ in self.sent if m == method
                and (chat_id is None or int(f.get("chat_id", 0)) == chat_id)]

    def texts(self, chat_id: int) -> list[str]:
        """Every text and caption sent or edited into a chat, in order."""
        return [f.get("text") or f.get("caption") or (f.get("media") or {}).get("caption")
                or "" for m, f, _ in self.sent
                if m in ("sendMessage", "sendPhoto", "editMessageText", "editMessageCaption",
                         "editMessageMedia") and int(f.get("chat_id", 0)) == chat_id] + \
            [item.get("caption", "") for m, f, _ in self.sent if m == "sendMediaGroup"
             and int(f.get("chat_id", 0)) == chat_id for item in f["media"]]

    # The API -------------------------------------------------------------------------

    async def handle(self, request):
        method = request.path_params["method"]
        fields, files = await self._read(request)
        if method == "getMe":
            return self._ok(BOT)
        if method == "getUpdates":
            return self._ok(await self._updates(fields))
        if method == "deleteWebhook":
            return self._ok(True)
        if method == "setMyCommands":
            self.commands[fields.get("language_code") or ""] = fields["commands"]
            return self._ok(True)
        chat_of = int(fields["chat_id"]) if str(fields.get("chat_id", "")).lstrip("-").isdigit() \
            else None
        if chat_of in self.flooded and method != "answerCallbackQuery":
            until, retry = self.flooded[chat_of]
            if time.monotonic() < until:
                self.refused.append((method, 429))
                return JSONResponse({"ok": False, "error_code": 429,
                                     "description": f"Too Many Requests: retry after {retry}",
                                     "parameters": {"retry_after": retry}}, status_code=429)
        if method in self.too_many:
            retry = self.too_many.pop(method)
            self.refused.append((method, 429))
            return JSONResponse({"ok": False, "error_code": 429,
                                 "description": f"Too Many Requests: retry after {retry}",
                                 "parameters": {"retry_after": retry}}, status_code=429)
        if method in self.bad_gateway:
            self.bad_gateway.discard(method)
            self.refused.append((method, 502))
            return JSONResponse({"ok": False, "error_code": 502, "description": "Bad Gateway"},
                                status_code=502)
        problem = self._limits(method, fields, self._chat(chat_of)["type"] if chat_of else None)
        if problem:
            self.refused.append((method, 400))
            return JSONResponse({"ok": False, "error_code": 400,
                                 "description": f"Bad Request: {problem}"}, status_code=400)
        if method == "getChatMember":
            member = {"status": "member", "user": {"id": int(fields["user_id"]),
                                                   "is_bot": False, "first_name": "x"}}
            if int(fields["user_id"]) in self.admins:  # as Telegram answers: every right
                rights = ("can_be_edited", "is_anonymous", "can_manage_chat",
                          "can_delete_messages", "can_manage_video_chats",
                          "can_restrict_members", "can_promote_members", "can_change_info",
                          "can_invite_users", "can_post_stories", "can_edit_stories",
                          "can_delete_stories")
                member.update({right: right != "is_anonymous" for right in rights},
                              status="administrator")
            return self._ok(member)
        if method in ("sendMessage", "sendPhoto") and int(fields["chat_id"]) in self.blocked:
            self.refused.append((method, 403))
            return JSONResponse({"ok": False, "error_code": 403,
                                 "description": "Forbidden: bot can't initiate conversation "
                                                "with a user"}, status_code=403)
        self.sent.append((method, fields, files))
        if method == "answerCallbackQuery":
            return self._ok(True)
        chat_id = int(fields["chat_id"])
        if method == "deleteMessage":
            if self.messages.pop((chat_id, int(fields["message_id"])), None) is None:
                self.sent.pop()
                self.refused.append((method, 400))
                return JSONResponse({"ok": False, "error_code": 400, "description":
                                     "Bad Request: message to delete not found"},
                                    status_code=400)
            return self._ok(True)
        if method == "deleteMessages":  # (those not found are skipped, as Telegram does)
            found = [self.messages.pop((chat_id, int(m)), None) for m in fields["message_ids"]]
            if not any(found):
                self.sent.pop()
                self.refused.append((method, 400))
                return JSONResponse({"ok": False, "error_code": 400, "description":
                                     "Bad Request: message to delete not found"},
                                    status_code=400)
            return self._ok(True)
        if method == "sendMediaGroup":
            album = []
            for item in fields["media"]:
                message = {"message_id": next(self._mid), "date": int(time.time()),
                           "from": BOT, "chat": self._chat(chat_id), "media_group_id": "g1",
                           "photo": [self._photo(files, item["media"])]}
                if item.get("caption"):
                    message["caption"] = item["caption"]
                self.messages[(chat_id, message["message_id"])] = message
                album.append(message)
            return self._ok(album)
        if method in ("editMessageText", "editMessageCaption", "editMessageReplyMarkup",
                      "editMessageMedia"):
            key = (chat_id, int(fields["message_id"]))
            message = dict(self.messages.get(key) or {"message_id": key[1], "date": 0,
                                                      "chat": self._chat(chat_id)})
            if self._unchanged(method, message, fields, files):
                self.sent.pop()
                self.refused.append((method, 400))
                return JSONResponse({"ok": False, "error_code": 400, "description":
                                     "Bad Request: message is not modified: specified new "
                                     "message content and reply markup are exactly the same "
                                     "as a current content and reply markup of the message"},
                                    status_code=400)
            if method == "editMessageMedia":
                media = fields["media"]
                message["photo"] = [self._photo(files, media["media"])]
                message["caption"] = media.get("caption", "")
            if "reply_markup" not in fields:
                message.pop("reply_markup", None)  # an edit without one removes the keyboard
            if method == "editMessageText":
                if "photo" in message:
                    self.sent.pop()
                    self.refused.append((method, 400))
                    return JSONResponse({"ok": False, "error_code": 400, "description":
                                         "Bad Request: there is no text in the message to "
                                         "edit"}, status_code=400)
                message["text"] = fields["text"]
            if method == "editMessageCaption":
                message["caption"] = fields.get("caption", "")
            if "reply_markup" in fields:
                message["reply_markup"] = fields["reply_markup"]
            self.messages[key] = message
            return self._ok(message)
        message = {"message_id": next(self._mid), "date": int(time.time()), "from": BOT,
                   "chat": self._chat(chat_id)}
        if method == "sendPhoto":
            message["photo"] = [self._photo(files, "attach://photo")]
            if fields.get("caption"):
                message["caption"] = fields["caption"]
        else:
            message["text"] = fields.get("text", "")
        if "reply_markup" in fields:
            message["reply_markup"] = fields["reply_markup"]
        self.messages[(chat_id, message["message_id"])] = message
        return self._ok(message)

    @staticmethod
    def _photo(files: dict, reference: str) -> dict:
        """A PhotoSize for an uploaded picture; its file_unique_id is a digest of the
        bytes, so a test can tell pictures apart."""
        name = reference.removeprefix("attach://")
        data = files.get(name, ("", b"", ""))[1]
        digest = hashlib.sha256(data).hexdigest()[:16]
        return {"file_id": f"f{digest}", "file_unique_id": digest, "width": 900,
                "height": 700}

    @staticmethod
    def _unchanged(method: str, message: dict, fields: dict, files: dict) -> bool:
        markup = fields.get("reply_markup")
        if method == "editMessageMedia":
            return False  # a new upload is always a change
        same_markup = markup == message.get("reply_markup")
        if method == "editMessageReplyMarkup":
            return same_markup
        key = "text" if method == "editMessageText" else "caption"
        return same_markup and fields.get(key, "") == message.get(key, "")

    def migrate(self, old: dict, new: dict) -> None:
        """The group ``old`` becomes the supergroup ``new``: Telegram tells both chats."""
        self.chats[new["id"]] = new
        now = int(time.time())
        self.push({"message": {"message_id": next(self._mid), "date": now, "chat": old,
                               "from": {"id": 1, "is_bot": False, "first_name": "x"},
                               "migrate_to_chat_id": new["id"]}})
        self.push({"message": {"message_id": next(self._mid), "date": now, "chat": new,
                               "from": {"id": 1, "is_bot": False, "first_name": "x"},
                               "migrate_from_chat_id": old["id"]}})

    def _chat(self, chat_id: int) -> dict:
        return self.chats.get(chat_id) or {"id": chat_id, "type": "private", "first_name": "x"}

    @staticmethod
    def _limits(method: str, fields: dict, chat_type: str | None) -> str | None:
        if len(fields.get("text", "")) > 4096:
            return "message is too long"
        captions = [fields.get("caption", "") or ""]
        if isinstance(fields.get("media"), dict):
            captions.append(fields["media"].get("caption", ""))
        if isinstance(fields.get("media"), list):
            captions += [m.get("caption", "") for m in fields["media"]]
            if not 2 <= len(fields["media"]) <= 10:
                return "wrong number of media in the album"
        media = fields.get("media")
        for item in media if isinstance(media, list) else [media] if media else []:
            # Each picture is a file_id, a URL or "attach://NAME" naming a part of its own.
            if not isinstance(item.get("media"), str):
                return "media not found"
        if any(len(c) > 1024 for c in captions):
            return "message caption is too long"
        for text in captions + [fields.get("text", "")]:
            if text and _broken_html(text):
                return "can't parse entities: unclosed or cut tag"
        markup = fields.get("reply_markup") or {}
        for row in markup.get("inline_keyboard", []):
            for button in row:
                kinds = [k for k in ("callback_data", "url", "web_app") if k in button]
                if len(kinds) != 1:
                    return "BUTTON_TYPE_INVALID"
                if len(button.get("callback_data", "").encode()) > 64:
                    return "BUTTON_DATA_INVALID"
                if "web_app" in button and chat_type != "private":
                    return "BUTTON_TYPE_INVALID"  # Telegram allows web_app in private only
                if "url" in button and not button["url"].startswith(("https://", "http://",
                                                                      "tg://")):
                    return "BUTTON_URL_INVALID"
        return None

    async def _updates(self, fields: dict) -> list[dict]:
        offset = int(fields.get("offset", 0) or 0)
        self.asked_from = offset
        timeout = float(fields.get("timeout", 0) or 0)
        pending = [u for u in self.updates if u["update_id"] >= offset]
        if not pending and timeout:
            self._new.clear()
            try:
                await asyncio.wait_for(self._new.wait(), timeout)
            except TimeoutError:
                pass
            pending = [u for u in self.updates if u["update_id"] >= offset]
        return pending

    @staticmethod
    async def _read(request) -> tuple[dict, dict]:
        ctype = request.headers.get("content-type", "")
        fields, files = {}, {}
        if ctype.startswith("multipart/"):
            form = await request.form()
            for key, value in form.multi_items():
                if hasattr(value, "read"):
                    files[key] = (value.filename, await value.read(), value.content_type)
                else:
                    fields[key] = json.loads(value) if value[:1] in "[{" else value
        elif ctype.startswith("application/json"):
            fields = await request.json()
        elif ctype.startswith("application/x-www-form-urlencoded"):
            fields = {k: json.loads(v) if v[:1] in "[{" else v
                      for k, v in (await request.form()).items()}
        return fields, files

    @staticmethod
    def _ok(result) -> JSONResponse:
        return JSONResponse({"ok": True, "result": result})


_TAG = re.compile(r"<(/?)([a-z]+)[^<>]*>")


def _word_character(c: str) -> bool:
    """tdlib's is_word_character: a Unicode letter or number, or '_'."""
    return unicodedata.category(c)[0] in "LN" or c == "_"


def _command_letter(c: str) -> bool:
    return c in string.ascii_letters or c in string.digits or c == "_"


def _utf16(text: str) -> bytes:
    return text.encode("utf-16-le")


def bot_commands(text: str) -> list[dict]:
    """The ``bot_command`` entities Telegram finds in ``text``, by tdlib's own rule
    (td/telegram/MessageEntity.cpp, ``match_bot_commands``, which ``find_bot_commands``
    calls): a '/' after no word character, '/', '<' or '>'; 1 to 64 of [A-Za-z0-9_]; maybe
    '@' and 3 to 32 more; and then no word character, '/', '<' or '>'. A command followed
    by any other letter is no command at all: '/comença' has none (not '/comen'), nor
    '/começar'. Offsets and lengths count UTF-16 code units, as the Bot API's do."""
    found = []
    i = 0
    while (i := text.find("/", i)) != -1:
        if i > 0 and (_word_character(text[i - 1]) or text[i - 1] in "/<>"):
            i += 1
            continue
        begin = i
        i += 1
        start = i
        while i < len(text) and _command_letter(text[i]):
            i += 1
        if not 1 <= i - start <= 64:
            continue
        if i < len(text) and text[i] == "@":
            i += 1
            mention = i
            while i < len(text) and _command_letter(text[i]):
                i += 1
            if not 3 <= i - mention <= 32:
                continue
        after = text[i] if i < len(text) else ""
        if after and (_word_character(after) or after in "/<>"):
            continue
        offset = len(_utf16(text[:begin])) // 2
        found.append({"type": "bot_command", "offset": offset,
                      "length": len(_utf16(text[begin:i])) // 2})
    return found


def _broken_html(text: str) -> bool:
    """Telegram refuses HTML with a tag cut open or left unclosed, or a stray '<' / '&'."""
    if re.search(r"<[^>]*$", text) or re.search(r"&[a-z#0-9]*$", text):
        return True
    open_tags: list[str] = []
    for closing, name in _TAG.findall(text):
        if not closing:
            open_tags.append(name)
        elif not open_tags or open_tags.pop() != name:
            return True
    return bool(open_tags)
