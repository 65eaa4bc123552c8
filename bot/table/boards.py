"""What a board post says and shows: the event lines, who must act (or the result), the image."""

from __future__ import annotations

from typing import Any

from bot.drawing import Renderer

from .model import Image, Line, Reply, Strong, Table, line, plain
from .score_labels import score_breakdown


class Boards:
    def __init__(self, renderer: Renderer | None) -> None:
        self.renderer = renderer

    async def reply(self, table: Table, lines: list[Line], *, highlight: str | None = None) -> Reply:
        """The board now, after ``lines``; the image shows ``highlight`` as the last move (by
        default the latest line)."""
        game, state = table.game, table.state
        result = game.result(state)
        text_lines = list(lines)
        mentions: list[int] = []
        if result is not None:
            text_lines.extend(result_lines(table, result))
        else:
            ai_seats = table.ai_levels()
            for seat in sorted(game.actors(state)):
                user = table.user_of(seat)
                if seat in ai_seats:  # an AI seat is named, never pinged
                    text_lines.append(line(Strong(table.names()[seat]), f": {game.prompt(state, seat)}"))
                    continue
                mentions.append(user)
                text_lines.append(line(table.mention(user), f": {game.prompt(state, seat)}"))
        if highlight is None and lines:
            highlight = plain(lines[-1])
        image = await self.public_image(table, highlight)
        return Reply(lines=text_lines, image=image, mentions=mentions, acting=list(mentions), game_id=table.row.id,
                     version=table.row.version, game_key=table.row.game_key,
                     ai_to_move=bool(table.ai_to_move()))

    async def public_image(self, table: Table, highlight: str | None) -> Image | None:
        if self.renderer is None:
            return None
        data = await self.renderer.board(table.row.game_key, table.view(None), names=table.names(),
                                         highlight=highlight)
        return Image(f"{table.row.game_key}-{table.row.id}-{table.row.version}.png", data)

    async def private_image(self, table: Table, view: dict[str, Any]) -> Image | None:
        if self.renderer is None:
            return None
        data = await self.renderer.private(table.row.game_key, view, names=table.names())
        return Image(f"{table.row.game_key}-{table.row.id}-hand.png", data)

    async def card_image(self, game_key: str, card_id: str) -> Image | None:
        if self.renderer is None:
            return None
        return Image(f"{game_key}-{card_id}.png", await self.renderer.card(game_key, card_id))


def result_lines(table: Table, result: dict[str, Any]) -> list[Line]:
    names = table.names()
    place = {seat: rank + 1 for rank, group in enumerate(result["ranking"]) for seat in group}
    solo = result.get("solo")
    if solo:
        head = "You beat Lorenzo!" if solo.get("won") else "Lorenzo wins."
        heading: Line = line(Strong("Game over."), " " + f"{head} {solo.get('reason', '')}".rstrip())
    else:
        winners: list[Any] = []
        for index, seat in enumerate(result["winners"]):
            winners += [" and "] * bool(index) + [Strong(names[seat])]
        heading = line(Strong("Game over."), " Winner: ", *winners, "!")
    rows = [heading]
    for score in sorted(result["scores"], key=lambda s: place[s["seat"]]):
        detail = score_breakdown(score["breakdown"])
        rows.append(line(f"{place[score['seat']]}. ", Strong(names[score["seat"]]),
                         f": {score['total']} ({detail})"))
    return rows
