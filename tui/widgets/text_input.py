"""The app's one-line text field: Textual's Input, with its editing keys kept in typing order.

Textual inserts a printable key at once, in `Input._on_key`, but runs a bound key (←, →,
backspace, delete, home/ctrl+a, end/ctrl+e…) only when its event has bubbled up to the app,
through the queue of every widget in between. A key that arrives right behind a bound one
therefore overtakes it: "Ann7", ←, "X" gave "Ann7X", not "AnnX7" (Textual issue #6605). Keys
arrive that close together whenever a terminal read holds several of them — a remote player's
keys over SSH or the web door, a busy machine — so the field runs its own bindings as the key
reaches it, before the next key is looked at.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input


class TextInput(Input):
    """An Input whose own (non-priority) bindings act in the order the keys came in."""

    async def _on_key(self, event: events.Key) -> None:
        """Run this field's binding for the key, if it has one, here rather than at the app.

        Priority bindings were already checked by the app before the key was forwarded, and
        the focused widget is the first place the app would look for the others, so the same
        action runs as before, only in order. A handled key goes no further (Input's own
        handler, and the app's second look, would act on it again)."""
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.prevent_default()
                event.stop()
                return
