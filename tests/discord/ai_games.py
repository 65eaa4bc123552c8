"""A person against the AI through Discord: opening such a game, watching what the person sees
move after move, and the game's id once its final scores are posted."""

from __future__ import annotations

import random
import re

from bottega_harness import Table, move, text_of

AI = "Bottega AI (easy)"


class Watch:
    """What a person sees of a game against the AI: after each of their moves, their turn's message
    edited (a step of the turn, or the move that hands the table to the AI) and at most one new
    message, the AI's turn (its event lines and the board after them, pinging the person), and
    nobody but the person is pinged."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.ai_posts = 0
        self.moves = 0

    def seen(self) -> int:
        return len(self.table.channel.history())

    def check(self, before: int, shown: str) -> None:
        new = self.table.channel.history()[before:]
        assert len(new) <= 1, [text_of(m) for m in new]
        if not new:  # a step within alice's turn edits its message
            assert text_of(self.table.last()) != shown
            new = [self.table.last()]
        for message in new:
            assert set(re.findall(r"<@(-?\d+)>", text_of(message))) <= {str(self.table.alice.id)}
            assert message.attachments, text_of(message)  # every board carries its picture
        if len(self.table.channel.history()) > before and AI in text_of(new[-1]):
            self.ai_posts += 1
            assert "Game over." in text_of(new[-1]) or f"<@{self.table.alice.id}>" in text_of(new[-1])

    async def play(self, key: str, rng: random.Random, *, until: int | None = None) -> None:
        """alice plays suggested moves while the board pings her, to the final scores (or ``until`` moves)."""
        while "Game over." not in text_of(self.table.last()) and (until is None or self.moves < until):
            board = self.table.last()
            assert f"<@{self.table.alice.id}>" in text_of(board), text_of(board)
            choices = await self.table.alice.autocomplete(self.table.channel, f"{key} move", "notation", "")
            before = self.seen()
            await move(self.table.alice, self.table.channel, key, rng.choice(choices)["value"])
            self.check(before, text_of(board))
            self.moves += 1


async def open_against_the_ai(table: Table, key: str) -> None:
    await table.alice.slash(table.channel, "game new", game=key, players=2, bots=1, level="easy")
    opened = text_of(table.last())
    assert f"with **{AI}**" in opened or f"with {AI}" in opened
    assert "The table is full" in opened
    await table.alice.slash(table.channel, "game start")
    assert any("begins" in text_of(m) and AI in text_of(m) for m in table.channel.history()[-2:])


async def finished_game(env, table: Table) -> int:
    """The id of the game whose final scores were just posted (named by the board's picture)."""
    final = table.last()
    assert "Game over." in text_of(final) and AI in text_of(final)
    game_id = int(final.attachments[0].filename.split("-")[1])
    assert (await env.bot.store.get_game(game_id)).status == "finished"
    return game_id
