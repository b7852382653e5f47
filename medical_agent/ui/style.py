"""How the demo looks, offline: the four mission panels as a compact 2×2 grid that fits a desktop screen beside
the chat (each panel scrolls inside itself), and a font stack that names fonts with Hangul first — Gradio's default
typeface (Source Sans Pro, served by Gradio itself) has no Hangul, so Korean fell to whatever the browser picked.
Every font named here is looked up on the visitor's machine; nothing is downloaded (the browser test checks that
the page asks nothing of any other host)."""

from __future__ import annotations

import gradio as gr

HANGUL_FONTS = ["Pretendard", "Noto Sans KR", "Noto Sans CJK KR", "Apple SD Gothic Neo", "Malgun Gothic",
                "NanumGothic", "system-ui", "sans-serif"]
MONO_FONTS = ["D2Coding", "Noto Sans Mono CJK KR", "ui-monospace", "Consolas", "monospace"]
PANEL_HEIGHT_PX = 330       # two rows of panels under the three-line header fit a 900-pixel-high window

CSS = f"""
#mission-panels .mission-panel {{ min-width: 0; font-size: 0.85em; }}
#mission-panels .mission-panel table {{ font-size: 12px; }}
@media (min-width: 1280px) {{
  #mission-panels .mission-panel {{ height: {PANEL_HEIGHT_PX}px; overflow-y: auto; flex-wrap: nowrap; }}
}}
"""


def theme() -> gr.themes.Base:
    return gr.themes.Default(font=HANGUL_FONTS, font_mono=MONO_FONTS)
