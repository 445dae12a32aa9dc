"""The Host code tab: the session's complete host program, step by step, and its export."""
