"""The errors an engine raises."""


class IllegalAction(Exception):
    """An action the rules refuse.

    ``message`` is written for the player ("You cannot afford that card: it costs 2 stone and you
    have 1."); ``rule`` names the rule it enforces (``MOR-BUY-4``), or a ``CORE-*`` id for
    contract-level refusals (wrong seat, unknown option, malformed notation).
    """

    def __init__(self, message: str, rule: str = "CORE") -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        return self.message


class CorruptState(ValueError):
    """A stored state that cannot be loaded (bad JSON, wrong game, unknown schema version)."""
