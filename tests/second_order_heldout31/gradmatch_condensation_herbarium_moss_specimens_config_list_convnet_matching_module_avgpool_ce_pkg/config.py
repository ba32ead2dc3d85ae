from dataclasses import dataclass, field


@dataclass(frozen=True)
class CondenseConfig:
    n_classes: int = 3
    ipc: int = 2  # synthetic images per class
    img: int = 16
    channels: tuple = (8, 16)
    outer_loops: int = 2
    inner_nets: int = 2
    lr_img: float = 0.1
    lr_net: float = 0.01
    layer_weights: dict = field(default_factory=lambda: {"conv": 1.0, "fc": 1.0})


CFG = CondenseConfig()
