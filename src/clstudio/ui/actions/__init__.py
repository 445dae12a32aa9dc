"""The window's commands: one `Action` record each, with its handler and its places in the
menus and the toolbar, which are built from the records. A new command is one record."""
