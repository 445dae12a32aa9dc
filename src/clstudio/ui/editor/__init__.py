"""The kernel editor: source editing, live building and where the compiler's messages go."""
