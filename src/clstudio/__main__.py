"""`python -m clstudio` is the `clstudio` command."""

import sys

from clstudio.cli import main

sys.exit(main())
