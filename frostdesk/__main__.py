"""`python -m frostdesk` runs the same command line as `frostdesk`."""

from frostdesk.cli import main

raise SystemExit(main())
