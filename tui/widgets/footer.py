"""A footer that never cuts a key in half: what does not fit its width is left to `?`.

Textual's `Footer` draws every shown binding in one row and the screen's edge cuts the row
wherever it falls (at 100 columns a LAN host's game footer ended '? Hel'). `FittingFooter` draws
the keys in the screen's order of importance and leaves out, whole, the least important ones
that do not fit; the help overlay (`?`) lists every key anyway. The app's own keys (`?` itself,
the way to the rest) are always drawn, last.

A screen orders its keys with `FOOTER_ORDER`: binding actions, most important first, where `*`
stands for every shown key it does not name, in binding order. Without one, the bindings' own
order is the order of importance.

A screen with more keys than one row holds (Rummikub's: mid-turn, every key of a turn acts at
once) sets `FOOTER_ROWS = 2`: when its shown keys, dimmed ones included, do not fit one row, the
footer takes two, the most important keys on the first. Counting the dimmed keys keeps the
footer's height the same through a turn, so the screen above it does not jump.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import HorizontalGroup
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

KEY_CELLS = 3  # cells a FooterKey adds to its key and description (its CSS paddings)
TIGHT_CELLS = 2  # the same, drawn tight ("p Play d Draw"), when the keys need the room
OTHERS = "*"  # in FOOTER_ORDER: every key the order does not name


@dataclass(frozen=True)
class FooterEntry:
    """One key as the footer would draw it."""

    binding: Binding
    display: str
    enabled: bool
    tooltip: str
    pinned: bool  # the app's own key: always drawn, last

    def width(self, padding: int) -> int:
        """The cells this key takes with `padding` cells around its key and description."""
        return cell_len(self.display) + cell_len(self.binding.description) + padding


def importance(screen: Any, action: str) -> int:
    """Where `action` stands in `screen`'s order of importance (`FOOTER_ORDER`): lower first."""
    order: tuple[str, ...] = getattr(screen, "FOOTER_ORDER", (OTHERS,))
    if action in order:
        return order.index(action)
    return order.index(OTHERS) if OTHERS in order else len(order)


def footer_entries(screen: Any) -> list[FooterEntry]:
    """The shown keys of `screen`, one per action (as Textual's footer groups them), in the
    screen's order of importance, the app's own last."""
    seen: dict[str, FooterEntry] = {}
    for node, binding, enabled, tooltip in screen.active_bindings.values():
        if binding.show and binding.action not in seen:
            display = screen.app.get_key_display(binding)
            pinned = isinstance(node, App)
            seen[binding.action] = FooterEntry(binding, display, enabled, tooltip, pinned)
    return sorted(seen.values(), key=lambda e: (e.pinned, importance(screen, e.binding.action)))


def lay_out(
    entries: list[FooterEntry], width: int, padding: int, most: int
) -> list[list[FooterEntry]] | None:
    """`entries` (the app's own last, as `footer_entries` orders them) in rows of `width`, in
    order, each row taking keys while they fit; None if they need more than `most` rows."""
    lines: list[list[FooterEntry]] = [[]]
    for entry in entries:
        if lines[-1] and sum(e.width(padding) for e in [*lines[-1], entry]) > width:
            lines.append([])
        lines[-1].append(entry)
    if len(lines) > most or sum(e.width(padding) for e in lines[-1]) > width:
        return None
    return lines


def rows(entries: list[FooterEntry], width: int, most: int) -> tuple[list[list[FooterEntry]], int]:
    """`entries` in as few rows of `width` as hold them (at most `most`), and the padding they
    are drawn with: Textual's own while every key fits with it, else the tight one, so that a
    screen with many keys (Rummikub's) keeps more of them in sight. What does not fit even then
    gives way whole, the least important (last) first, the dimmed ones (they do nothing now)
    before the others."""
    for count in range(1, most + 1):  # one row drawn tight before two drawn loose
        for padding in (KEY_CELLS, TIGHT_CELLS):
            lines = lay_out(entries, width, padding, count)
            if lines is not None:
                return lines, padding
    kept = list(entries)
    while (lines := lay_out(kept, width, TIGHT_CELLS, most)) is None:
        unpinned = [i for i, e in enumerate(kept) if not e.pinned]
        if not unpinned:
            return [kept], TIGHT_CELLS  # the app's own keys alone: drawn as they are
        dim = [i for i in unpinned if not kept[i].enabled]
        del kept[max(dim or unpinned)]
    return lines, TIGHT_CELLS


class FittingFooter(Footer):
    """Textual's footer, its keys chosen to fit (see the module's docstring); drawn tight (a
    key, its words, one space) when they would not all fit as Textual draws them."""

    DEFAULT_CSS = """
    FittingFooter FooterKey.-tight .footer-key--key { padding: 0; }
    FittingFooter FooterKey.-tight .footer-key--description { padding: 0 1; }
    FittingFooter.-rows { layout: vertical; }
    FittingFooter HorizontalGroup.footer-row { height: 1; }
    """

    fitted_width = 0  # the width the keys were last chosen for

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        self.fitted_width = self.size.width or self.app.size.width
        most = getattr(self.screen, "FOOTER_ROWS", 1)
        lines, padding = rows(footer_entries(self.screen), self.fitted_width, most)
        self.set_class(len(lines) > 1, "-rows")
        self.styles.height = len(lines)
        if len(lines) == 1:
            yield from self.keys(lines[0], padding)
            return
        for line in lines:
            with HorizontalGroup(classes="footer-row"):
                yield from self.keys(line, padding)

    @staticmethod
    def keys(entries: list[FooterEntry], padding: int) -> Iterable[FooterKey]:
        for entry in entries:
            binding = entry.binding
            yield FooterKey(
                binding.key,
                entry.display,
                binding.description,
                binding.action,
                disabled=not entry.enabled,
                tooltip=entry.tooltip,
                classes="-tight" if padding == TIGHT_CELLS else "",
            ).data_bind(compact=Footer.compact)

    def on_resize(self, event: events.Resize) -> None:
        """Another width may hold more keys, or fewer."""
        if self._bindings_ready and event.size.width != self.fitted_width:
            self.call_after_refresh(self.recompose)
