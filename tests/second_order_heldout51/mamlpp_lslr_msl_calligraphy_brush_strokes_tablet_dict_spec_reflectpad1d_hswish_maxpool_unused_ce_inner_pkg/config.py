"""MAML++ settings for few-shot brush-stroke recognition on pen-tablet recordings."""
from dataclasses import dataclass, field


def default_spec():
    # one dict per layer; built in models.build_layers
    return [
        {"type": "pad", "size": 2},
        {"type": "conv", "out": 16, "k": 5},
        {"type": "bn"},
        {"type": "act", "name": "hardswish"},
        {"type": "pad", "size": 2},
        {"type": "conv", "out": 16, "k": 5},
        {"type": "bn"},
        {"type": "act", "name": "hardswish"},
        {"type": "gap"},
        {"type": "fc"},
    ]


@dataclass
class MAMLPPConfig:
    channels: int = 3            # x, y, pressure
    seq_len: int = 40
    n_way: int = 4               # dot, horizontal, vertical, hook
    k_shot: int = 3
    q_query: int = 5
    inner_steps: int = 3
    init_inner_lr: float = 0.1
    meta_lr: float = 1e-3
    epochs: int = 2
    iters_per_epoch: int = 2
    meta_batch: int = 2
    second_order: bool = True
    first_order_to_second_order_epoch: int = -1   # derivative-order annealing (-1: second order from the start)
    use_multi_step_loss: bool = True
    msl_epochs: int = 10
    seed: int = 3
    spec: list = field(default_factory=default_spec)
