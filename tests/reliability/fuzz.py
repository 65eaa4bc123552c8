"""Move texts for fuzzing: random junk and near-misses of legal moves, over random mid-game states.

Used by the hypothesis tests (a few hundred cases per game) and by ``bench/reliability.py``
(100,000 per game). A case passes when the engine either plays the text or refuses it with an
``IllegalAction`` and leaves the state exactly as it was; anything else is a traceback a player
would have met.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import games
from games.core import IllegalAction

ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789 :-,+>*._/@#²³¹٣０１２Ⅳñéü\t\n\x00"
WORDS = ["place", "buy", "market", "produce", "leader", "keep", "end", "pass", "draft", "tile", "report",
         "exchange", "pay", "build", "deliver", "move", "refine", "use", "servants:", "slot:", "cost:",
         "discount:", "row-", "col-", "green-", "purple-", "council", "black", "white", "orange", "neutral"]


@dataclass
class FuzzFigures:
    cases: int = 0
    played: int = 0
    refused: int = 0
    tracebacks: int = 0
    changed_on_refusal: int = 0
    first_failure: str = ""


def mid_game_states(key: str, seed: int, count: int) -> list[tuple[dict, int]]:
    """``count`` random positions of game ``key`` (all player counts), with a seat to act."""
    game = games.get(key)
    chooser = random.Random(seed)
    found: list[tuple[dict, int]] = []
    while len(found) < count:
        players = chooser.randint(game.min_players, game.max_players)
        state = game.setup(players, chooser.getrandbits(40), {})
        for _ in range(chooser.randint(0, 250)):
            if game.result(state) is not None:
                break
            seat = chooser.choice(sorted(game.actors(state)))
            state, _ = game.apply(state, seat, chooser.choice(game.legal_actions(state, seat)))
        if game.result(state) is None:
            found.append((state, chooser.choice(sorted(game.actors(state)))))
    return found


def near_miss(text: str, chooser: random.Random) -> str:
    """A legal move with one random edit: a character, a word, a number, a repeated part."""
    words = text.split()
    edit = chooser.randrange(7)
    if edit == 0 and text:
        i = chooser.randrange(len(text))
        return text[:i] + chooser.choice(ALPHABET) + text[i + 1:]
    if edit == 1 and words:
        words.pop(chooser.randrange(len(words)))
    elif edit == 2 and words:
        words.insert(chooser.randrange(len(words) + 1), chooser.choice(words))
    elif edit == 3:
        words.insert(chooser.randrange(len(words) + 1), chooser.choice(WORDS) + str(chooser.randint(0, 12)))
    elif edit == 4:
        return "".join(chooser.choice("0123456789²") if ch.isdigit() else ch for ch in text)
    elif edit == 5:
        chooser.shuffle(words)
    else:
        return text + chooser.choice(["", " ", ":", "1" * chooser.randint(1, 300), " x:y"])
    return " ".join(words)


def junk(chooser: random.Random) -> str:
    if chooser.random() < 0.5:
        return "".join(chooser.choice(ALPHABET) for _ in range(chooser.randint(0, 40)))
    return " ".join(chooser.choice(WORDS) + chooser.choice(["", "1", "2", "-3", "²"]) for _ in range(chooser.randint(1, 5)))


def try_text(key: str, state: dict, seat: int, text: str, figures: FuzzFigures) -> None:
    """Play ``text``; count what happened (the state must not change when it is refused)."""
    game = games.get(key)
    before = game.dumps(state)
    figures.cases += 1
    try:
        game.play(state, seat, text)
    except IllegalAction:
        figures.refused += 1
        if game.dumps(state) != before:
            figures.changed_on_refusal += 1
            figures.first_failure = figures.first_failure or f"{key}: {text!r} changed the state"
    except Exception as error:  # noqa: BLE001 - a traceback is exactly what this counts
        figures.tracebacks += 1
        figures.first_failure = figures.first_failure or f"{key}: {text!r} raised {type(error).__name__}"
    else:
        figures.played += 1
        if game.dumps(state) != before:
            figures.changed_on_refusal += 1
            figures.first_failure = figures.first_failure or f"{key}: play changed its input for {text!r}"


def fuzz(key: str, cases: int, seed: int, positions: int = 60) -> FuzzFigures:
    game = games.get(key)
    chooser = random.Random(seed)
    states = mid_game_states(key, seed, positions)
    legal = [[game.notation(a) for a in game.legal_actions(s, seat)] for s, seat in states]
    figures = FuzzFigures()
    for _ in range(cases):
        index = chooser.randrange(len(states))
        state, seat = states[index]
        if chooser.random() < 0.7:
            text = near_miss(chooser.choice(legal[index]), chooser)
        else:
            text = junk(chooser)
        try_text(key, state, seat, text, figures)
    return figures
