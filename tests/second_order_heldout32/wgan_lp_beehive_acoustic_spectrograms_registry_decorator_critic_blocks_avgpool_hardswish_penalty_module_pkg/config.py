from dataclasses import dataclass, field


@dataclass
class GANConfig:
    n_mels: int = 16
    frames: int = 16
    z_dim: int = 12
    critic_blocks: list = field(default_factory=lambda: ["conv_hswish", "down", "conv_hswish", "down"])
    width: int = 8
    lp_weight: float = 10.0
    n_critic: int = 2
    steps: int = 2
    lr: float = 1e-4
