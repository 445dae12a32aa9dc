"""The Compiler tab: IR and assembly listings tied to the source, the summary, builds compared.

Import each widget from its module.
"""
