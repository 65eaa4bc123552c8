"""Members who speak Japanese or Korean: the Discord locale each member's interactions carry (set by
the ``member_locales`` fixture of ``conftest.py``, which a module takes with
``pytestmark = pytest.mark.usefixtures("member_locales")``), and the scripts their text is checked for."""

from __future__ import annotations

import re

LOCALES: dict[int, str] = {}
"""Discord locale of each member the tests give one (simcord's members speak en-US)."""
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
KOREAN = re.compile(r"[\uac00-\ud7a3]")
