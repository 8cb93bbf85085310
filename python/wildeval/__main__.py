import sys

from wildeval.cli import main

sys.exit(main())
