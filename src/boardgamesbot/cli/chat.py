"""``bgbot chat matrix`` and ``chat telegram``: the chat bots (docs/chat.md)."""

from __future__ import annotations

import click

from .terminal import fail, secret


@click.group("chat")
def chat_group() -> None:
    """Host tables in chat: a Matrix bot or a Telegram bot (docs/chat.md).

    Needs the [chat] extra: pip install 'boardgamesbot[chat]'."""


def _chat_options(command):
    command = click.option("--db", envvar="BGBOT_DB", default=None,
                           help="Database URL, as for `bgbot serve` (env BGBOT_DB).")(command)
    command = click.option("--data-dir", envvar="BGBOT_DATA_DIR", default=None,
                           type=click.Path(file_okay=False),
                           help="Where the default SQLite database lives.")(command)
    command = click.option("--public-url", envvar="BGBOT_PUBLIC_URL",
                           default="http://127.0.0.1:8000", show_default=True,
                           help="Where people open tables in a browser (links in chat; "
                                "env BGBOT_PUBLIC_URL).")(command)
    command = click.option("--bot-workers", type=int, default=1, show_default=True,
                           help="Processes the computer players think in (0: threads).")(command)
    command = click.option("--redis", "redis_url", envvar="BGBOT_REDIS", default=None,
                           metavar="URL", help="The servers' Redis, when `bgbot serve` fans "
                           "out over it (env BGBOT_REDIS).")(command)
    command = click.option("--jobs/--no-jobs", default=True, show_default=True,
                           help="Also play bots' and clocks' decisions here (--no-jobs: "
                                "`bgbot serve` or `bgbot worker` does).")(command)
    command = click.option("--log-level", default="warning", show_default=True)(command)
    return command


def _serve_chat(log_level: str, db, data_dir, bot_workers, redis_url, jobs, serve) -> None:
    import asyncio
    import logging
    import signal

    try:
        from boardgamesbot.chat.tables import Service
    except ImportError as error:  # pragma: no cover - the extra is missing
        fail(f"the chat bots need the [chat] extra ({error})")
    logging.basicConfig(level=log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        service = await Service.open(db=db, data_dir=data_dir, bot_workers=bot_workers,
                                     redis=redis_url, jobs=jobs)
        try:
            await serve(service, stop)
        finally:
            await service.close()

    asyncio.run(main())


@chat_group.command("matrix")
@click.option("--homeserver", envvar="BGBOT_MATRIX_HOMESERVER", required=True,
              help="The homeserver's URL, e.g. https://matrix.example.org.")
@click.option("--user", envvar="BGBOT_MATRIX_USER", required=True,
              help="The bot's Matrix id, e.g. @boardgamesbot:example.org.")
@click.option("--password-file", envvar="BGBOT_MATRIX_PASSWORD_FILE", default=None,
              type=click.Path(dir_okay=False), help="A file holding the bot's password.")
@click.option("--access-token-file", envvar="BGBOT_MATRIX_TOKEN_FILE", default=None,
              type=click.Path(dir_okay=False), help="A file holding an access token instead.")
@click.option("--device-id", envvar="BGBOT_MATRIX_DEVICE_ID", default=None,
              help="The device of the access token.")
@_chat_options
def chat_matrix(homeserver, user, password_file, access_token_file, device_id, db, data_dir,
                public_url, bot_workers, redis_url, jobs, log_level) -> None:
    """Run the Matrix bot (env: BGBOT_MATRIX_PASSWORD / BGBOT_MATRIX_TOKEN work too)."""
    import os

    password = secret(os.environ.get("BGBOT_MATRIX_PASSWORD"), password_file, "password")
    token = secret(os.environ.get("BGBOT_MATRIX_TOKEN"), access_token_file, "access token")
    if not password and not token:
        fail("give --password-file or --access-token-file (or BGBOT_MATRIX_PASSWORD)")

    async def serve(service, stop):
        from boardgamesbot.chat import matrix

        # The device (its id, token and encryption keys) lives in the data directory.
        client = await matrix.login(homeserver, user, password, token, device_id,
                                    data_dir=data_dir)
        click.echo(matrix.describe(client), err=True)  # for people who check it by hand
        await matrix.run(client, service, public_url, stop=stop, password=password)

    _serve_chat(log_level, db, data_dir, bot_workers, redis_url, jobs, serve)


@chat_group.command("telegram")
@click.option("--token-file", envvar="BGBOT_TELEGRAM_TOKEN_FILE", default=None,
              type=click.Path(dir_okay=False), help="A file holding the bot's token.")
@click.option("--api-url", envvar="BGBOT_TELEGRAM_API_URL", default=None,
              help="Another Bot API server (a local one); default Telegram's.")
@click.option("--mini-app", envvar="BGBOT_TELEGRAM_MINI_APP", default=None, metavar="NAME",
              help="The Mini App's short name (BotFather /newapp), for 'Open the board' "
                   "links in groups; needs an HTTPS --public-url.")
@_chat_options
def chat_telegram(token_file, api_url, mini_app, db, data_dir, public_url, bot_workers,
                  redis_url, jobs, log_level) -> None:
    """Run the Telegram bot (env: BGBOT_TELEGRAM_TOKEN works too)."""
    import os

    token = secret(os.environ.get("BGBOT_TELEGRAM_TOKEN"), token_file, "token")
    if not token:
        fail("give --token-file (or BGBOT_TELEGRAM_TOKEN)")

    async def serve(service, stop):
        from boardgamesbot.chat import telegram

        await telegram.run(token, service, public_url, base_url=api_url, stop=stop,
                           mini_app=mini_app)

    _serve_chat(log_level, db, data_dir, bot_workers, redis_url, jobs, serve)
