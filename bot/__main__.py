"""``python -m bot``: run the Discord bot, ``--local`` to play in the terminal, or ``--replay`` a
game's record."""

from __future__ import annotations

import argparse
import dataclasses
import logging
import sys
import warnings
from pathlib import Path

from .config import Config, ConfigError

# discord.py imports its voice support, which this bot does not use, whatever the bot needs
warnings.filterwarnings("ignore", message="'audioop' is deprecated", category=DeprecationWarning)

NO_TOKEN = """\
Bottega needs a Discord bot token to connect, and none is set.

To run it on your server:
  1. Open https://discord.com/developers/applications, create an application, open "Bot"
     and press "Reset Token" to get a token.
  2. Put it in a file named .env here:   DISCORD_TOKEN=your-token   (see .env.example)
  3. Invite the bot with the scopes "bot" and "applications.commands" and the permissions
     View Channels, Send Messages, Send Messages in Threads, Create Public Threads,
     Attach Files, Embed Links and Read Message History.
  4. Run  python -m bot  again.

To play without Discord, on this machine:
  pip install -e ".[local]" && python -m bot --local
"""


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the Bottega Discord bot.")
    parser.add_argument("--local", action="store_true", help="play in the terminal instead of on Discord")
    parser.add_argument("--db", help="an SQLite file or a postgresql:// URL "
                                      "(default: DATABASE_URL, else DATABASE_PATH or ./bottega.db)")
    parser.add_argument("--images", type=Path, default=Path("local-images"),
                        help="with --local or --replay: where board images are saved (default: ./local-images)")
    parser.add_argument("--script", type=Path, help="with --local: play the lines of this file, then exit")
    parser.add_argument("--seed", type=int, help="with --local: deal new tables from this seed (replayable scripts)")
    parser.add_argument("--replay", type=Path, metavar="FILE",
                        help="replay a finished game's record (from /game export) and draw every board, then exit")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.replay:
        from .replay_file import replay_file

        return replay_file(args.replay, args.images)
    try:
        config = Config.load()
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    if args.db:
        config = dataclasses.replace(config, **(
            {"database_url": args.db} if args.db.startswith(("postgresql://", "postgres://"))
            else {"database_url": None, "database_path": Path(args.db)}))
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.local:
        from .console import run_console

        return run_console(config, images=args.images, script=args.script, seed=args.seed)
    if not config.token:
        print(NO_TOKEN, file=sys.stderr)
        return 1
    from .bot import run_bot

    return run_bot(config)


if __name__ == "__main__":
    sys.exit(main())
