"""Hive weight experiment options: plain Python, edit in place."""
import dataclasses


@dataclasses.dataclass(frozen=True)
class HiveOpts:
    units: int = 12
    kind: str = "relu6"
    inner_lr: float = 0.1
    tasks: int = 2


HIVE = HiveOpts()
