"""The `clstudio` command: the app by default, and one module per terminal command."""

from clstudio.cli.main import main

__all__ = ["main"]
