"""`python -m ms_scan` is the `ms-scan` command."""
from ms_scan.cli import main

if __name__ == "__main__":
    main()
