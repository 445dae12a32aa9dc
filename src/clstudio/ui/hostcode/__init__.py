"""The Host code tab: the session's complete host program, step by step, and its export
dialog; modes/host_code_controller keeps them in step with the workbench's session."""
