from dataclasses import dataclass, field


@dataclass
class PotentialConfig:
    dim: int = 2
    hidden: int = 64
    depth: int = 3
    act: str = "softplus"


@dataclass
class OTConfig:
    potential: PotentialConfig = field(default_factory=PotentialConfig)
    lr: float = 1e-3
    batch: int = 64
    steps: int = 2
