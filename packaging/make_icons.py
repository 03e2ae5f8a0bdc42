#!/usr/bin/env python3
"""Render resources/app-icon.svg into the platform icon files.

Writes, under the output folder (default: packaging/icons/ next to this script):

* ``png/frostdesk-<N>.png`` for N in 16, 24, 32, 48, 64, 128, 256, 512, 1024
* ``frostdesk.ico``  - Windows icon, PNG-compressed entries 16..256
* ``frostdesk.icns`` - macOS icon, PNG entries ic07..ic14

Only the standard library and PySide6 are used; rendering runs offscreen
(QT_QPA_PLATFORM=offscreen unless the caller set something else), so it works
on a headless build machine.

Usage: python packaging/make_icons.py [--out DIR] [--svg FILE]
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DEFAULT_SVG = REPO / "resources" / "app-icon.svg"
DEFAULT_OUT = HERE / "icons"

PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, and the pixel size each one expects.
ICNS_TYPES = (
    (b"ic11", 32),    # 16x16@2x
    (b"ic12", 64),    # 32x32@2x
    (b"ic07", 128),   # 128x128
    (b"ic13", 256),   # 128x128@2x
    (b"ic08", 256),   # 256x256
    (b"ic14", 512),   # 256x256@2x
    (b"ic09", 512),   # 512x512
    (b"ic10", 1024),  # 512x512@2x
)
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def render_png(renderer: QSvgRenderer, size: int) -> bytes:
    """Render the SVG at size x size pixels and return PNG bytes."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    renderer.render(painter)
    painter.end()
    image = image.convertToFormat(QImage.Format.Format_ARGB32)

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise RuntimeError(f"could not encode the {size}px PNG")
    buffer.close()
    png = bytes(data.data())
    if not png.startswith(PNG_MAGIC):
        raise RuntimeError(f"the {size}px render is not a PNG")
    return png


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    return struct.unpack(">II", png[16:24])


def build_ico(pngs: dict[int, bytes]) -> bytes:
    """An ICO container whose entries are PNG streams (Windows Vista and later)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))  # reserved, type 1 = icon, count
    offset = len(header) + 16 * len(sizes)
    directory = b""
    payload = b""
    for size in sizes:
        data = pngs[size]
        dim = 0 if size >= 256 else size  # 0 means 256 in the directory
        directory += struct.pack(
            "<BBBBHHII",
            dim,        # width
            dim,        # height
            0,          # colours in palette (none)
            0,          # reserved
            1,          # colour planes
            32,         # bits per pixel
            len(data),  # size of the image data
            offset,     # where the image data starts
        )
        payload += data
        offset += len(data)
    return header + directory + payload


def build_icns(pngs: dict[int, bytes]) -> bytes:
    """An ICNS container with PNG elements."""
    body = b""
    for ostype, size in ICNS_TYPES:
        data = pngs[size]
        body += ostype + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def check_ico(blob: bytes, expected: dict[int, bytes]) -> None:
    reserved, kind, count = struct.unpack("<HHH", blob[:6])
    assert (reserved, kind, count) == (0, 1, len(expected)), "bad ICO header"
    for i in range(count):
        w, h, _, _, planes, bpp, length, offset = struct.unpack(
            "<BBBBHHII", blob[6 + 16 * i: 22 + 16 * i])
        data = blob[offset: offset + length]
        size = png_size(data)[0]
        assert data.startswith(PNG_MAGIC), "ICO entry is not PNG"
        assert (w or 256) == size and (h or 256) == size, "ICO entry size mismatch"
        assert data == expected[size]


def check_icns(blob: bytes) -> None:
    assert blob[:4] == b"icns" and struct.unpack(">I", blob[4:8])[0] == len(blob), "bad ICNS header"
    pos, seen = 8, []
    while pos < len(blob):
        ostype, length = blob[pos: pos + 4], struct.unpack(">I", blob[pos + 4: pos + 8])[0]
        data = blob[pos + 8: pos + length]
        assert data.startswith(PNG_MAGIC), f"ICNS {ostype!r} is not PNG"
        assert png_size(data)[0] == dict(ICNS_TYPES)[ostype], f"ICNS {ostype!r} size mismatch"
        seen.append(ostype)
        pos += length
    assert pos == len(blob) and seen == [t for t, _ in ICNS_TYPES], "ICNS elements incomplete"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"output folder (default: {DEFAULT_OUT.relative_to(REPO)})")
    parser.add_argument("--svg", type=Path, default=DEFAULT_SVG,
                        help=f"source SVG (default: {DEFAULT_SVG.relative_to(REPO)})")
    args = parser.parse_args(argv)

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841

    renderer = QSvgRenderer(str(args.svg))
    if not renderer.isValid():
        print(f"error: cannot read SVG {args.svg}", file=sys.stderr)
        return 1

    out = args.out.resolve()
    png_dir = out / "png"
    png_dir.mkdir(parents=True, exist_ok=True)

    pngs: dict[int, bytes] = {}
    for size in PNG_SIZES:
        data = render_png(renderer, size)
        assert png_size(data) == (size, size)
        pngs[size] = data
        (png_dir / f"frostdesk-{size}.png").write_bytes(data)

    ico = build_ico({s: pngs[s] for s in ICO_SIZES})
    check_ico(ico, {s: pngs[s] for s in ICO_SIZES})
    (out / "frostdesk.ico").write_bytes(ico)

    icns = build_icns(pngs)
    check_icns(icns)
    (out / "frostdesk.icns").write_bytes(icns)

    print(f"wrote {len(PNG_SIZES)} PNGs to {png_dir}")
    print(f"wrote {out / 'frostdesk.ico'} ({len(ICO_SIZES)} sizes, {len(ico)} bytes)")
    print(f"wrote {out / 'frostdesk.icns'} ({len(ICNS_TYPES)} elements, {len(icns)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
