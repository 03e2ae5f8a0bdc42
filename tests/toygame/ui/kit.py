"""The app's shared table kit (frostdesk/ui/kit/), as Toy Tally's UI uses it: every import of
a shared piece of frostdesk.ui sits here, one line each, so that if the kit moves again only
these lines change.
"""

from __future__ import annotations

from frostdesk.ui.kit.emblem import Emblem
from frostdesk.ui.kit.items import TableItem
from frostdesk.ui.kit.layout import Spec
from frostdesk.ui.kit.log_panel import LogPanel, LogWords
from frostdesk.ui.kit.scene import TableScene
from frostdesk.ui.kit.screen import MAX_BUTTONS, ChoiceScreen, ScreenBase, screen_qss
from frostdesk.ui.kit.text import draw_text

__all__ = ["MAX_BUTTONS", "ChoiceScreen", "Emblem", "LogPanel", "LogWords", "ScreenBase",
           "Spec", "TableItem", "TableScene", "draw_text", "screen_qss"]
