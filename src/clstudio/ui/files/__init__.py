"""The File menu's work: new, open, examples, recent files, save, and their dialogs."""
