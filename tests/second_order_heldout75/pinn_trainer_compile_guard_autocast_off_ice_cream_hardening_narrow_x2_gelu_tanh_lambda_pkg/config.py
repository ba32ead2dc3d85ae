from dataclasses import dataclass


@dataclass
class PinnConfig:
    width: int = 32
    depth: int = 3
    act: str = "gelu_tanh"
    n_modes: int = 4
    alpha: float = 0.12          # thermal diffusivity of the frozen mix, scaled units
    n_colloc: int = 128
    n_bc: int = 32
    steps: int = 6
    lr: float = 2e-3
    amp: bool = True             # bf16 autocast for the data terms only
    compile: bool = False        # torch.compile the network (needs a recent toolchain)
    ema_decay: float = 0.9
    log_activations: bool = True
