"""``python -m realcli.environments``: build missing or outdated base images."""

from realcli.environments import main

raise SystemExit(main())
