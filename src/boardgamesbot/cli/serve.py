"""``bgbot serve`` and ``worker``: host tables over HTTP/WebSocket for the browser,
and play bots' decisions for servers that share a database (docs/deploy.md)."""

from __future__ import annotations

import click

from .terminal import console, fail, secret

# How long a stopping `bgbot serve` waits for its requests and connections to finish.
SHUTDOWN_SECONDS = 10


@click.command("serve")
@click.option("--db", default=None,
              help="Database URL (default: SQLite in the data directory), e.g. "
                   "postgresql+psycopg://user@host/dbname.")
@click.option("--data-dir", type=click.Path(file_okay=False), default=None,
              help="Where the default SQLite database lives (created if needed; "
                   "default ~/.local/share/boardgamesbot).")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=int, default=8000, show_default=True)
@click.option("--workers", type=int, default=1, show_default=True,
              help="Web processes (uvicorn workers) sharing the port and the database.")
@click.option("--redis", "redis_url", default=None, metavar="URL",
              help="Fan live updates out over Redis pub/sub (default: LISTEN/NOTIFY on "
                   "PostgreSQL, in memory on SQLite).")
@click.option("--bot-workers", type=int, default=2, show_default=True,
              help="Processes the bots think in (0: threads inside the server).")
@click.option("--jobs/--no-jobs", default=True, show_default=True,
              help="Play bots' and clocks' decisions in this server (--no-jobs: leave them "
                   "to `bgbot worker` processes).")
@click.option("--forwarded-allow-ips", default=None, metavar="IPS",
              help="Behind a reverse proxy: its addresses, whose X-Forwarded-For is trusted "
                   "(quotas count per client address). Without it no one's is, not even "
                   "127.0.0.1's: Caddy on this machine needs --forwarded-allow-ips 127.0.0.1.")
@click.option("--public-url", envvar="BGBOT_PUBLIC_URL", default=None, metavar="URL",
              help="The address people open, e.g. https://games.example.org behind a "
                   "reverse proxy (docs/deploy.md): pages opened at another address are "
                   "sent there, so invitation links use it (env BGBOT_PUBLIC_URL).")
@click.option("--telegram-token-file", envvar="BGBOT_TELEGRAM_TOKEN_FILE", default=None,
              type=click.Path(dir_okay=False),
              help="The Telegram bot's token: opens the board as a Telegram Mini App, "
                   "checking who opens it (docs/chat.md; env BGBOT_TELEGRAM_TOKEN too).")
@click.option("--log-level", default="warning", show_default=True)
def serve_command(db, data_dir, host, port, workers, redis_url, bot_workers, jobs,
                  forwarded_allow_ips, public_url, telegram_token_file, log_level) -> None:
    """Host tables: the HTTP/WebSocket API (docs/api.md) and the browser front-end."""
    import os

    import uvicorn

    telegram_token = secret(os.environ.get("BGBOT_TELEGRAM_TOKEN"), telegram_token_file,
                             "Telegram token")
    if telegram_token:
        # The Mini App's routes live with the chat face (the service imports no chat):
        # each app is built by chat.webapp's factory, which adds them to the service's.
        os.environ["BGBOT_TELEGRAM_TOKEN"] = telegram_token

    from boardgamesbot.service.api import create_app
    from boardgamesbot.service.middleware import log_config
    from boardgamesbot.store import default_url

    url = db or default_url(data_dir)
    if bot_workers < 0:
        fail("--bot-workers must be 0 or more")
    if workers < 1:
        fail("--workers must be 1 or more")
    if public_url is not None:
        from urllib.parse import urlsplit

        parts = urlsplit(public_url)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in (
                "", "/") or parts.query or parts.fragment:
            fail(f"--public-url is an address like https://games.example.org (no path), "
                  f"not {public_url!r}")
        public_url = public_url.rstrip("/")
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    console.print(f"serving on http://{host}:{port}/ (API under /api, database {url}, "
                  f"{workers} web process(es))", markup=False)
    opened = f"{public_url}/" if public_url else f"http://{shown}:{port}/"
    console.print(f"Open {opened} in your browser to play (Ctrl+C stops the "
                  "server).", markup=False)
    # Messages are small JSON: compressing each costs more CPU than it saves. Every log
    # handler redacts seat tokens. WebSocket connections always end, read or not
    # (service.websocket); a stop waits 10 s at most for requests and connections.
    options = dict(host=host, port=port, log_level=log_level, log_config=log_config(log_level),
                   ws="boardgamesbot.service.websocket:WebSocketProtocol",
                   ws_max_size=64 * 1024, ws_per_message_deflate=False,
                   timeout_graceful_shutdown=SHUTDOWN_SECONDS)
    # X-Forwarded-For is believed only from the proxies named: quotas count per client
    # address, and uvicorn's own default (believe 127.0.0.1) would let any local process
    # name itself a new client per request. Caddy on the same machine: 127.0.0.1.
    options.update(proxy_headers=bool(forwarded_allow_ips),
                   forwarded_allow_ips=forwarded_allow_ips or None)
    if workers == 1:
        app = create_app(db=url, bot_workers=bot_workers, redis=redis_url, jobs=jobs,
                         public_url=public_url, collector=True)
        if telegram_token:
            from boardgamesbot.chat.webapp import add_to

            add_to(app, telegram_token)
        uvicorn.run(app, **options)
        return
    # Each uvicorn worker process builds its own app from the environment.
    os.environ.update(BGBOT_DB=url, BGBOT_REDIS=redis_url or "",
                      BGBOT_PUBLIC_URL=public_url or "",
                      BGBOT_BOT_WORKERS=str(bot_workers), BGBOT_JOBS="1" if jobs else "0",
                      BGBOT_DIE_WITH_PARENT="1")
    # A busy machine can keep a worker from answering uvicorn's health ping for a few
    # seconds; restarting it then would only drop its players' connections.
    factory = "boardgamesbot.chat.webapp:app_from_env" if telegram_token else \
        "boardgamesbot.service.api:app_from_env"
    uvicorn.run(factory, factory=True, workers=workers,
                timeout_worker_healthcheck=60, **options)


@click.command("worker")
@click.option("--db", required=True,
              help="The servers' database URL, e.g. postgresql+psycopg://user@host/dbname.")
@click.option("--redis", "redis_url", default=None, metavar="URL",
              help="The servers' Redis, when they fan out over it.")
@click.option("--processes", type=int, default=2, show_default=True,
              help="Processes the bots think in.")
@click.option("--loops", type=int, default=None,
              help="Jobs taken at once (default: twice --processes).")
@click.option("--lease", type=float, default=60.0, show_default=True,
              help="Seconds a taken job is this worker's; a worker that dies lets its jobs "
                   "go to another after this long.")
def worker_command(db, redis_url, processes, loops, lease) -> None:
    """Play bots' decisions and clocks' expiries for servers on a shared database.

    Any number of workers may run beside any number of `bgbot serve --no-jobs`
    processes (docs/deploy.md). Stops on SIGTERM or Ctrl+C."""
    import asyncio

    from boardgamesbot.service.worker import run_worker

    if processes < 1:
        fail("--processes must be 1 or more")
    if lease <= 0:
        fail("--lease must be more than 0 seconds")
    console.print(f"worker on {db}: {processes} bot process(es)", markup=False)
    try:
        asyncio.run(run_worker(db, redis_url, processes, loops or 2 * processes, lease))
    except KeyboardInterrupt:
        pass
