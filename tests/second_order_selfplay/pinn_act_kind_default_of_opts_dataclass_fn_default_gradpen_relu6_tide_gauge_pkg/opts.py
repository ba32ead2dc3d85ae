"""Options of the tide-gauge PINN (a dataclass, no framework import)."""
from dataclasses import dataclass


@dataclass(frozen=True)
class TideOpts:
    kind: str = "relu6"
    width: int = 12
    rounds: int = 2
