"""The arguments form: one row per kernel argument, the NDRange, and the index space."""

from clstudio.ui.args.args_panel import ArgsPanel
from clstudio.ui.args.index_space_view import IndexSpaceView
from clstudio.ui.args.ndrange_editor import NDRangeEditor

__all__ = ["ArgsPanel", "IndexSpaceView", "NDRangeEditor"]
