"""``python -m backend`` is the ``answerbase`` command."""

from backend.cli import main

raise SystemExit(main())
