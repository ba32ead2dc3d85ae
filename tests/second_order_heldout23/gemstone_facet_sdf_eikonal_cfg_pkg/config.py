from dataclasses import dataclass, field


@dataclass
class SDFConfig:
    hidden: int = 64
    depth: int = 3
    activation: str = "softplus"
    color_activation: str = "relu6"
    eikonal_weight: float = 0.1
    n_freq: int = 4
    extra: dict = field(default_factory=dict)
