"""The results of a run: the bottom dock's tabs, each in a folder with its views.

outputs/ (the Outputs tab, references, export), viewers/ (a buffer as line, image,
histogram or table), timings/ (the Timings tab, its plots and history), roofline/, and
here the dock itself, the Console and Local size tabs, the error banner, the plots'
style and hover (plot_hover), and result_view: the one shape every tab of a run has.
Import each panel from its module. These files import nothing, so the Qt-free modules
here (viewers.buffer_layout) load without Qt.
"""
