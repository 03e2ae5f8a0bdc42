"""The app's shared table kit, as Toy Tally's UI uses it: every import of a shared piece of
frostdesk.ui sits here, one line each, so that when the kit moves only these lines change.

Where they are on main today, and where the `kit` branch moves them:
    frostdesk/ui/screen_base.py      -> frostdesk/ui/kit/screen.py (ScreenBase, ...)
    frostdesk/ui/table/scene.py      -> frostdesk/ui/kit/scene.py
    frostdesk/ui/table/items.py      -> frostdesk/ui/kit/items.py (TableItem)
    frostdesk/ui/table/animator.py   -> frostdesk/ui/kit/animator.py
    frostdesk/ui/table/layout.py     -> frostdesk/ui/kit/layout.py (Spec)
    frostdesk/ui/table/log_panel.py  -> frostdesk/ui/kit/log_panel.py
"""

from __future__ import annotations

from frostdesk.ui.kit.emblem import Emblem
from frostdesk.ui.screen_base import MAX_BUTTONS, ScreenBase, screen_qss
from frostdesk.ui.table.animator import Step
from frostdesk.ui.table.items import TableItem
from frostdesk.ui.table.layout import Spec
from frostdesk.ui.table.log_panel import LogPanel, LogWords
from frostdesk.ui.table.scene import TableScene

__all__ = ["MAX_BUTTONS", "Emblem", "LogPanel", "LogWords", "ScreenBase", "Spec", "Step",
           "TableItem", "TableScene", "screen_qss"]
