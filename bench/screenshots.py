"""Screenshots of the channel as players see it: a few turns of each game played through the
in-memory Discord (simcord), shown by simcord's channel preview and captured by headless Chromium,
on a phone (390×844) and on a desktop (1280×900).

    pip install "simcord[preview]"            # the preview; Chromium from the system (apt install chromium)
    PYTHONPATH=. nice -n 19 python bench/screenshots.py docs/images/screens

Writes ``<game>-phone.png`` and ``<game>-desktop.png`` for each game into the folder given. The
games are dealt from fixed seeds, so the pictures change only when the bot's messages do.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import random
import shutil
import sys
import tempfile
from pathlib import Path

import aiohttp
import simcord

from bot.bot import create_bot
from bot.config import Config
from bot.table import TableError

GAMES = {"mor": 9, "lim": 7, "opera": 5}
"""Each game and how many moves to play before the pictures."""
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
SEED = 2026
CHROMIUM = "chromium"
LOAD_SECONDS = 15


async def play_a_few_turns(env: simcord.Env, key: str, moves: int) -> tuple[simcord.ChannelHandle, list]:
    """A two-player table of ``key`` after ``moves`` moves chosen from each mover's suggestions."""
    guild = env.create_guild("Bottega Club")
    channel = guild.create_text_channel(f"{key}-table")
    ada, bruno = (guild.add_member(env.create_user(name)) for name in ("Ada", "Bruno"))
    await ada.slash(channel, "game new", game=key, players=2)
    await bruno.slash(channel, "game join")
    await ada.slash(channel, "game start")
    chooser = random.Random(SEED)
    members = {ada.id: ada, bruno.id: bruno}
    for _ in range(moves):
        try:
            table = await env.bot.service.table(channel.id)
        except TableError:
            break
        mover = members[table.user_of(min(table.game.actors(table.state)))]
        offered = await mover.autocomplete(channel, f"{key} move", "notation", "")
        await mover.slash(channel, f"{key} move", notation=chooser.choice(offered[:8])["value"])
    return channel, [ada, bruno]


async def capture(url: str, out: Path, size: tuple[int, int]) -> None:
    """``url`` as headless Chromium draws it at ``size``, into ``out``, once the preview has had
    time to load the channel (Chromium's own ``--screenshot`` fires before the page fetches it)."""
    width, height = size
    port = 9200 + random.Random(str(out)).randrange(500)
    process = await asyncio.create_subprocess_exec(
        CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--hide-scrollbars", f"--window-size={width},{height}", f"--remote-debugging-port={port}", url,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
    try:
        async with aiohttp.ClientSession() as session:
            page = None
            for _ in range(LOAD_SECONDS):
                await asyncio.sleep(1)
                try:
                    async with session.get(f"http://127.0.0.1:{port}/json") as listing:
                        page = next((each for each in await listing.json() if each.get("type") == "page"), None)
                except aiohttp.ClientError:
                    continue
                if page is not None:
                    break
            if page is None:
                raise RuntimeError("Chromium did not open the preview")
            await asyncio.sleep(LOAD_SECONDS)
            async with session.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as socket:
                await socket.send_json({"id": 1, "method": "Page.captureScreenshot", "params": {"format": "png"}})
                while True:
                    answer = await socket.receive_json()
                    if answer.get("id") == 1:
                        out.write_bytes(base64.b64decode(answer["result"]["data"]))
                        return
    finally:
        process.terminate()
        await process.wait()


async def shoot(key: str, moves: int, folder: Path) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        config = Config(token=None, database_path=Path(scratch) / "bottega.db", dev_guild_id=None,
                        render_workers=0)
        bot = create_bot(config, seed_source=lambda: SEED)
        async with simcord.run(bot, strict_sync=False, check_errors=False) as env:
            env.settle_timeout = 120  # a busy machine draws slowly
            channel, people = await play_a_few_turns(env, key, moves)
            for name, (width, height) in SIZES.items():
                async with env.preview(channel, viewers=people[:1], layout="channel", display="fixed",
                                       width=width, height=height) as preview:
                    await capture(preview.url, folder / f"{key}-{name}.png", (width, height))
                print(f"{key}: {folder / f'{key}-{name}.png'}")
        await bot.store.close()


async def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    arguments = parser.parse_args(argv)
    if shutil.which(CHROMIUM) is None:
        print("Chromium is needed: apt install chromium", file=sys.stderr)
        return 1
    arguments.folder.mkdir(parents=True, exist_ok=True)
    for key in arguments.games:
        await shoot(key, GAMES[key], arguments.folder)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
