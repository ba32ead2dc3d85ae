"""Run configuration for sliced score matching on bagpipe drone reed pressure transients."""
from dataclasses import dataclass, field


@dataclass
class DataConfig:
    length: int = 48          # samples per onset window (resampled to 2 kHz)
    n_windows: int = 256
    drones: tuple = ("tenor_a", "tenor_b", "bass")


@dataclass
class SSMConfig:
    data: DataConfig = field(default_factory=DataConfig)
    channels: int = 8
    act: str = "gelu_tanh"        # key of models.ACTIVATIONS
    objective: str = "ssm"        # key of losses.OBJECTIVES ("ssm" | "dsm")
    n_projections: int = 2
    create_graph: bool = True     # needed so the projected Jacobian term trains the net
    dsm_sigma: float = 0.1
    lr: float = 1e-3
    batch: int = 32
    steps: int = 6
    seed: int = 3


CFG = SSMConfig()
