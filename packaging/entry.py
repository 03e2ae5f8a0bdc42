"""The bundle's entry point: the same command line as `frostdesk` and `python -m frostdesk`.

PyInstaller freezes this script into dist/frostdesk/frostdesk (frostdesk.exe and
frostdesk-cli.exe on Windows, frostdesk.app/Contents/MacOS/frostdesk on macOS).
"""

import sys

from frostdesk.cli import main

if __name__ == "__main__":
    sys.exit(main())
