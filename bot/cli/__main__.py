"""`python -m bot.cli`: the `rulesbot` command without the installed script."""

import sys

from bot.cli import main

sys.exit(main())
