"""Screenshots of the channel as players see it: a few turns of each game played through the
in-memory Discord (simcord), shown by simcord's channel preview and captured by headless Chromium,
on a phone (390×844) and on a desktop (1280×900).

    pip install "simcord[preview]"            # the preview; Chromium from the system (apt install chromium)
    PYTHONPATH=. nice -n 19 python bench/screenshots.py docs/images/screens

Writes ``<game>-phone.png`` and ``<game>-desktop.png`` for each game into the folder given, and
``<game>-menu-phone.png``: the pinged player's private move menu after they pressed its Hint. The
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
from discord.ext import commands

from bot.bot import create_bot
from bot.config import Config
from bot.table import TableError

GAMES = {"mor": 9, "lim": 7, "opera": 5}
"""Each game and how many moves to play before the pictures."""
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
SEED = 2026
MOVES_TO_END_A_TURN = 30
"""At most this many moves more, to end on a turn that has just passed."""
CHROMIUM = "chromium"
LOAD_SECONDS = 30


async def play_a_few_turns(env: simcord.Env, key: str, moves: int) -> tuple[simcord.ChannelHandle, list]:
    """A two-player table of ``key`` after ``moves`` moves chosen from each mover's suggestions (none
    a player would be asked to think twice about), played on until the turn passes: the channel
    then ends on a new turn's card. Returns the channel and the players, the one it pings first."""
    guild = env.create_guild("Bottega Club")
    channel = guild.create_text_channel(f"{key}-table")
    ada, bruno = (guild.add_member(env.create_user(name)) for name in ("Ada", "Bruno"))
    await ada.slash(channel, "game new", game=key, players=2)
    await bruno.slash(channel, "game join")
    await ada.slash(channel, "game start")
    chooser = random.Random(SEED)
    members = {ada.id: ada, bruno.id: bruno}
    mover = None
    kinds: set[str] = set()  # the kinds of move played in this turn: a turn of varied steps
    for played in range(moves + MOVES_TO_END_A_TURN):
        try:
            table = await env.bot.service.table(channel.id)
        except TableError:
            break
        seat = min(table.game.actors(table.state))
        if members[table.user_of(seat)] is not mover:
            if played >= moves:
                break
            mover, kinds = members[table.user_of(seat)], set()
        calm = {notation for notation, described in table.described(seat) if not described.destructive}
        offered = [each["value"] for each in await mover.autocomplete(channel, f"{key} move", "notation", "")]
        offered = [notation for notation in offered if notation in calm][:8]
        new_kinds = [n for n in offered if table.game.parse(table.state, n)["type"] not in kinds]
        notation = chooser.choice(new_kinds or offered)
        kinds.add(table.game.parse(table.state, notation)["type"])
        await mover.slash(channel, f"{key} move", notation=notation)
    pinged = next(each for each in (ada, bruno) if each is not mover)
    return channel, [pinged, mover]


IMAGES_SHOWN = """(() => {
    const shown = Array.from(document.images).filter(image => {
        const box = image.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
    });
    return document.readyState === "complete" && document.images.length > 0
        && shown.every(image => image.complete && image.naturalWidth > 0);
})()"""
"""Whether every picture in the window has loaded (the channel has one, though a long private
message may push it out of the window): before, Chromium would draw a picture's alt text where
the picture was still on its way."""


WITHOUT_WORKBENCH = """document.querySelectorAll("[data-workbench]").forEach(
    part => part.style.setProperty("display", "none", "important"))"""
"""The preview's own toolbar and message list hidden: the pictures show the channel alone."""
PHONE_WIDE = 600
"""Narrower windows are drawn as a phone's (touch, mobile layout)."""


class DevTools:
    """One page of Chromium driven through its DevTools socket."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket, self.sent = socket, 0

    async def call(self, method: str, **params: object) -> dict:
        self.sent += 1
        await self.socket.send_json({"id": self.sent, "method": method, "params": params})
        while True:
            answer = await self.socket.receive_json()
            if answer.get("id") == self.sent:
                return answer.get("result", {})

    async def true(self, expression: str) -> bool:
        found = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return found.get("result", {}).get("value") is True


async def capture(url: str, out: Path, size: tuple[int, int]) -> None:
    """``url`` as headless Chromium draws it at ``size``, into ``out``, once every picture in the
    window has loaded (twice in a row, a moment apart: the preview fills the channel in steps)."""
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
            async with session.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as socket:
                tools = DevTools(socket)
                await tools.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                                 deviceScaleFactor=1, mobile=width < PHONE_WIDE)
                loaded_in_a_row = 0
                for _ in range(LOAD_SECONDS * 4):
                    await asyncio.sleep(0.5)
                    await tools.call("Runtime.evaluate", expression=WITHOUT_WORKBENCH)
                    loaded_in_a_row = loaded_in_a_row + 1 if await tools.true(IMAGES_SHOWN) else 0
                    if loaded_in_a_row == 2:
                        break
                else:
                    raise RuntimeError(f"the pictures of {out.name} did not load")
                shot = await tools.call("Page.captureScreenshot", format="png")
                out.write_bytes(base64.b64decode(shot["data"]))
    finally:
        process.terminate()
        await process.wait()


async def shoot(key: str, moves: int, folder: Path) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        config = Config(token=None, database_path=Path(scratch) / "bottega.db", dev_guild_id=None,
                        render_workers=0)
        bot = create_bot(config, seed_source=lambda: SEED)
        try:
            await _shoot_table(bot, key, moves, folder)
        finally:
            await bot.store.close()


async def _shoot_table(bot: commands.Bot, key: str, moves: int, folder: Path) -> None:
    async with simcord.run(bot, strict_sync=False, check_errors=False) as env:
        env.settle_timeout = 120  # a busy machine draws slowly
        channel, people = await play_a_few_turns(env, key, moves)
        for name, (width, height) in SIZES.items():
            async with env.preview(channel, viewers=people[:1], layout="channel", display="fixed",
                                   width=width, height=height) as preview:
                await capture(preview.url, folder / f"{key}-{name}.png", (width, height))
            print(f"{key}: {folder / f'{key}-{name}.png'}")
        pinged = people[0]
        menu = (await pinged.click(channel.history()[-1], label="Your move")).response
        await pinged.click(menu, label="Hint")
        width, height = SIZES["phone"]
        async with env.preview(channel, viewers=people[:1], layout="channel", display="fixed",
                               width=width, height=height) as preview:
            await capture(preview.url, folder / f"{key}-menu-phone.png", (width, height))
        print(f"{key}: {folder / f'{key}-menu-phone.png'}")


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
