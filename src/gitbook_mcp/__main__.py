"""Allow ``python -m gitbook_mcp``."""

from gitbook_mcp.cli import main

if __name__ == "__main__":
    main()
