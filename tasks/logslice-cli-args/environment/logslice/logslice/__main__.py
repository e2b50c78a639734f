import sys

from logslice.cli import main

sys.exit(main())
