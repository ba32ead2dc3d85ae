"""Few-shot regression of wood-pellet stove flue temperature curves: every stove model /
pellet batch is a task; the support set is a few minutes of the ignition curve."""
from dataclasses import dataclass, field


@dataclass
class MetaConfig:
    order: int = 1                 # 1 = first-order MAML (FOMAML), 2 = full MAML
    inner_lr: float = 0.05
    inner_steps: int = 3
    meta_lr: float = 1e-3
    meta_batch: int = 3
    epochs: int = 2
    k_support: int = 6
    k_query: int = 10
    seq: int = 16
    arch: str = "conv_head"
    layers: list = field(default_factory=lambda: [
        ("conv", "Conv1d", {"in_channels": 2, "out_channels": 8, "kernel_size": 3, "padding": 1}),
        ("act1", "PReLU", {"num_parameters": 8}),
        ("pool", "AdaptiveAvgPool1d", {"output_size": 4}),
        ("flat", "Flatten", {}),
        ("fc", "Linear", {"in_features": 32, "out_features": 16}),
        ("act2", "SELU", {}),
        ("out", "Linear", {"in_features": 16, "out_features": 1}),
    ])


CFG = MetaConfig()
