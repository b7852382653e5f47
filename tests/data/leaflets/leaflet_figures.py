"""The figures of the team's test leaflets, drawn with pillow in memory: a chart, a flow, a device, a dosing day.

Deterministic (fixed sizes, fixed fonts, no randomness), so the leaflets that embed them are byte-stable.
``make_leaflets.py`` renders the leaflets; ``leaflet_texts.py`` holds their words.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path("/usr/share/fonts/truetype/nanum")
REGULAR_TTF = FONT_DIR / "NanumGothic.ttf"
BOLD_TTF = FONT_DIR / "NanumGothicBold.ttf"


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(BOLD_TTF if bold else REGULAR_TTF), size)


def _arrow(d: ImageDraw.ImageDraw, points: list[tuple[int, int]], color: tuple[int, int, int] = (60, 60, 60)) -> None:
    """A polyline with an arrowhead at its last point."""
    d.line(points, fill=color, width=5, joint="curve")
    (x0, y0), (x1, y1) = points[-2], points[-1]
    size = 18
    if x1 != x0:
        s = 1 if x1 > x0 else -1
        head = [(x1, y1), (x1 - s * size, y1 - size // 1.6), (x1 - s * size, y1 + size // 1.6)]
    else:
        s = 1 if y1 > y0 else -1
        head = [(x1, y1), (x1 - size // 1.6, y1 - s * size), (x1 + size // 1.6, y1 - s * size)]
    d.polygon([(int(a), int(b)) for a, b in head], fill=color)


def draw_inr_chart() -> Image.Image:
    """Ten weekly INR results around a shaded 2.0-3.0 band."""
    w, h = 1400, 600
    img = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(img)
    left, right, top, bottom = 120, 1360, 40, 500
    lo, hi = 1.0, 4.5

    def y(v: float) -> int:
        return int(bottom - (v - lo) / (hi - lo) * (bottom - top))

    d.rectangle([left, y(3.0), right, y(2.0)], fill=(214, 239, 219))
    f = font(30)
    for v in (1.0, 2.0, 3.0, 4.0):
        d.line([left, y(v), right, y(v)], fill=(210, 210, 210), width=2)
        d.text((left - 20, y(v)), f"{v:.1f}", font=f, fill="black", anchor="rm")
    d.line([left, top, left, bottom, right, bottom], fill="black", width=3)
    values = [1.4, 1.8, 2.3, 2.6, 3.5, 2.8, 2.5, 1.7, 2.4, 2.6]
    step = (right - left) / len(values)
    pts = [(int(left + step * (i + 0.5)), y(v)) for i, v in enumerate(values)]
    d.line(pts, fill=(120, 120, 120), width=4)
    for i, ((px, py), v) in enumerate(zip(pts, values, strict=True)):
        color = (30, 80, 160) if 2.0 <= v <= 3.0 else (200, 40, 40) if v > 3.0 else (230, 140, 20)
        d.ellipse([px - 13, py - 13, px + 13, py + 13], fill=color)
        d.text((px, bottom + 30), str(i + 1), font=f, fill="black", anchor="mm")
    d.text(((left + right) // 2, bottom + 75), "Week", font=font(32, True), fill="black", anchor="mm")
    d.text((left, top - 10), "INR", font=font(32, True), fill="black", anchor="ls")
    d.text((left + 20, y(2.5)), "target range", font=f, fill=(30, 110, 50), anchor="lm")
    return img


def draw_bp_week() -> Image.Image:
    """Seven days of morning and evening systolic readings as grouped bars, with a dashed 135 line."""
    w, h = 1400, 620
    img = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(img)
    left, right, top, bottom = 130, 1360, 70, 520
    lo, hi = 100, 160

    def y(v: float) -> int:
        return int(bottom - (v - lo) / (hi - lo) * (bottom - top))

    f = font(30)
    for v in range(lo, hi + 1, 20):
        d.line([left, y(v), right, y(v)], fill=(215, 215, 215), width=2)
        d.text((left - 15, y(v)), str(v), font=f, fill="black", anchor="rm")
    readings = [(152, 146), (137, 131), (134, 129), (131, 128), (133, 127), (130, 126), (132, 128)]
    group = (right - left) / len(readings)
    for i, (am, pm) in enumerate(readings):
        x = left + group * i + group * 0.18
        bw = group * 0.3
        d.rectangle([int(x), y(am), int(x + bw), bottom], fill=(31, 78, 140))
        d.rectangle([int(x + bw), y(pm), int(x + 2 * bw), bottom], fill=(140, 180, 225))
        d.text((int(x + bw), bottom + 30), f"{i + 1}일", font=f, fill="black", anchor="mm")
    for x in range(left, right, 30):   # dashed reference line
        d.line([x, y(135), x + 16, y(135)], fill=(200, 40, 40), width=3)
    d.text((right, y(135) - 8), "135", font=f, fill=(200, 40, 40), anchor="rb")
    d.line([left, top, left, bottom, right, bottom], fill="black", width=3)
    d.text((left, top - 25), "수축기 혈압 (mmHg)", font=font(30, True), fill="black", anchor="ls")
    for j, (label, color) in enumerate((("아침", (31, 78, 140)), ("저녁", (140, 180, 225)))):
        lx = 1020 + j * 170
        d.rectangle([lx, 22, lx + 34, 52], fill=color)
        d.text((lx + 45, 37), label, font=f, fill="black", anchor="lm")
    return img


def draw_inhaler_spacer() -> Image.Image:
    """A pressurised inhaler (canister in an L-shaped body) fitted into a spacer tube."""
    w, h = 1400, 560
    img = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(img)
    outline = (50, 50, 50)
    d.rounded_rectangle([150, 60, 250, 240], radius=30, fill=(200, 60, 60), outline=outline, width=4)  # canister
    d.rounded_rectangle([130, 200, 270, 470], radius=28, fill=(70, 120, 190), outline=outline, width=4)  # body
    d.rectangle([250, 330, 420, 430], fill=(70, 120, 190), outline=outline, width=4)  # inhaler mouthpiece
    d.rounded_rectangle([400, 250, 1180, 510], radius=120, fill=(225, 236, 245), outline=outline, width=4)
    d.rectangle([1180, 340, 1290, 420], fill=(180, 200, 215), outline=outline, width=4)  # spacer mouthpiece
    for i, x in enumerate(range(500, 1080, 70)):  # the puff of medicine
        r = 10 + (i % 3) * 4
        cy = 380 + (-30 if i % 2 else 30)
        d.ellipse([x - r, cy - r, x + r, cy + r], fill=(150, 150, 150))
    _arrow(d, [(1300, 380), (1380, 380)])
    f = font(32)
    d.text((280, 90), "canister", font=f, fill="black", anchor="lm")
    d.text((120, 520), "inhaler", font=f, fill="black", anchor="lm")
    d.text((790, 215), "spacer", font=f, fill="black", anchor="mm")
    d.text((1240, 460), "mouthpiece", font=f, fill="black", anchor="mt")
    return img


def draw_15_15_flow() -> Image.Image:
    """The 15-15 rule as a flow: check, below 70?, 15 g of sugar, wait 15 minutes, check again (loop)."""
    w, h = 1400, 560
    img = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(img)
    f, fb = font(32), font(32, True)
    boxes = {
        "check": ((30, 150, 290, 260), "혈당 측정", (235, 242, 250)),
        "low": ((370, 150, 650, 260), "70 mg/dL 미만?", (255, 236, 214)),
        "eat": ((740, 150, 1010, 260), "당질 15 g 섭취", (235, 242, 250)),
        "wait": ((1090, 150, 1370, 260), "15분 후 다시 측정", (235, 242, 250)),
        "snack": ((370, 400, 650, 510), "간식 또는 식사", (222, 240, 222)),
    }
    for (x0, y0, x1, y1), text, fill in boxes.values():
        d.rounded_rectangle([x0, y0, x1, y1], radius=22, fill=fill, outline=(60, 60, 60), width=4)
        d.text(((x0 + x1) // 2, (y0 + y1) // 2), text, font=fb, fill="black", anchor="mm")
    _arrow(d, [(290, 205), (370, 205)])
    _arrow(d, [(650, 205), (740, 205)])
    d.text((695, 190), "예", font=f, fill="black", anchor="mb")
    _arrow(d, [(1010, 205), (1090, 205)])
    _arrow(d, [(1230, 150), (1230, 70), (510, 70), (510, 150)])
    d.text((870, 62), "다시 확인", font=f, fill="black", anchor="mb")
    _arrow(d, [(510, 260), (510, 400)])
    d.text((525, 330), "아니요", font=f, fill="black", anchor="lm")
    return img


def draw_dose_day() -> Image.Image:
    """A 24-hour line with four paracetamol doses at 8, 12, 16 and 20 o'clock."""
    w, h = 1400, 300
    img = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(img)
    left, right, axis = 80, 1320, 140

    def x(hour: float) -> int:
        return int(left + hour / 24 * (right - left))

    d.rectangle([x(0), axis - 40, x(8), axis + 40], fill=(232, 232, 240))
    d.rectangle([x(20), axis - 40, x(24), axis + 40], fill=(232, 232, 240))
    d.line([left, axis, right, axis], fill="black", width=4)
    f = font(30)
    for hour in range(0, 25, 4):
        d.line([x(hour), axis - 12, x(hour), axis + 12], fill="black", width=3)
        d.text((x(hour), axis + 60), f"{hour:02d}:00", font=f, fill="black", anchor="mt")
    for n, hour in enumerate((8, 12, 16, 20), start=1):
        cx = x(hour)
        d.rounded_rectangle([cx - 40, axis - 22, cx + 40, axis + 22], radius=22, fill=(240, 240, 240),
                            outline=(30, 80, 160), width=5)
        d.text((cx, axis - 60), f"dose {n}", font=font(30, True), fill=(30, 80, 160), anchor="mb")
    d.text((x(4), axis - 60), "sleep", font=f, fill=(110, 110, 110), anchor="mb")
    return img
