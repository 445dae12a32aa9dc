"""What the window does with the workbench's session besides a run: check and debug on
Oclgrind (oclgrind_mode holds what they share), step mode, and the Host code tab with
its export. Each takes the Workbench and drives panels below it, so this package sits
above workbench.py and below the actions and the main window."""
