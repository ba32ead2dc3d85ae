"""Fresco plaster moisture from active-thermography cooling curves."""
from dataclasses import dataclass, field


@dataclass
class HookCfg:
    edge_pad: int = 2              # replicate padding inserted by a forward_pre_hook before the stem conv
    shrink_lambda: float = 0.05    # soft-threshold inserted by a forward hook after the first block
    capture_block: int = 1         # block whose output feeds the decorrelation term
    moisture_max: float = 6.0      # wt%; the exported EMA model clips its output to [0, 6]


@dataclass
class Cfg:
    length: int = 40
    channels: int = 16
    steps: int = 4
    batch: int = 12
    lr: float = 2e-3
    jac_lambda: float = 0.1
    decor_weight: float = 0.01
    ema_decay: float = 0.9
    hooks: HookCfg = field(default_factory=HookCfg)
