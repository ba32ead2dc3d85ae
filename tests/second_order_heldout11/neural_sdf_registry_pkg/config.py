from dataclasses import dataclass, field


@dataclass
class FieldConfig:
    arch: str = "sdf_mlp"
    act: str = "softplus"
    hidden: int = 64
    layers: int = 4
    skip_in: tuple = (2,)
    color_act: str = "hswish"


@dataclass
class TrainConfig:
    steps: int = 3
    batch: int = 128
    lr: float = 5e-4
    eikonal_weight: float = 0.1
    field: FieldConfig = field(default_factory=FieldConfig)
