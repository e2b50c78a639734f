"""``python -m realcli.environments``: build missing or outdated base images."""

from realcli.environments._build import main

raise SystemExit(main())
