"""The language switch's bookkeeping: which component shows which text of the label table (``labels.TEXTS``) in
which attribute, and which choices it offers. Components are built with their English text and registered here;
:meth:`Localizer.updates` returns one update per registered component in the chosen language. Panels and the chat
are not registered: their contents are rendered again in the chosen language from the last turn (``app``).

The first language is the browser's (``navigator.language``, read by :data:`FIRST_LANGUAGE_JS` when the page
loads) unless the person chose one before: their choice is kept in the browser (``gr.BrowserState``) and comes
back on a reload.
"""

from __future__ import annotations

from typing import Any

import gradio as gr

from .labels import UI_LANGUAGES, choices, lang_of, text

STORAGE_KEY = "medagent-ui-language"
# The page's first language: the stored choice, else the browser's own (``navigator.language``, e.g. ko-KR).
FIRST_LANGUAGE_JS = "(stored) => [stored || navigator.language || 'en']"


class Localizer:
    """Components registered with their text key and the attribute it fills (label, value, placeholder, info)."""

    def __init__(self) -> None:
        self.entries: list[tuple[Any, str, str, str]] = []
        self.choices: list[tuple[Any, str, tuple[str, ...]]] = []

    def add(self, component: Any, key: str, attribute: str = "label", form: str = "{}") -> Any:
        """Register ``component``'s ``attribute`` as the text of ``key`` (inside ``form``, e.g. a heading)."""
        self.entries.append((component, key, attribute, form))
        return component

    def add_choices(self, component: Any, kind: str, values: tuple[str, ...]) -> Any:
        """Choices shown as the table's words for ``kind.value``; the values stay what the handlers expect."""
        self.choices.append((component, kind, tuple(values)))
        return component

    @property
    def components(self) -> list[Any]:
        """Each registered component once (one may have a label and choices)."""
        return list(dict.fromkeys([c for c, *_ in self.entries] + [c for c, _, _ in self.choices]))

    def updates(self, lang: str) -> list[Any]:
        """One update per component of :attr:`components`, in that order, in ``lang`` (en | ko)."""
        lang = lang_of(lang)
        changes: dict[int, dict[str, Any]] = {id(c): {} for c in self.components}
        for component, key, attribute, form in self.entries:
            changes[id(component)][attribute] = form.format(text(key, lang))
        for component, kind, values in self.choices:
            changes[id(component)]["choices"] = choices(kind, values, lang)
        return [gr.update(**changes[id(c)]) for c in self.components]


def language_radio() -> gr.Radio:
    return gr.Radio(UI_LANGUAGES, value="en", label=text("language"), show_label=False, scale=0, min_width=230,
                    elem_id="ui-language", container=False)


def stored_language() -> gr.BrowserState:
    """The person's choice, kept in this browser's localStorage across reloads (not health data: a fixed key)."""
    return gr.BrowserState("", storage_key=STORAGE_KEY, secret=STORAGE_KEY)
