"""Phase 4 step 2: taking a trade card from the market (OM-MARKET)."""

from __future__ import annotations

from typing import Any

from ..core import counted, event, refuse
from .data import DATA, GOOD_NAMES, RAW, component_name
from .describe import goods_words
from .endturn import end_turn
from .rules import spend_raw

Event = dict[str, Any]


def buy(state: dict, seat: int, action: dict) -> list[Event]:
    """Take the card of a market space, paying its price in raw goods; the market slides and
    refills from the leftmost deck with cards (OM-MARKET-2..9, OM-END-1)."""
    player = state["seats"][seat]
    slot = action["slot"]
    prices = DATA.rules["market_prices"]
    if not 0 <= slot < len(prices):
        raise refuse("OM-MARKET-1", "There is no market space {slot}: buy 0 (free) to buy {n_prices}.",
                                    slot=slot, n_prices=len(prices) - 1)
    if state["market"][slot] is None:
        raise refuse("OM-MARKET-10", "Market space {slot} is empty: the decks have run out.",
                                     slot=slot)
    price = prices[slot]
    held = sum(player["raw"].values())
    if held < price:
        raise refuse("OM-MARKET-3", "You cannot afford that card: it costs {price} raw goods and you "
                                    "have {held}; the market takes no discounts, certificates or VP.",
                                    price=price, held=held)
    pay = action.get("pay", "")
    if len(pay) != price:
        raise refuse("OM-MARKET-2", counted("The card in space {slot} costs {price} raw good: name it.",
                                            "The card in space {slot} costs {price} raw goods: name {price}.",
                                            by="price", slot=slot, price=price))
    for good in set(pay):
        if pay.count(good) > player["raw"][good]:
            raise refuse("OM-MARKET-3", "You name {count} {good_names} and hold {raw}: pay with raw "
                                        "goods you hold.",
                                        count=pay.count(good), good_names=GOOD_NAMES[good],
                                        raw=player['raw'][good])
    for good in pay:
        spend_raw(player, good)
    card = state["market"].pop(slot)
    state["market"].append(None)
    player["hand"].append(card)
    events = [event("buy", "{player} takes market card {card} for {value}.",
                           player=f"{{p{seat}}}", card=component_name(card), value=goods_words(pay) if pay else 'free')]
    for deck in state["decks"]:
        if deck:
            state["market"][-1] = deck.pop(0)
            events.append(event("market", "{market} enters the market.",
                                          market=component_name(state['market'][-1])))
            if not any(state["decks"]) and state["final_round"] is None:
                state["final_round"] = state["round"] + 1
                events.append(event("final", "The last market card is out: round {final_round} is "
                                             "the final round.",
                                             final_round=state['final_round']))
            break
    return events + end_turn(state)


def auto_payment(raw: dict[str, int], price: int) -> str:
    """What ``buy <space>`` pays when no goods are named: the most plentiful raw types first
    (ties in L, W, M, S order), written in L W M S order.

    >>> auto_payment({"L": 1, "W": 3, "M": 0, "S": 2}, 3)
    'WWS'
    """
    left = dict(raw)
    pay = ""
    for _ in range(price):
        good = max(RAW, key=left.__getitem__)
        if left[good] == 0:
            break
        left[good] -= 1
        pay += good
    return "".join(sorted(pay, key=RAW.index))
