"""How the demo looks, offline: a one-line header, the chat beside the four panels (a 2×2 grid, each panel as high as
half the window and scrolling inside itself, so the chat's newest answer and all four panels are in view together
on a desktop screen), and on a phone the chat first with everything below it in one column.

No word is broken inside itself: Hangul words stay whole (``word-break: keep-all``) and nothing is allowed to
break anywhere (no ``overflow-wrap: anywhere``); the panels are cards and chips instead of many-column tables, and
a table inside an answer scrolls sideways rather than squeezing its columns to a letter each. A red-flag answer
opens with an alert block of its own colour. The chatbot's own trash button is hidden: it emptied the chat without
asking, where "New patient" asks first.

The font stack names fonts with Hangul first — Gradio's default typeface (Source Sans Pro, served by Gradio itself)
has no Hangul, so Korean fell to whatever the browser picked. Every font named here is looked up on the visitor's
machine; nothing is downloaded (the browser test checks that the page asks nothing of any other host)."""

from __future__ import annotations

import gradio as gr

HANGUL_FONTS = ["Pretendard", "Noto Sans KR", "Noto Sans CJK KR", "Apple SD Gothic Neo", "Malgun Gothic",
                "NanumGothic", "system-ui", "sans-serif"]
MONO_FONTS = ["D2Coding", "Noto Sans Mono CJK KR", "ui-monospace", "Consolas", "monospace"]
HEADER_PX = 56              # the header's line and the page's margins, above the chat and the panels

CSS = f"""
.gradio-container {{ word-break: keep-all; overflow-wrap: normal; }}
#top {{ align-items: center; gap: 8px; }}
#header h3 {{ margin: 0 0 2px 0; font-size: 1.15em; }}
#header p {{ margin: 0; font-size: 0.85em; }}
#ui-language .wrap {{ flex-wrap: nowrap; }}
#profile-summary {{ padding: 0 0 0 10px !important; }}
#profile-summary p {{ margin: 0; }}
#chatbot .icon-button-wrapper.top-panel {{ display: none; }}
#chatbot table {{ display: block; overflow-x: auto; max-width: 100%; }}
#chatbot th, #chatbot td {{ word-break: keep-all; overflow-wrap: normal; white-space: normal; min-width: 4em; }}
#chatbot .md, #chatbot .md *, .mission-panel * {{ word-break: keep-all !important;
  overflow-wrap: break-word !important; }}
.ma-emergency {{ display: flex; gap: 10px; align-items: flex-start; background: #fdecec; color: #7a1010;
  border: 1px solid #e8a1a1; border-left: 6px solid #c81e1e; border-radius: 8px; padding: 10px 12px;
  margin-bottom: 8px; font-weight: 600; }}
.ma-emergency-icon {{ font-size: 1.5em; line-height: 1; }}
.ma-emergency a {{ color: #a00000; text-decoration: underline; font-size: 1.1em; }}
.mission-panel {{ min-width: 0; font-size: 13px; justify-content: flex-start; gap: 4px !important;
  flex-wrap: nowrap !important; }}
.mission-panel > .block, .mission-panel > div {{ flex-grow: 0 !important; margin: 0 !important; }}
.ma-panel-title {{ margin: 0 0 6px 0; font-size: 14px; font-weight: 700; }}
.ma-heading {{ padding: 0 !important; }}
.ma-empty {{ color: var(--body-text-color-subdued); margin: 4px 0; }}
.ma-chips {{ display: flex; flex-wrap: wrap; gap: 4px 6px; }}
.ma-chip {{ display: inline-flex; flex-wrap: wrap; align-items: baseline; gap: 2px 4px; padding: 2px 8px;
  border-radius: 12px; background: var(--background-fill-secondary); border: 1px solid var(--border-color-primary); }}
.ma-chip small {{ color: var(--body-text-color-subdued); }}
.ma-badge {{ display: inline-block; white-space: nowrap; font-size: 11px; padding: 0 6px; border-radius: 8px;
  background: var(--background-fill-primary); border: 1px solid var(--border-color-primary); }}
.ma-negated, .ma-dropped {{ background: #f3f3f3; color: #666; }}
.ma-kept, .ma-current {{ background: #e7f6ec; color: #14532d; border-color: #a7d7b6; }}
.ma-cited {{ background: #e8effd; color: #1e3a8a; border-color: #a9bff0; }}
.ma-past {{ background: #f6f1e6; color: #6b4f12; }}
.ma-card section + section {{ margin-top: 6px; }}
.ma-card h4 {{ margin: 0 0 2px 0; font-size: 12px; color: var(--body-text-color-subdued); font-weight: 600; }}
.ma-row {{ display: flex; flex-wrap: wrap; align-items: center; gap: 2px 6px; padding: 3px 0;
  border-bottom: 1px dashed var(--border-color-primary); }}
.ma-name {{ font-weight: 600; }}
.ma-meta {{ color: var(--body-text-color-subdued); font-size: 12px; }}
.ma-decay {{ display: inline-block; width: 44px; height: 6px; border-radius: 3px; background: #e5e7eb;
  overflow: hidden; margin-left: auto; }}
.ma-decay span {{ display: block; height: 100%; background: #3b82f6; }}
.ma-doc {{ border: 1px solid var(--border-color-primary); border-radius: 8px; padding: 6px 8px; margin-bottom: 6px; }}
.ma-doc-head {{ display: flex; flex-wrap: wrap; gap: 2px 6px; align-items: baseline; }}
.ma-n {{ color: var(--body-text-color-subdued); }}
.ma-snippet {{ margin: 2px 0 0 0; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical;
  overflow: hidden; color: var(--body-text-color-subdued); }}
.ma-dropped summary {{ cursor: pointer; color: var(--body-text-color-subdued); margin: 4px 0; }}
.ma-timeline {{ list-style: none; margin: 0; padding: 0 0 0 10px; border-left: 2px solid #c7d2fe; }}
.ma-timeline li {{ margin: 0 0 6px 0; position: relative; }}
.ma-timeline li::before {{ content: ""; position: absolute; left: -15px; top: 6px; width: 8px; height: 8px;
  border-radius: 50%; background: #6366f1; }}
.ma-timeline li.ma-stop::before {{ background: #16a34a; }}
.ma-editor {{ gap: 6px; }}
@media (min-width: 1024px) {{
  #chatbot {{ height: calc(100vh - {HEADER_PX + 190}px) !important; min-height: 360px; }}
  #mission-panels .mission-panel {{ height: calc((100vh - {HEADER_PX + 40}px) / 2); min-height: 220px;
    overflow-y: auto; }}
}}
@media (max-width: 700px) {{
  .gradio-container {{ padding: 4px !important; overflow-x: hidden; }}
  #header h3 {{ font-size: 1em; }}
  #header p {{ font-size: 0.75em; }}
  #top {{ flex-wrap: wrap !important; gap: 2px; }}
  #top > * {{ min-width: 0 !important; }}
  #ui-language {{ flex: 1 1 100% !important; }}
  #ui-language label {{ padding: 2px 10px !important; font-size: 12px; }}
  #chatbot {{ height: 62vh !important; }}
  #main {{ flex-direction: column; }}
  #mission-panels .mission-panel {{ max-height: 60vh; overflow-y: auto; }}
}}
"""


def theme() -> gr.themes.Base:
    return gr.themes.Default(font=HANGUL_FONTS, font_mono=MONO_FONTS)
